import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { SourceRow } from './feed-header';
import { type FeedTable, heldOnce } from './feed-table';
import type { XlsxTableOptions } from './xlsx-table';
import {
  fromRemoteError,
  type HostMessage,
  readRowBatch,
  type WorkerInput,
  type WorkerMessage,
} from './xlsx-worker-messages';

/** The worker could not be started (its file missing, its loader failing): nothing was read. */
export class WorkerStartError extends Error {
  override name = 'WorkerStartError';
}

/** How long a worker told to stop may take before it is terminated (it answers within a chunk). */
const STOP_MS = 10_000;

/**
 * Reads an XLSX file as a feed in a worker thread (xlsx-worker.ts, decision 0147): the table that
 * readXlsxTable would answer, its rows read on another core than the one that consumes them.
 * The worker that read the header holds the shared strings for the first reading of the rows, as
 * readXlsxTable does, and does not keep the process alive while it waits; a second reading starts
 * a worker of its own. A worker ends when its rows are read, fail or are left, or when the table is
 * closed unread; it closes the temporary file of its strings first. Throws what readXlsxTable
 * throws (a FeedError with the same message), or WorkerStartError.
 */
export async function readXlsxInWorker(
  file: string,
  ranges: readonly string[],
  options: XlsxTableOptions,
  /** The worker's code (tests give one that cannot start). */
  code: URL = workerFile(),
): Promise<FeedTable> {
  const input: WorkerInput = { file, ranges: [...ranges], options };
  const first = new WorkerReading(code, input);
  const header = await first.header();
  first.idle();
  const take = heldOnce(first);
  const table: FeedTable = {
    columns: header.columns,
    rows: {
      [Symbol.asyncIterator]: () => (take() ?? new WorkerReading(code, input)).rows(),
    },
    close: async () => take()?.stop(),
  };
  if (header.rowsHint !== undefined) table.rowsHint = header.rowsHint;
  return table;
}

type Incoming = WorkerMessage | { type: 'crashed'; error: Error } | { type: 'exited'; code: number };

/** One worker reading one file: its messages in order, the header, then the rows. */
class WorkerReading {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private readonly inbox: Incoming[] = [];
  private waiting: ((message: Incoming) => void) | undefined;
  private width: number | undefined;

  constructor(code: URL, input: WorkerInput) {
    this.worker = new Worker(code, { workerData: input, name: 'xlsx-reader' });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('message', (message: WorkerMessage) => this.deliver(message));
    this.worker.on('error', (error) => this.deliver({ type: 'crashed', error }));
    this.worker.once('exit', (code) => this.deliver({ type: 'exited', code }));
  }

  async header(): Promise<{ columns: string[]; rowsHint: number | undefined }> {
    const message = await this.next();
    if (message.type === 'header') {
      this.width = message.columns.length;
      return message;
    }
    await this.exited;
    if (message.type === 'crashed')
      throw new WorkerStartError(`The XLSX worker could not start: ${message.error.message}`, {
        cause: message.error,
      });
    throw this.failure(message);
  }

  /** Waiting for its rows to be asked for, the worker does not keep the process alive. */
  idle(): void {
    this.worker.unref();
  }

  async *rows(): AsyncGenerator<SourceRow> {
    try {
      const width = this.width ?? (await this.header()).columns.length;
      this.worker.ref();
      this.send({ type: 'rows' });
      for (;;) {
        const message = await this.next();
        if (message.type === 'end') return;
        if (message.type !== 'batch') throw this.failure(message);
        // Taken: the worker may read one batch further.
        this.send({ type: 'ack' });
        yield* readRowBatch(message.batch, width);
      }
    } finally {
      await this.stop();
    }
  }

  /** Tells the worker to close what it holds and exit (if it has not), and waits until it has. */
  async stop(): Promise<void> {
    this.worker.ref();
    this.send({ type: 'stop' });
    // Terminated, a worker would leave its strings' file open: it is only a last resort.
    const timer = setTimeout(() => void this.worker.terminate(), STOP_MS);
    try {
      await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  private send(message: HostMessage): void {
    this.worker.postMessage(message);
  }

  private deliver(message: Incoming): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting(message);
    else this.inbox.push(message);
  }

  private next(): Promise<Incoming> {
    const message = this.inbox.shift();
    if (message) return Promise.resolve(message);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  private failure(message: Incoming): Error {
    switch (message.type) {
      case 'failed':
        return fromRemoteError(message.error);
      case 'crashed':
        return message.error;
      case 'exited':
        return new Error(`The XLSX worker exited (code ${message.code}) before the end of its rows.`);
      default:
        return new Error(`The XLSX worker answered "${message.type}" out of turn.`);
    }
  }
}

/**
 * The worker's code: from the sources (tsx in development, vitest), a starter that loads it
 * through tsx; from the bundle (dist/server.js, dist/cli/*.js), dist/feeds/xlsx-worker.js that
 * build.mjs writes beside them.
 */
function workerFile(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('./xlsx-worker-tsx.mjs', here);
  const beside = new URL('./feeds/xlsx-worker.js', here);
  return existsSync(beside) ? beside : new URL('../feeds/xlsx-worker.js', here);
}
