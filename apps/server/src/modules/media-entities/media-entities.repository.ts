import type { MediaEntityListQuery, MediaEntitySort } from '@adstudio/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { MediaEntitiesTable } from '../../db/schema';
import type { SortKey } from '../../lib/list';
import { scopedRepository } from '../../lib/scoped-repository';
import { smallList } from '../../lib/small-list';

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

  /** A page of the list: a company has a few dozen publishers (lib/small-list); text in name or domain. */
  list: (companyId: number, query: MediaEntityListQuery, trx: Executor = db) =>
    smallList(trx, 'media_entities', companyId, query, {
      sortable: SORTS,
      matches: (pattern) =>
        sql<boolean>`(lower(media_entities.name) like lower(${pattern}) escape '\\'
          or lower(coalesce(media_entities.domain, '')) like lower(${pattern}) escape '\\')`,
    }),

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
