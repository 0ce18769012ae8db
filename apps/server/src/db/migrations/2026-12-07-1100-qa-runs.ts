import {
  type AnyDb,
  addColumns,
  companyTable,
  createIndex,
  dropColumns,
  fk,
  type NewColumn,
  tableWithId,
} from './helpers';

const COMPANY_COLUMNS: readonly NewColumn[] = [['qa_required', 'integer', 0]];

/**
 * QA runs (issue 45, decision 0128): a run of a creative, its distinct variants (rules with identical
 * content are one, `key` a hash of that content) each checked once or carried over from an earlier
 * run, and its findings one per rule. The company's `qa_required` asks a passing run before live.
 */
export async function up(db: AnyDb): Promise<void> {
  await companyTable(db, 'qa_runs')
    .addColumn('creative_id', 'integer', fk('creatives'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('carried_over', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('warnings', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verdict', 'text')
    .addColumn('failure', 'text')
    .addColumn('package_id', 'integer')
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', fk('users', 'set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await createIndex(db, 'qa_runs_creative_idx', 'qa_runs', ['creative_id', 'id']);
  await tableWithId(db, 'qa_run_variants')
    .addColumn('run_id', 'integer', fk('qa_runs'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('findings', 'text')
    .execute();
  await createIndex(db, 'qa_run_variants_key_idx', 'qa_run_variants', ['run_id', 'key'], { unique: true });
  await createIndex(db, 'qa_run_variants_state_idx', 'qa_run_variants', ['run_id', 'state', 'id']);
  await tableWithId(db, 'qa_findings')
    .addColumn('run_id', 'integer', fk('qa_runs'))
    .addColumn('rule_id', 'integer', (c) => c.notNull())
    .addColumn('unique_id', 'text', (c) => c.notNull())
    .addColumn('reporting_label', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('screenshot_key', 'text')
    .execute();
  await createIndex(db, 'qa_findings_run_idx', 'qa_findings', ['run_id', 'kind', 'severity', 'id']);
  await addColumns(db, 'companies', COMPANY_COLUMNS);
}

export async function down(db: AnyDb): Promise<void> {
  await dropColumns(db, 'companies', COMPANY_COLUMNS);
  await db.schema.dropTable('qa_findings').execute();
  await db.schema.dropTable('qa_run_variants').execute();
  await db.schema.dropTable('qa_runs').execute();
}
