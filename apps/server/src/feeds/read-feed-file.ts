import { readDelimitedFile } from './csv-reader';
import { FeedError, type FeedTable } from './feed-table';
import { sniffFile } from './sniff-file';
import { readXlsx } from './xlsx-reader';

export type FeedFileKind = 'xlsx' | 'csv' | 'tsv' | 'auto';

export interface FeedFileOptions {
  /** What the file was given as (upload name, content type); its bytes decide where they disagree. */
  kind: FeedFileKind;
  /** A1 ranges for XLSX (default: the first sheet); CSV and TSV have one table and ignore them. */
  ranges?: string[];
  /** The most bytes the file may have (FEED_MAX_MB; Studio's FEED_LIMITS.bytes by default). */
  maxBytes?: number;
}

/**
 * Reads an uploaded or fetched feed file: a zip is read as XLSX whatever its name, a web page or
 * an old .xls fails with FeedError, anything else is delimited text (tab for `tsv`, else detected).
 */
export async function readFeedFile(file: string, options: FeedFileOptions): Promise<FeedTable> {
  const sniffed = await sniffFile(file, options.maxBytes);
  if (sniffed === 'zip') return readXlsx(file, options.ranges ?? [], { maxBytes: options.maxBytes });
  if (options.kind === 'xlsx') {
    throw new FeedError('This file is not an XLSX spreadsheet: upload an .xlsx or a CSV file.');
  }
  const maxBytes = options.maxBytes;
  return readDelimitedFile(file, options.kind === 'tsv' ? { delimiter: '\t', maxBytes } : { maxBytes });
}
