import {
  AD_TAG_PUBLISHER_INVALID,
  AD_TAG_STATS_DAYS,
  type AdTag,
  type AdTagCreate,
  type AdTagListItem,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { notFound, unprocessable } from '../../lib/http-errors';
import { nowIso } from '../../lib/time';
import { randomToken } from '../../lib/tokens';
import type { AuditLog } from '../audit';
import { servePath, tagSnippets } from '../serving';
import type { AdTagRow, AdTagsRepository } from './ad-tags.repository';

interface Deps {
  tags: AdTagsRepository;
  /** The company's live creative (creatives' `find`): its size sizes the iframe. */
  creative(
    companyId: number,
    id: number,
    trx?: Executor,
  ): Promise<{ id: number; width: number; height: number } | undefined>;
  /** The company's publishers among `ids` (media entities' `named`): live ones, or deleted ones too. */
  publishers(
    companyId: number,
    ids: readonly number[],
    options?: { deleted?: false | 'any' },
    trx?: Executor,
  ): Promise<{ id: number; name: string }[]>;
  audit: AuditLog;
  transaction: Transactor;
  /** Where tags are served: RENDER_URL, else APP_URL (docs/design.md §11). */
  serveBase: string;
}

/**
 * A creative's ad tags (the ad tags issue): created and revoked by creative editors, read by anyone
 * who reads creatives. The token is 256 random bits, never derived from ids.
 */
export function createAdTagsService({ tags, creative, publishers, audit, transaction, serveBase }: Deps) {
  const creativeOf = async (user: User, id: number, trx?: Executor) => {
    const row = await creative(user.company_id, id, trx);
    if (!row) throw notFound();
    return row;
  };

  const toAdTag = (row: AdTagRow, size: { width: number; height: number }): AdTag => {
    const serveUrl = `${serveBase}${servePath(row.token)}`;
    return {
      id: row.id,
      name: row.name,
      media_entity_id: row.media_entity_id,
      token: row.token,
      ad_server: row.ad_server,
      serve_url: serveUrl,
      ...tagSnippets(serveUrl, size, row.ad_server),
      created_at: row.created_at,
      revoked_at: row.revoked_at,
    };
  };

  return {
    /** The tags with their publishers' names and what each served over the last seven UTC days (PostgreSQL sums come as text). */
    async list(user: User, creativeId: number): Promise<AdTagListItem[]> {
      const size = await creativeOf(user, creativeId);
      const fromDay = new Date(Date.now() - (AD_TAG_STATS_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
      const [rows, figures] = await Promise.all([
        tags.ofCreative(user.company_id, creativeId),
        tags.figures(user.company_id, creativeId, fromDay),
      ]);
      const publisherIds = [...new Set(rows.flatMap((row) => row.media_entity_id ?? []))];
      const names = new Map(
        // A tag keeps naming its publisher once deleted.
        (await publishers(user.company_id, publisherIds, { deleted: 'any' })).map((row) => [
          row.id,
          row.name,
        ]),
      );
      const byTag = new Map(figures.map((row) => [row.tag_id, row]));
      return rows.map((row) => {
        const served = byTag.get(row.id);
        return {
          ...toAdTag(row, size),
          media_entity_name: row.media_entity_id === null ? null : (names.get(row.media_entity_id) ?? null),
          impressions_7d: Number(served?.impressions ?? 0),
          clicks_7d: Number(served?.clicks ?? 0),
        };
      });
    },

    create: (user: User, creativeId: number, body: AdTagCreate): Promise<AdTag> =>
      transaction(async (trx) => {
        const size = await creativeOf(user, creativeId, trx);
        const publisher = body.media_entity_id ?? null;
        if (publisher !== null && (await publishers(user.company_id, [publisher], {}, trx)).length === 0)
          throw unprocessable({ media_entity_id: [AD_TAG_PUBLISHER_INVALID] });
        const row = await tags.insert(
          {
            company_id: user.company_id,
            creative_id: creativeId,
            media_entity_id: publisher,
            name: body.name,
            token: randomToken(),
            ad_server: body.ad_server,
            created_by: user.id,
            created_at: nowIso(),
          },
          trx,
        );
        await audit.log(trx, user, {
          entityId: row.id,
          action: 'created',
          changes: {
            name: [null, row.name],
            media_entity_id: [null, row.media_entity_id],
            ad_server: [null, row.ad_server],
          },
        });
        return toAdTag(row, size);
      }),

    /** Revokes a tag: its token answers 410 from now on. Revoking a revoked tag changes nothing. */
    revoke: (user: User, creativeId: number, tagId: number): Promise<void> =>
      transaction(async (trx) => {
        await creativeOf(user, creativeId, trx);
        const row = await tags.find(user.company_id, creativeId, tagId, trx);
        if (!row) throw notFound();
        const at = nowIso();
        if (await tags.revoke(user.company_id, row.id, at, trx))
          await audit.log(trx, user, {
            entityId: row.id,
            action: 'deleted',
            changes: { revoked_at: [null, at] },
          });
      }),
  };
}
export type AdTagsService = ReturnType<typeof createAdTagsService>;
