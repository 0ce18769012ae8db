/**
 * The XLSX reader's worker thread (decision 0147): reads a file as readXlsxTable does, so that
 * inflating and scanning the sheet's XML runs on one core while the syncing thread validates and
 * writes the rows on another. Posts the header (or the failure that stops it), waits to be asked
 * for the rows, then posts them in batches (xlsx-worker-messages.ts), never more than IN_FLIGHT
 * ahead of what the other thread has taken. Told to stop, or done, it closes the table (its shared
 * strings may be in a temporary file: decision 0143) and exits; xlsx-worker-table.ts is its host.
 *
 * Loaded as `feeds/xlsx-worker.js` beside the bundle (build.mjs), or from the sources through
 * xlsx-worker-tsx.mjs.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { FeedTable } from './feed-table';
import { readXlsxTable } from './xlsx-table';
import {
  type HostMessage,
  RowBatchWriter,
  toRemoteError,
  type WorkerInput,
  type WorkerMessage,
} from './xlsx-worker-messages';

/**
 * Cells a batch holds at most: 100 rows of 100 columns, more rows of fewer. Batches of 1,000 such
 * rows held their strings long enough to survive the young generation on both sides: the read took
 * 40 % more CPU, the peak 80 MB more.
 */
const BATCH_CELLS = 10_000;
const BATCH_ROWS = 1_000;
/** Batches posted and not yet taken: the worker waits past this (the memory of a read stays flat). */
const IN_FLIGHT = 8;

const port = parentPort as MessagePort;
const { file, ranges, options } = workerData as WorkerInput;
const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let stopped = false;
let inFlight = 0;
let asked = false;
/** Wakes the reading when the host answers: rows asked for, a batch taken, or stop. */
let wake: (() => void) | undefined;
const waitForHost = () =>
  new Promise<void>((resolve) => {
    wake = resolve;
  });

port.on('message', (message: HostMessage) => {
  if (message.type === 'rows') asked = true;
  else if (message.type === 'ack') inFlight--;
  else stopped = true;
  const woken = wake;
  wake = undefined;
  woken?.();
});

let table: FeedTable | undefined;
try {
  table = await readXlsxTable(file, ranges, options);
  post({ type: 'header', columns: table.columns, rowsHint: table.rowsHint });
  while (!asked && !stopped) await waitForHost();
  if (!stopped) await postRows(table);
} catch (error) {
  post({ type: 'failed', error: toRemoteError(error) });
} finally {
  await table?.close?.();
  port.close();
}

async function postRows(table: FeedTable): Promise<void> {
  const width = table.columns.length;
  const batch = new RowBatchWriter(width, Math.max(1, Math.min(BATCH_ROWS, Math.floor(BATCH_CELLS / width))));
  const send = () => {
    const { batch: rows, transfer } = batch.take();
    post({ type: 'batch', batch: rows }, transfer);
    inFlight++;
  };
  try {
    // Leaving the loop (done, stopped or failed) closes the rows and what they hold.
    for await (const row of table.rows) {
      if (stopped) return;
      batch.add(row);
      if (!batch.full) continue;
      send();
      while (inFlight >= IN_FLIGHT && !stopped) await waitForHost();
      if (stopped) return;
    }
  } finally {
    // The rows before a failure are the reader's, as they are when read in one thread.
    if (batch.size > 0 && !stopped) send();
  }
  post({ type: 'end' });
}
