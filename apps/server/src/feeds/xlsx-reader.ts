import { stat } from 'node:fs/promises';
import type { FeedTable } from './feed-table';
import { readXlsxTable, type XlsxTableOptions } from './xlsx-table';
import { readXlsxInWorker, WorkerStartError } from './xlsx-worker-table';

export interface XlsxOptions extends XlsxTableOptions {
  /**
   * Where the sheet is read: in a worker thread for a file of WORKER_MIN_BYTES or more, in this
   * thread if the worker cannot start (`auto`, the product's); always in a worker, failing if it
   * cannot start (tests); always in this thread.
   */
  worker?: 'auto' | 'always' | 'never';
  /** The worker's code, if not the product's (tests give one that cannot start). */
  workerCode?: URL;
}

/**
 * Below this, a file is read in the thread that asked (decision 0147). A worker starts cold (its
 * own isolate, its code not yet optimized): 100–500 ms more before the first row, and 25 MB more
 * memory (100 MB under tsx). Smaller files are read in a few seconds in one thread, which meets
 * their goals (a 100,000-row × 20-column feed is a 13 MB XLSX, synced in 5 s); a 4 MB one took
 * longer with a worker than without.
 */
export const WORKER_MIN_BYTES = 16 * 1024 * 1024;

/**
 * Reads an XLSX file as a feed (xlsx-table.ts says how): a large one in a worker thread, so that
 * reading the sheet and what the caller does with its rows (validating, writing) run on two cores
 * (xlsx-worker-table.ts). The table is the same either way, its errors the same FeedErrors.
 */
export async function readXlsx(
  file: string,
  ranges: readonly string[],
  options: XlsxOptions = {},
): Promise<FeedTable> {
  const { worker = 'auto', workerCode, ...tableOptions } = options;
  if (worker === 'never' || (worker === 'auto' && (await sizeOf(file)) < WORKER_MIN_BYTES))
    return readXlsxTable(file, ranges, tableOptions);
  try {
    return await readXlsxInWorker(file, ranges, tableOptions, workerCode);
  } catch (error) {
    if (worker === 'always' || !(error instanceof WorkerStartError)) throw error;
    // A deployment fault (the bundle without its worker file, say): the feed still syncs, slower.
    process.emitWarning(`${error.message}; reading the XLSX file in this thread instead.`, {
      code: 'ADSTUDIO_XLSX_WORKER',
    });
    return readXlsxTable(file, ranges, tableOptions);
  }
}

/** The file's size; 0 when it cannot be read, which readXlsxTable then says. */
const sizeOf = (file: string) =>
  stat(file).then(
    (stats) => stats.size,
    () => 0,
  );
