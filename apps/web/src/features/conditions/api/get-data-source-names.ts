import { useQuery } from '@tanstack/react-query';
import { dataSourcesApi } from '../../../api/data-sources';
import { useCanAccess } from '../../../lib/access';

const NO_NAMES: ReadonlyMap<number, string> = new Map();

/** Every data source's name by id, so sentences about conditions name them ("Weather Paris is …"). */
export function useDataSourceNames(): ReadonlyMap<number, string> {
  // The creative simulator is also shown to users without the conditions section: no names then.
  const allowed = useCanAccess('conditions', 'read');
  const all = useQuery({
    ...dataSourcesApi.listQueryOptions({ 'items-per-page': -1, 'sort-by': 'name' }),
    enabled: allowed,
    select: (list) => new Map(list.data.map((source) => [source.id, source.name])),
  });
  return all.data ?? NO_NAMES;
}
