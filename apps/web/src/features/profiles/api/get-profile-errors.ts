import { type ProfileIssue, ProfileIssueSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, withParams } from '../../../lib/api-client';
import { profileKeys } from './keys';

const ResponseSchema = z.object({ data: z.array(ProfileIssueSchema) });

/** The errors page's filters; absent means all. */
export interface IssueFilter {
  severity?: 'error' | 'warning' | undefined;
  column?: string | undefined;
}

const params = (filter: IssueFilter) => {
  const query: Record<string, string> = {};
  if (filter.severity) query.severity = filter.severity;
  if (filter.column) query.column = filter.column;
  return query;
};

/** GET /v1/profiles/{id}/errors (?severity, ?column) → the last sync's issues, sheet order. */
export async function getProfileErrors(id: number, filter: IssueFilter): Promise<ProfileIssue[]> {
  return ResponseSchema.parse((await api.get(`/v1/profiles/${id}/errors`, { params: params(filter) })).data)
    .data;
}

/** The same issues as a CSV download, for a plain link (the browser sends the session cookie). */
export const profileErrorsCsvUrl = (id: number, filter: IssueFilter): string =>
  withParams(`${api.defaults.baseURL}/v1/profiles/${id}/errors`, { format: 'csv', ...params(filter) });

export const profileErrorsQueryOptions = (id: number, filter: IssueFilter) =>
  queryOptions({
    queryKey: profileKeys.errors(id, params(filter)),
    queryFn: () => getProfileErrors(id, filter),
  });

export const useProfileErrors = (id: number, filter: IssueFilter) =>
  useQuery(profileErrorsQueryOptions(id, filter));
