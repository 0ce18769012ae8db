import type { Insertable, Selectable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { DB, TokenViewsTable } from '../../db/schema';

/** The three kinds of token link (docs/design.md §5), by their table. */
export const LINK_TABLES = {
  preview: 'preview_links',
  report: 'report_links',
  approval: 'approval_links',
} as const;
export type LinkKind = keyof typeof LINK_TABLES;
/** What every link has. */
export interface LinkBase {
  id: number;
  company_id: number;
  expires_at: string | null;
  revoked_at: string | null;
}
/** A link's row, as its table has it. */
export type LinkRow<K extends LinkKind> = Selectable<DB[(typeof LINK_TABLES)[K]]>;

/**
 * The three link tables and their views. A token is a page's only credential, so `byToken` is not
 * scoped by company: the row it answers names the company.
 */
export const createTokenLinksRepository = (db: Db) => ({
  /** The link `token` names, whatever its state (the three tables share the columns read here). */
  byToken: async <K extends LinkKind>(kind: K, token: string, trx: Executor = db) =>
    (await trx
      .selectFrom(LINK_TABLES[kind] as 'preview_links')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst()) as (LinkRow<K> & LinkBase) | undefined,

  /** Whether the company has this link. */
  exists: async (companyId: number, kind: LinkKind, linkId: number, trx: Executor = db) =>
    (await trx
      .selectFrom(LINK_TABLES[kind] as 'preview_links')
      .select('id')
      .where((eb) => eb.and({ id: linkId, company_id: companyId }))
      .executeTakeFirst()) !== undefined,

  insertView: (values: Insertable<TokenViewsTable>, trx: Executor = db) =>
    trx.insertInto('token_views').values(values).execute(),

  /** Moves a link's `last_viewed_at` on and counts the view. */
  countView: (kind: LinkKind, linkId: number, at: string, trx: Executor = db) =>
    trx
      .updateTable(LINK_TABLES[kind] as 'preview_links')
      .set((eb) => ({ last_viewed_at: at, view_count: eb('view_count', '+', 1) }))
      .where('id', '=', linkId)
      .execute(),

  /** When the link was last opened before `before`, if ever. */
  lastViewBefore: async (kind: LinkKind, linkId: number, before: string, trx: Executor = db) =>
    (
      await trx
        .selectFrom('token_views')
        .select('viewed_at')
        .where((eb) => eb.and({ link_kind: kind, link_id: linkId }))
        .where('viewed_at', '<', before)
        .orderBy('viewed_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    )?.viewed_at,

  /** A link's views, newest first. */
  views: (companyId: number, kind: LinkKind, linkId: number, limit: number, trx: Executor = db) =>
    trx
      .selectFrom('token_views')
      .select(['viewed_at', 'ip_hash', 'user_agent'])
      .where((eb) => eb.and({ company_id: companyId, link_kind: kind, link_id: linkId }))
      .orderBy('viewed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
});
export type TokenLinksRepository = ReturnType<typeof createTokenLinksRepository>;
