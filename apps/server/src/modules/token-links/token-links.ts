import { createHmac, hkdfSync } from 'node:crypto';
import type { Transactor } from '../../db/database';
import { HttpError, notFound } from '../../lib/http-errors';
import { nowIso } from '../../lib/time';
import type { LinkBase, LinkKind, LinkRow, TokenLinksRepository } from './token-links.repository';

export type { LinkKind, LinkRow } from './token-links.repository';

/** A revoked or expired link: the page says so (docs/design.md §9). */
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

interface Deps {
  links: TokenLinksRepository;
  transaction: Transactor;
  /** APP_KEY (or the generated DATA_DIR/app.key): viewers' addresses are kept as a keyed hash. */
  appKey: string;
}

/**
 * Opens token links: the row a token names (unknown → 404; revoked or expired → 410), each
 * opening logged with its time, a keyed hash of the IP address and the user agent, and the link's
 * `last_viewed_at` moved on. A token is the page's only credential: callers reach nothing but what
 * the returned row names.
 */
export function createTokenLinks({ links, transaction, appKey }: Deps) {
  const ipKey = Buffer.from(hkdfSync('sha256', appKey, 'adstudio', 'token views v1', 32));
  const ipHash = (ip: string) => createHmac('sha256', ipKey).update(ip).digest('base64url').slice(0, 22);

  async function find<K extends LinkKind>(kind: K, token: string): Promise<LinkRow<K> & LinkBase> {
    if (!TOKEN_SHAPE.test(token)) throw notFound();
    const row = await links.byToken(kind, token);
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
      await transaction(async (trx) => {
        await links.insertView(
          {
            company_id: row.company_id,
            link_kind: kind,
            link_id: row.id,
            viewed_at: at,
            ip_hash: ipHash(viewer.ip),
            user_agent: (viewer.userAgent ?? '').slice(0, USER_AGENT_MAX),
          },
          trx,
        );
        await links.countView(kind, row.id, at, trx);
      });
      return row;
    },

    /** The live link `token` names, without logging a view (the API calls a page makes after opening it). */
    check: find,

    /**
     * When the link was last opened in an earlier visit (views within VISIT_GAP_MS of now are this
     * visit), if ever: what "what's new" counts from.
     */
    previousVisit: (
      kind: LinkKind,
      linkId: number,
      before = new Date(Date.now() - VISIT_GAP_MS).toISOString(),
    ) => links.lastViewBefore(kind, linkId, before),

    /** A link's views, newest first (its sharing tab); undefined when the company has no such link. */
    async views(companyId: number, kind: LinkKind, linkId: number, limit: number) {
      if (!(await links.exists(companyId, kind, linkId))) return undefined;
      return links.views(companyId, kind, linkId, limit);
    },
  };
}
export type TokenLinks = ReturnType<typeof createTokenLinks>;
