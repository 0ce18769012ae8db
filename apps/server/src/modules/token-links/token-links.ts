import { createHmac, hkdfSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { DB } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-errors';
import { nowIso } from '../../lib/time';
import { resolveAppKey } from '../../storage/app-key';

/** The three kinds of token link (DESIGN section 5), by their table. */
export const LINK_TABLES = {
  preview: 'preview_links',
  report: 'report_links',
  approval: 'approval_links',
} as const;
export type LinkKind = keyof typeof LINK_TABLES;
/** What every link has. */
interface LinkBase {
  id: number;
  company_id: number;
  expires_at: string | null;
  revoked_at: string | null;
}
/** A link's row, as its table has it. */
export type LinkRow<K extends LinkKind> = Selectable<DB[(typeof LINK_TABLES)[K]]>;

/** A revoked or expired link: the page says so (DESIGN section 9). */
export const LINK_GONE = 'This link is no longer valid: it was revoked or has expired. Ask for a new one.';
/** Tokens are 256-bit, base64url (43 characters); anything else is no token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
const USER_AGENT_MAX = 300;
/** Views this close together are one visit. */
export const VISIT_GAP_MS = 30 * 60_000;

/** Who opened a link, as the request tells. */
export interface Viewer {
  ip: string;
  userAgent: string | undefined;
}

/**
 * Opens token links: the row a token names (unknown → 404; revoked or expired → 410), each
 * opening logged with its time, a keyed hash of the IP address and the user agent, and the link's
 * `last_viewed_at` moved on. A token is the page's only credential: callers reach nothing but what
 * the returned row names.
 */
export function createTokenLinks(db: Db, appKey: string) {
  const ipKey = Buffer.from(hkdfSync('sha256', appKey, 'adstudio', 'token views v1', 32));
  const ipHash = (ip: string) => createHmac('sha256', ipKey).update(ip).digest('base64url').slice(0, 22);

  async function find<K extends LinkKind>(kind: K, token: string): Promise<LinkRow<K> & LinkBase> {
    if (!TOKEN_SHAPE.test(token)) throw notFound();
    // The three tables share the columns read here; the row is answered whole, as its kind has it.
    const row = (await db
      .selectFrom(LINK_TABLES[kind] as 'preview_links')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst()) as (LinkRow<K> & LinkBase) | undefined;
    if (!row) throw notFound();
    const now = nowIso();
    if (row.revoked_at !== null || (row.expires_at !== null && row.expires_at <= now))
      throw new HttpError(410, LINK_GONE);
    return row;
  }

  return {
    ipHash,

    /** The live link `token` names, with the opening logged; throws 404 or 410 otherwise. */
    async open<K extends LinkKind>(kind: K, token: string, viewer: Viewer) {
      const row = await find(kind, token);
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('token_views')
          .values({
            company_id: row.company_id,
            link_kind: kind,
            link_id: row.id,
            viewed_at: at,
            ip_hash: ipHash(viewer.ip),
            user_agent: (viewer.userAgent ?? '').slice(0, USER_AGENT_MAX),
          })
          .execute();
        await trx
          .updateTable(LINK_TABLES[kind] as 'preview_links')
          .set((eb) => ({ last_viewed_at: at, view_count: eb('view_count', '+', 1) }))
          .where('id', '=', row.id)
          .execute();
      });
      return row;
    },

    /** The live link `token` names, without logging a view (the API calls a page makes after opening it). */
    check: find,

    /**
     * When the link was last opened in an earlier visit (views within VISIT_GAP_MS of now are this
     * visit), if ever: what "what's new" counts from.
     */
    previousVisit: async (
      kind: LinkKind,
      linkId: number,
      before = new Date(Date.now() - VISIT_GAP_MS).toISOString(),
    ) =>
      (
        await db
          .selectFrom('token_views')
          .select('viewed_at')
          .where('link_kind', '=', kind)
          .where('link_id', '=', linkId)
          .where('viewed_at', '<', before)
          .orderBy('viewed_at', 'desc')
          .limit(1)
          .executeTakeFirst()
      )?.viewed_at,

    /** A link's views, newest first (its sharing tab); undefined when the company has no such link. */
    async views(companyId: number, kind: LinkKind, linkId: number, limit: number) {
      const link = await db
        .selectFrom(LINK_TABLES[kind] as 'preview_links')
        .select('id')
        .where('id', '=', linkId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (!link) return undefined;
      return db
        .selectFrom('token_views')
        .select(['viewed_at', 'ip_hash', 'user_agent'])
        .where('company_id', '=', companyId)
        .where('link_kind', '=', kind)
        .where('link_id', '=', linkId)
        .orderBy('viewed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type TokenLinks = ReturnType<typeof createTokenLinks>;

export const tokenLinksOn = (app: FastifyInstance): TokenLinks =>
  createTokenLinks(app.db, resolveAppKey(app.config.appKey, app.config.dataDir));
