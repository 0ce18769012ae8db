import type { SourceRow } from './feed-header';
import { type Cell, FeedError, FormattedNumber } from './feed-table';
import type { XlsxTableOptions } from './xlsx-table';

/** What the XLSX worker is started with: readXlsxTable's arguments. */
export interface WorkerInput {
  file: string;
  ranges: string[];
  options: XlsxTableOptions;
}

/**
 * The worker's messages, in order: the header or a failure; then, once the rows are asked for,
 * batches of rows and their end or a failure. After the end or a failure, the worker exits.
 */
export type WorkerMessage =
  | { type: 'header'; columns: string[]; rowsHint: number | undefined }
  | { type: 'batch'; batch: RowBatch }
  | { type: 'end' }
  | { type: 'failed'; error: RemoteError };

/**
 * What the worker is told: read the rows; a batch was taken (it keeps few batches unanswered);
 * stop, closing what it holds (its shared strings' temporary file), and exit.
 */
export type HostMessage = { type: 'rows' } | { type: 'ack' } | { type: 'stop' };

/** An error as it crosses: a FeedError stays one, with its message for the user. */
export interface RemoteError {
  feed: boolean;
  name: string;
  message: string;
  stack: string | undefined;
}

export function toRemoteError(error: unknown): RemoteError {
  if (!(error instanceof Error))
    return { feed: false, name: 'Error', message: String(error), stack: undefined };
  return { feed: error instanceof FeedError, name: error.name, message: error.message, stack: error.stack };
}

export function fromRemoteError(remote: RemoteError): Error {
  const error = remote.feed ? new FeedError(remote.message) : new Error(remote.message);
  if (!remote.feed) error.name = remote.name;
  // The worker's stack says where it failed; this thread's would only say where it was told.
  if (remote.stack) error.stack = remote.stack;
  return error;
}

/**
 * Rows as they cross from the XLSX worker to the thread that syncs them (decision 0147): cloning
 * every cell as a value of its own cost the receiving thread twice what these few arrays do. The
 * typed arrays are transferred, not copied; the strings arrive as strings of their own (not slices
 * of one long text, which a kept Unique_ID would hold in memory whole).
 */
export interface RowBatch {
  /** Per row, its number and its ignored cells: `[row, ignored, row, ignored, …]`. */
  rows: Float64Array<ArrayBuffer>;
  /** Per cell, row after row, `width` a row: what it holds (the KIND values). */
  kinds: Uint8Array<ArrayBuffer>;
  /** The numbers of NUMBER and FORMATTED cells, in cell order. */
  numbers: Float64Array<ArrayBuffer>;
  /** The texts of TEXT and FORMATTED cells, in cell order. */
  texts: string[];
}

const NULL = 0;
const TEXT = 1;
const NUMBER = 2;
const FALSE = 3;
const TRUE = 4;
const FORMATTED = 5;

/** Gathers rows of `width` cells into batches; `full` once it holds `capacity` rows. */
export class RowBatchWriter {
  private readonly rowsOf: Float64Array;
  private readonly kinds: Uint8Array;
  private readonly numbers: Float64Array;
  private texts: string[] = [];
  private count = 0;
  private cells = 0;
  private numbered = 0;

  constructor(
    private readonly width: number,
    readonly capacity: number,
  ) {
    // Reused from batch to batch: what is sent is a copy of the part filled.
    this.rowsOf = new Float64Array(capacity * 2);
    this.kinds = new Uint8Array(capacity * width);
    this.numbers = new Float64Array(capacity * width);
  }

  get size(): number {
    return this.count;
  }

  get full(): boolean {
    return this.count >= this.capacity;
  }

  add(row: SourceRow): void {
    const { cells } = row;
    if (cells.length !== this.width)
      throw new Error(`A row of ${cells.length} cells in a batch of ${this.width}.`);
    this.rowsOf[this.count * 2] = row.row;
    this.rowsOf[this.count * 2 + 1] = row.ignored ?? 0;
    this.count++;
    const { kinds, numbers, texts } = this;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i]!;
      const at = this.cells++;
      if (cell === null) kinds[at] = NULL;
      else if (typeof cell === 'string') {
        kinds[at] = TEXT;
        texts.push(cell);
      } else if (typeof cell === 'number') {
        kinds[at] = NUMBER;
        numbers[this.numbered++] = cell;
      } else if (typeof cell === 'boolean') kinds[at] = cell ? TRUE : FALSE;
      else {
        kinds[at] = FORMATTED;
        numbers[this.numbered++] = cell.value;
        texts.push(cell.text);
      }
    }
  }

  /** The rows added since the last take, and the buffers to transfer with them; empties the writer. */
  take(): { batch: RowBatch; transfer: ArrayBuffer[] } {
    const batch: RowBatch = {
      rows: this.rowsOf.slice(0, this.count * 2),
      kinds: this.kinds.slice(0, this.cells),
      numbers: this.numbers.slice(0, this.numbered),
      texts: this.texts,
    };
    this.texts = [];
    this.count = 0;
    this.cells = 0;
    this.numbered = 0;
    return { batch, transfer: [batch.rows.buffer, batch.kinds.buffer, batch.numbers.buffer] };
  }
}

/** The rows of a batch of rows `width` cells wide, as they were added. */
export function readRowBatch(batch: RowBatch, width: number): SourceRow[] {
  const { rows, kinds, numbers, texts } = batch;
  const out: SourceRow[] = new Array(rows.length / 2);
  let at = 0;
  let numbered = 0;
  let texted = 0;
  for (let r = 0; r < out.length; r++) {
    const cells: Cell[] = new Array(width);
    for (let i = 0; i < width; i++) {
      switch (kinds[at++]) {
        case TEXT:
          cells[i] = texts[texted++]!;
          break;
        case NUMBER:
          cells[i] = numbers[numbered++]!;
          break;
        case FALSE:
          cells[i] = false;
          break;
        case TRUE:
          cells[i] = true;
          break;
        case FORMATTED:
          cells[i] = new FormattedNumber(numbers[numbered++]!, texts[texted++]!);
          break;
        default:
          cells[i] = null;
      }
    }
    const ignored = rows[r * 2 + 1]!;
    out[r] = ignored > 0 ? { row: rows[r * 2]!, cells, ignored } : { row: rows[r * 2]!, cells };
  }
  return out;
}
