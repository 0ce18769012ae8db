import { useQuery } from '@tanstack/react-query';
import { dataSourcesApi } from '../../../api/data-sources';
import type { PickerOption } from '../../../components/ui/search-picker';
import { dataValueText } from '../data-source-format';

/** How many matches a picker offers. */
const PICKER_PAGE = 20;

const option = (source: { id: number; name: string; value: unknown }): PickerOption => ({
  id: source.id,
  name: source.name,
  detail: `Current value: ${dataValueText(source.value as never)}`,
});

/** The data sources whose name matches, with their current value, for a picker (shares the list's cache). */
export const useDataSourceOptions = (search: string, enabled: boolean) =>
  useQuery({
    ...dataSourcesApi.listQueryOptions({ filter: search, 'items-per-page': PICKER_PAGE, 'sort-by': 'name' }),
    enabled,
    select: (list) => list.data.map(option),
  });

/** The chosen data source as a picker shows it. */
export const useDataSourceOption = (id: number | null | undefined) =>
  useQuery({
    ...dataSourcesApi.itemQueryOptions(id ?? 0),
    enabled: typeof id === 'number' && id > 0,
    select: option,
  });
