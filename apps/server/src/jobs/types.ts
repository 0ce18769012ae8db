/** One run of a job: its id, payload and which attempt this is (1 = first). */
export interface Job<T> {
  /** A string on every engine: pg-boss names its jobs by UUID. */
  id: string;
  name: string;
  data: T;
  attempt: number;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface WorkOptions<T> {
  /**
   * Runs once when the job ends `failed` (its last attempt threw, or the process stopped during
   * it): record the failure where users see it. Errors it throws are only reported.
   */
  onFailed?: (job: Job<T>, message: string) => Promise<void>;
}

export interface SendOptions {
  /**
   * At most one queued or running job per name and key (e.g. one extraction per package): a send
   * while one is waiting or running answers null and queues nothing.
   */
  singletonKey?: string;
  /** How many times it is tried in all before it is `failed` (default 3). */
  maxAttempts?: number;
}

export interface JobState {
  state: 'queued' | 'active' | 'done' | 'failed';
  attempts: number;
  lastError: string | null;
}

/**
 * Durable background jobs (docs/design.md §8). Two implementations answer it: our own queue on the
 * app's `jobs` table (SQLite, one process) and pg-boss (PostgreSQL, any number of instances).
 */
export interface JobQueue {
  /** Registers what runs jobs named `name` (one handler per name), before or after `start`. */
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions<T>): void;
  /** Queues a job; answers its id, or null when a singleton of that key is already queued or running. */
  send<T>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  state(id: string): Promise<JobState | undefined>;
  /** Starts taking jobs. */
  start(): Promise<void>;
  /**
   * Takes no new jobs and waits for the running ones, at most `boundMs` (SHUTDOWN_SECONDS on
   * SIGTERM); those still running then are handed back to the queue. Sends still queue.
   */
  stop(boundMs?: number): Promise<void>;
  /** Jobs waiting to run, of every kind (the metrics' queue depth). */
  depth(): Promise<number>;
  /** Resolves when no job is running and none is due (tests, and the CLI's one-shot runs). */
  idle(): Promise<void>;
}

/** Why a job that was running when its process stopped did not finish. */
export const INTERRUPTED = 'The server stopped while this job was running.';

/** The message a failure is recorded with. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
