import type { Job } from './types';

/** A job this process has taken, and what runs it to its end (done, retried or failed). */
export interface Claimed {
  job: Job<unknown>;
  run: () => Promise<void>;
}

export interface RunnerOptions {
  /** Takes the next due job, or answers none. Several runners may claim at once. */
  claim: () => Promise<Claimed | undefined>;
  /** Jobs run at once in this process. */
  concurrency: number;
  /** How often an idle runner looks for work queued by another process (ms). */
  pollMs: number;
  onError: (error: unknown, job: Job<unknown>) => void;
}

const QUEUE_JOB: Job<unknown> = { id: '0', name: '(queue)', data: null, attempt: 0 };

/**
 * The loop both queues run jobs with: claim while there are free slots, look again when a job
 * ends and on a timer that does not keep the process alive. The queues differ only in how they
 * claim and finish a job.
 */
export function createRunner({ claim, concurrency, pollMs, onError }: RunnerOptions) {
  /** What runs, and the job each runs. */
  const running = new Map<Promise<void>, Job<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;
  let looking = false;

  /** Starts jobs while there are free slots and due jobs. */
  async function lookForWork() {
    if (looking || stopping || !started) return;
    looking = true;
    try {
      while (!stopping && running.size < concurrency) {
        const claimed = await claim();
        if (!claimed) break;
        const task: Promise<void> = claimed
          .run()
          .catch((error) => onError(error, claimed.job))
          .finally(() => {
            running.delete(task);
            void lookForWork();
          });
        running.set(task, claimed.job);
      }
    } catch (error) {
      onError(error, QUEUE_JOB);
    } finally {
      looking = false;
    }
  }

  return {
    lookForWork,

    async start() {
      started = true;
      stopping = false;
      timer = setInterval(() => void lookForWork(), pollMs);
      timer.unref();
      await lookForWork();
    },

    /**
     * Takes no new jobs and waits for the running ones, at most `boundMs`: answers those still
     * running then (their queue hands them back).
     */
    async stop(boundMs = Number.POSITIVE_INFINITY): Promise<Job<unknown>[]> {
      stopping = true;
      if (timer) clearInterval(timer);
      let bound: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        if (Number.isFinite(boundMs)) bound = setTimeout(() => resolve('late'), boundMs);
      });
      try {
        while (running.size > 0)
          if ((await Promise.race([Promise.allSettled([...running.keys()]), late])) === 'late') break;
      } finally {
        clearTimeout(bound);
      }
      started = false;
      return [...running.values()];
    },

    /**
     * Resolves once nothing runs here and `due` (asked only then) says no job is waiting: checked
     * when a job ends or every 20 ms, since tests await it right after a send.
     */
    async idle(due: () => Promise<boolean>) {
      for (;;) {
        await lookForWork();
        if (running.size === 0 && !(await due())) return;
        await Promise.race([...running.keys(), new Promise((resolve) => setTimeout(resolve, 20))]);
      }
    },
  };
}
