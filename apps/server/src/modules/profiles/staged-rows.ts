import type { RuleInput } from '../../feeds/validate-rows';

/** The columns of a staged rule, in the order both writers write them. */
export const STAGED_COLUMNS =
  'sync_id, position, unique_id, reporting_label, is_default, active, start_date, end_date, condition_ids, data';

/** Fills a batch of staged rows and writes it in one statement. */
export interface StagingWriter {
  /** Rows in the batch being filled. */
  readonly size: number;
  push(position: number, rule: RuleInput): void;
  /** Writes the batch filled so far; the next row starts a new one. */
  write(): Promise<void>;
}
