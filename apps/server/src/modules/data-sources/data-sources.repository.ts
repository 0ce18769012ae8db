import type { DataSourceListQuery } from '@adstudio/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { DataSourcesTable, DataSourceValuesTable } from '../../db/schema';
import { idIn, type SortKey } from '../../lib/list';
import { scopedRepository } from '../../lib/scoped-repository';
import { smallList } from '../../lib/small-list';

export type DataSourceRow = Selectable<DataSourcesTable>;
export type DataSourceValueRow = Selectable<DataSourceValuesTable>;

type DataSourceSort = NonNullable<DataSourceListQuery['sort-by']>;

const SORTS: Record<DataSourceSort, SortKey> = {
  name: sql`lower(data_sources.name)`,
  fetched_at: { emptyLast: 'data_sources.fetched_at' },
  created_at: 'data_sources.created_at',
  updated_at: 'data_sources.updated_at',
};

/** What one fetch left: a value (JSON scalar text) or an error, at a moment. */
export type FetchRecord = { at: string } & ({ value: string } | { error: string });

/** Data sources and their cached values; every query is scoped by company, save the periodic refresh's. */
export const createDataSourcesRepository = (db: Db) => ({
  ...scopedRepository(db, 'data_sources'),

  /** A page of the list: a company has a handful to a few hundred data sources (lib/small-list). */
  list: (companyId: number, query: DataSourceListQuery, trx: Executor = db) =>
    smallList(trx, 'data_sources', companyId, query, {
      sortable: SORTS,
      matches: (pattern) => sql<boolean>`lower(data_sources.name) like lower(${pattern}) escape '\\'`,
    }),

  insert: (values: Insertable<DataSourcesTable>, trx: Executor = db) =>
    trx.insertInto('data_sources').values(values).returningAll().executeTakeFirstOrThrow(),

  /** Which of these ids are live data sources of the company. */
  liveIds: async (companyId: number, ids: readonly number[], trx: Executor = db) => {
    if (ids.length === 0) return new Set<number>();
    const rows = await trx
      .selectFrom('data_sources')
      .select('id')
      .where('company_id', '=', companyId)
      .where('deleted_at', 'is', null)
      .where(idIn('id', ids))
      .execute();
    return new Set(rows.map((row) => row.id));
  },

  /** The cached values of filled URLs, by `data_source_id|url`. */
  cachedValues: async (
    companyId: number,
    keys: readonly { id: number; url: string }[],
    trx: Executor = db,
  ): Promise<Map<string, DataSourceValueRow>> => {
    if (keys.length === 0) return new Map();
    const rows = await trx
      .selectFrom('data_source_values')
      .selectAll()
      .where('company_id', '=', companyId)
      .where((eb) =>
        eb.or(keys.map((key) => eb.and([eb('data_source_id', '=', key.id), eb('url', '=', key.url)]))),
      )
      .execute();
    return new Map(rows.map((row) => [`${row.data_source_id}|${row.url}`, row]));
  },

  /**
   * Stores a fetch's outcome on the data source (its latest fetch, whichever URL) and, for a URL
   * with placeholders, in that URL's cache row, unless the definition changed since it was read
   * (`version`, its updated_at): a PUT that commits first makes the outcome stale, and nothing is
   * written. `updated_at` itself never moves, so a refresh cannot make an editor's save a 409.
   */
  recordFetch: (
    row: Pick<DataSourceRow, 'id' | 'company_id' | 'updated_at'>,
    url: string | null,
    record: FetchRecord,
  ) =>
    db.transaction().execute(async (trx) => {
      const fields =
        'value' in record
          ? { last_value: record.value, fetched_at: record.at, last_error: null }
          : { last_error: record.error, failed_at: record.at };
      const updated = await trx
        .updateTable('data_sources')
        .set(fields)
        .where('id', '=', row.id)
        .where('company_id', '=', row.company_id)
        .where('updated_at', '=', row.updated_at)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0 || url === null) return;
      const cached =
        'value' in record
          ? { value: record.value, fetched_at: record.at, last_error: null }
          : { last_error: record.error, failed_at: record.at };
      await trx
        .insertInto('data_source_values')
        .values({ company_id: row.company_id, data_source_id: row.id, url, ...cached, updated_at: record.at })
        .onConflict((conflict) =>
          conflict.columns(['data_source_id', 'url']).doUpdateSet({ ...cached, updated_at: record.at }),
        )
        .execute();
    }),

  /** Forgets what was fetched (the definition changed): the next read fetches afresh. */
  clearFetched: async (companyId: number, id: number, trx: Executor = db) => {
    await trx
      .updateTable('data_sources')
      .set({ last_value: null, fetched_at: null, last_error: null, failed_at: null })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
    await trx
      .deleteFrom('data_source_values')
      .where('company_id', '=', companyId)
      .where('data_source_id', '=', id)
      .execute();
  },

  /**
   * Live data sources of every company whose URL has no placeholders, for the periodic refresh to
   * pick the due ones from (a small table; the refresh reads it once a minute).
   */
  refreshable: (trx: Executor = db) =>
    trx
      .selectFrom('data_sources')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('url', 'not like', '%{%')
      .orderBy('id')
      .execute(),

  /**
   * Drops cached values of filled URLs not refreshed since `before`: a URL still in use is
   * refreshed at least once per refresh interval, so these are ones nobody reads any more (one per
   * city or zip code ever seen would otherwise pile up).
   */
  pruneValues: async (before: string, trx: Executor = db) =>
    Number(
      (await trx.deleteFrom('data_source_values').where('updated_at', '<', before).executeTakeFirst())
        .numDeletedRows,
    ),
});
export type DataSourcesRepository = ReturnType<typeof createDataSourcesRepository>;
