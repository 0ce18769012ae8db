import { sql } from 'kysely';
import { extensionSchema } from './2026-11-21-1110-text-search';
import { type AnyDb, dropRowTriggers, isPostgres } from './helpers';

/** 'YYYY-MM-DD' as the integer YYYYMMDD, which orders as the dates do. */
const day = (column: string) => `replace(${column}, '-', '')`;

/**
 * The campaigns running on a day (launch ≤ day ≤ end, a missing side open) through a range index
 * rather than a walk of every campaign that launched before it: a GiST index on the company and the
 * span as an int4range (btree_gist) on PostgreSQL, an R*Tree (`campaigns_days`: company × span as
 * 32-bit integers) kept by triggers on SQLite. A campaign without dates runs on no day and is left out.
 * The (company, launch, end, deleted) index of 2026-11-21-1120 served the filter before; nothing
 * reads it now, so it goes (one index less for every campaign write).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('campaigns_span_idx').execute();
  if (isPostgres(db)) {
    await extensionSchema(db, 'btree_gist');
    await sql
      .raw(
        `create index campaigns_days_idx on campaigns using gist
         (company_id, int4range(${day('launch_date')}::int, ${day('end_date')}::int, '[]'))
         where launch_date is not null or end_date is not null`,
      )
      .execute(db);
    return;
  }
  const values = (row: string) =>
    `${row}.id, ${row}.company_id, ${row}.company_id,
     coalesce(${day(`${row}.launch_date`)} + 0, -2147483648), coalesce(${day(`${row}.end_date`)} + 0, 2147483647)`;
  const dated = (row: string) => `${row}.launch_date is not null or ${row}.end_date is not null`;
  await sql
    .raw('create virtual table campaigns_days using rtree_i32(id, company_lo, company_hi, from_day, to_day)')
    .execute(db);
  await sql
    .raw(
      `insert into campaigns_days select ${values('campaigns')} from campaigns where ${dated('campaigns')}`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger campaigns_days_insert after insert on campaigns when ${dated('new')}
       begin insert into campaigns_days values (${values('new')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      'create trigger campaigns_days_delete after delete on campaigns begin delete from campaigns_days where id = old.id; end',
    )
    .execute(db);
  await sql
    .raw(
      `create trigger campaigns_days_update after update of launch_date, end_date, company_id on campaigns
       begin
         delete from campaigns_days where id = old.id;
         insert into campaigns_days select ${values('new')} where ${dated('new')};
       end`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql
    .raw('create index campaigns_span_idx on campaigns (company_id, launch_date, end_date, deleted_at)')
    .execute(db);
  if (isPostgres(db)) {
    await db.schema.dropIndex('campaigns_days_idx').execute();
    return;
  }
  await dropRowTriggers(db, 'campaigns_days');
  await sql.raw('drop table campaigns_days').execute(db);
}
