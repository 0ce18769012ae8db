import type { Section } from '@adstudio/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { creativeKeys } from '../../../api/creative-keys';
import type { PickerOption } from '../../../components/ui/search-picker';
import { api } from '../../../lib/api-client';
import { getCollection } from '../../../lib/get-data';
import type { ResourceKeys } from '../../../lib/resource-keys';

/** How many matches a picker offers (the first by name). */
export const PICKER_OPTIONS_LIMIT = 20;

/**
 * The matches a SearchPicker offers for another section's items: `GET /v1/{section}/?filter=…`, the
 * first by name, as id and name. The campaign and profile pickers of the creative form share it.
 */
export function searchOptions(section: Section, schema: z.ZodType<PickerOption>) {
  const search = async (filter: string): Promise<PickerOption[]> => {
    const params = {
      'sort-by': 'name',
      'items-per-page': PICKER_OPTIONS_LIMIT,
      ...(filter ? { filter } : {}),
    };
    const list = await getCollection(schema, api.get(`/v1/${section}/`, { params }));
    return list.data.map(({ id, name }) => ({ id, name }));
  };
  const options = (filter: string) =>
    queryOptions({
      queryKey: [...creativeKeys.all, `${section}-options`, filter] as const,
      queryFn: () => search(filter),
    });
  const useOptions = (filter: string, enabled: boolean) =>
    useQuery({ ...options(filter), enabled, placeholderData: keepPreviousData });
  return { search, queryOptions: options, useOptions };
}

/**
 * The item a picker holds, by id: the section's `GET path/{id}` (its resourceApi), parsed whole. Its
 * key sits under that section's item, so a rename there refreshes the name shown here.
 */
export function itemOption<T extends PickerOption>(section: {
  keys: Pick<ResourceKeys, 'detail'>;
  get: (id: number) => Promise<T>;
}) {
  const options = (id: number) =>
    queryOptions({
      queryKey: [...section.keys.detail(id), 'option'] as const,
      queryFn: () => section.get(id),
    });
  const useOption = (id: number | null | undefined) =>
    useQuery({ ...options(id ?? 0), enabled: Boolean(id) });
  return { get: section.get, queryOptions: options, useOption };
}
