import {
  type QaFindingKind,
  type QaRun,
  type QaRunDetailResponse,
  QaRunDetailResponseSchema,
  QaRunSchema,
  type QaSeverity,
} from '@adstudio/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { creativeKeys } from '../../../api/creative-keys';
import { api } from '../../../lib/api-client';
import { getCollection, getData } from '../../../lib/get-data';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { isOpen } from '../qa-format';

/** How often an open run is read while it is queued or running. */
export const QA_POLL_MS = 2000;
/** How often the status's chip reads the newest run while it runs (the tab reads it faster). */
const CHIP_POLL_MS = 5000;

/**
 * A creative's runs live under the creative's keys: its writes (a package approved, a new feed
 * filter) may make a run stale (`current`), so they read the runs again.
 */
export const qaKeys = {
  all: (creativeId: number) => creativeKeys.related(creativeId, 'qa-runs'),
  list: (creativeId: number, perPage: number) => [...qaKeys.all(creativeId), 'list', perPage] as const,
  run: (creativeId: number, runId: number, query: QaRunPageQuery) =>
    [...qaKeys.all(creativeId), 'run', runId, query] as const,
};

const runsUrl = (creativeId: number) => `/v1/creatives/${creativeId}/qa-runs`;

/** GET /v1/creatives/{id}/qa-runs → the newest `perPage` runs, newest first. */
export const getQaRuns = (creativeId: number, perPage: number) =>
  getCollection(
    QaRunSchema,
    api.get(runsUrl(creativeId), { params: { page: 1, 'items-per-page': perPage } }),
  );

/** The newest runs of a creative: the tab's list (`perPage` 10), the status's chip (1). */
export function useQaRuns(creativeId: number, perPage: number, { poll = false, enabled = true } = {}) {
  return useQuery({
    queryKey: qaKeys.list(creativeId, perPage),
    queryFn: () => getQaRuns(creativeId, perPage),
    enabled,
    refetchInterval: (query) => (poll && isOpen(query.state.data?.data[0]) ? CHIP_POLL_MS : false),
  });
}

/** What page of a run's findings is asked for, narrowed by kind and severity. */
export interface QaRunPageQuery {
  page: number;
  perPage: number;
  kind: QaFindingKind | null;
  severity: QaSeverity | null;
}

/** GET /v1/creatives/{id}/qa-runs/{runId} → the run, a page of its findings and its counts. */
export const getQaRun = async (
  creativeId: number,
  runId: number,
  query: QaRunPageQuery,
): Promise<QaRunDetailResponse> =>
  QaRunDetailResponseSchema.parse(
    (
      await api.get(`${runsUrl(creativeId)}/${runId}`, {
        params: {
          page: query.page,
          'items-per-page': query.perPage,
          ...(query.kind ? { kind: query.kind } : {}),
          ...(query.severity ? { severity: query.severity } : {}),
        },
      })
    ).data,
  );

/**
 * One run with a page of its findings, read every 2 s while it is queued or running; when it ends,
 * the creative's other run queries (the list, the status's chip) are read again.
 */
export function useQaRun(creativeId: number, runId: number | null, query: QaRunPageQuery) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: qaKeys.run(creativeId, runId ?? 0, query),
    queryFn: async () => {
      const before = queryClient.getQueryData<QaRunDetailResponse>(qaKeys.run(creativeId, runId ?? 0, query));
      const answer = await getQaRun(creativeId, runId ?? 0, query);
      if (isOpen(before?.data) && !isOpen(answer.data)) {
        void queryClient.invalidateQueries({
          queryKey: qaKeys.all(creativeId),
          predicate: (cached) => cached.queryKey[4] !== 'run' || cached.queryKey[5] !== runId,
        });
      }
      return answer;
    },
    enabled: runId !== null,
    placeholderData: (previous) => (previous?.data.id === runId ? previous : undefined),
    refetchInterval: (current) => (isOpen(current.state.data?.data) ? QA_POLL_MS : false),
  });
}

/** POST /v1/creatives/{id}/qa-runs → 202 the queued run; 409 while one runs, 422 without an approved package. */
export const startQaRun = ({ creativeId }: { creativeId: number }): Promise<QaRun> =>
  getData(QaRunSchema, api.post(runsUrl(creativeId)));

/** A refused start raises the banner with the server's words (409, 422, 403). */
export const useStartQaRun = () =>
  useInvalidatingMutation(startQaRun, ({ creativeId }) => [qaKeys.all(creativeId)]);

/** POST /v1/creatives/{id}/qa-runs/{runId}/cancel → the run, `cancelled`; 409 once it has ended. */
export const cancelQaRun = ({ creativeId, runId }: { creativeId: number; runId: number }): Promise<QaRun> =>
  getData(QaRunSchema, api.post(`${runsUrl(creativeId)}/${runId}/cancel`));

export const useCancelQaRun = () =>
  useInvalidatingMutation(cancelQaRun, ({ creativeId }) => [qaKeys.all(creativeId)]);
