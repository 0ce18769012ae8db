import type { MediaEntityListQuery, MediaEntitySort } from '@adstudio/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { MediaEntitiesTable } from '../../db/schema';
import { cappedTotal, defaultSort, escapeLike, listedRows, paginate, type SortKey } from '../../lib/list';
import { scopedRepository } from '../../lib/scoped-repository';

export type MediaEntityRow = Selectable<MediaEntitiesTable>;
export type NewMediaEntityRow = Insertable<MediaEntitiesTable>;

/** Each sortable column once, keyed by the contract's list (the compiler keeps them equal). */
const SORTS: Record<MediaEntitySort, SortKey> = {
  name: sql`lower(media_entities.name)`,
  domain: { emptyLast: 'media_entities.domain' },
  created_at: 'media_entities.created_at',
  updated_at: 'media_entities.updated_at',
};

/** Publishers; every query is scoped by company and takes an optional transaction. */
export const createMediaEntitiesRepository = (db: Db) => ({
  // The shared queries read only id, company, name, timestamps and deleted_at, which this table has
  // (it has no status, so its setStatus is never called).
  ...scopedRepository(db, 'media_entities'),

  /**
   * A page of the list. A company has a few dozen publishers, not the 100k rows campaigns are
   * measured at, so the text filter is a plain case-folded LIKE over name and domain and the total
   * a capped count, rather than the trigram indexes and kept counts the large lists need.
   */
  list: (companyId: number, query: MediaEntityListQuery, trx: Executor = db) => {
    let rows = trx
      .selectFrom('media_entities')
      .selectAll('media_entities')
      .where('media_entities.company_id', '=', companyId)
      .where(listedRows('media_entities', query));
    if (query.filter) {
      const pattern = `%${escapeLike(query.filter)}%`;
      rows = rows.where(
        sql<boolean>`(lower(media_entities.name) like lower(${pattern}) escape '\\'
          or lower(coalesce(media_entities.domain, '')) like lower(${pattern}) escape '\\')`,
      );
    }
    return paginate(rows, query, {
      sortable: SORTS,
      defaultSort: defaultSort('media_entities', query),
      id: 'media_entities.id',
      total: () => cappedTotal(trx, rows),
    });
  },

  /** Whether another live publisher of the company has this domain, ignoring case. */
  domainTaken: async (companyId: number, domain: string, exceptId?: number, trx: Executor = db) => {
    let query = trx
      .selectFrom('media_entities')
      .select('id')
      .where('company_id', '=', companyId)
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`lower(domain) = lower(${domain})`);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  },

  insert: (values: NewMediaEntityRow, trx: Executor = db) =>
    trx.insertInto('media_entities').values(values).returningAll().executeTakeFirstOrThrow(),
});
export type MediaEntitiesRepository = ReturnType<typeof createMediaEntitiesRepository>;
