import { type RefusalLog, SafeFetchError, safeFetch } from '../../net/safe-fetch';

/** How long a feed media URL may take to answer a QA run's check. */
export const QA_MEDIA_TIMEOUT_MS = 10_000;
/** What the check reads of the answer: its status is what counts, not its bytes. */
export const QA_MEDIA_MAX_BYTES = 1024 * 1024;

/**
 * A QA run's check of a feed media URL, through the SSRF guard: the HTTP status it answers, or why
 * it could not be reached. A file larger than the check reads was answered: it is there (200).
 */
export function createMediaStatus(reach: { allowHosts: readonly string[]; log: RefusalLog }) {
  return async (url: string): Promise<number | string> => {
    try {
      return (
        await safeFetch(url, {
          timeoutMs: QA_MEDIA_TIMEOUT_MS,
          maxBytes: QA_MEDIA_MAX_BYTES,
          allowHosts: reach.allowHosts,
          log: reach.log,
        })
      ).status;
    } catch (error) {
      if (error instanceof SafeFetchError && error.code === 'too_large') return 200;
      return error instanceof Error ? error.message : String(error);
    }
  };
}
