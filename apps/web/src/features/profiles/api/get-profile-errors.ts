import { ProfileIssueSchema } from '@adstudio/contract';
import { profileKeys } from '../../../api/profiles';
import { api, withParams } from '../../../lib/api-client';
import { wholeListQuery } from '../../../lib/list-api';

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
const profileErrors = (id: number) =>
  wholeListQuery(
    { list: (query) => profileKeys.errors(id, query) },
    ProfileIssueSchema,
    `/v1/profiles/${id}/errors`,
  );

/** The same issues as a CSV download, for a plain link (the browser sends the session cookie). */
export const profileErrorsCsvUrl = (id: number, filter: IssueFilter): string =>
  withParams(`${api.defaults.baseURL}/v1/profiles/${id}/errors`, { format: 'csv', ...params(filter) });

export const useProfileErrors = (id: number, filter: IssueFilter) =>
  profileErrors(id).useList(params(filter));
