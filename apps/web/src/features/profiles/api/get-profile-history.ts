import { type HistoryEntry, HistoryEntrySchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

const ResponseSchema = z.object({ data: z.array(HistoryEntrySchema) });

/** GET /v1/profiles/{id}/history → the audit entries, newest first. */
export async function getProfileHistory(id: number): Promise<HistoryEntry[]> {
  return ResponseSchema.parse((await api.get(`/v1/profiles/${id}/history`)).data).data;
}

export const profileHistoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: profileKeys.history(id), queryFn: () => getProfileHistory(id), staleTime: 0 });

export const useProfileHistory = (id: number) => useQuery(profileHistoryQueryOptions(id));
