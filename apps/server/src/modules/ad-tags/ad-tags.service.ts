import {
  AD_TAG_PUBLISHER_INVALID,
  type AdTag,
  type AdTagCreate,
  type AdTagListItem,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { type Changes, created } from '../../lib/audit-changes';
import { found, unprocessable } from '../../lib/http-errors';
import { pick } from '../../lib/pick';
import { nowIso } from '../../lib/time';
import { randomToken } from '../../lib/tokens';
import type { AuditLog } from '../audit';
import type { MediaEntitiesService } from '../media-entities';
import { tagCode } from '../serving';
import type { AdTagRow, AdTagsRepository } from './ad-tags.repository';

type Size = { width: number; height: number };
/** The columns a tag shows as they are; its serve URL and snippets are made from its token. */
const SHOWN = ['id', 'name', 'media_entity_id', 'token', 'ad_server', 'created_at', 'revoked_at'] as const;

interface Deps {
  tags: AdTagsRepository;
  /** The company's live creative (creatives' `find`): its size sizes the iframe. */
  creative(companyId: number, id: number, trx?: Executor): Promise<Size | undefined>;
  /** The company's live publishers among `ids`. */
  publishers: MediaEntitiesService['named'];
  audit: AuditLog;
  transaction: Transactor;
  /** Where tags are served: RENDER_URL, else APP_URL (docs/design.md §11). */
  serveBase: string;
}

/**
 * A creative's ad tags: created and revoked by creative editors, read by anyone who reads
 * creatives. The token is 256 random bits, never derived from ids; a revoked tag stays listed.
 */
export function createAdTagsService({ tags, creative, publishers, audit, transaction, serveBase }: Deps) {
  const creativeOf = async (user: User, id: number, trx?: Executor) =>
    found(await creative(user.company_id, id, trx));
  const toAdTag = (row: AdTagRow, size: Size): AdTag => ({
    ...pick(row, SHOWN),
    ...tagCode(serveBase, row, size),
  });

  return {
    /** The tags with their publishers' names and what each served over the last seven UTC days. */
    async list(user: User, creativeId: number): Promise<AdTagListItem[]> {
      const size = await creativeOf(user, creativeId);
      return (await tags.withFigures(user.company_id, creativeId)).map((row) => ({
        ...toAdTag(row, size),
        media_entity_name: row.media_entity_name,
        impressions_7d: Number(row.impressions ?? 0),
        clicks_7d: Number(row.clicks ?? 0),
      }));
    },

    create: (user: User, creativeId: number, body: AdTagCreate): Promise<AdTag> =>
      transaction(async (trx) => {
        const size = await creativeOf(user, creativeId, trx);
        const publisher = body.media_entity_id ?? null;
        if (publisher !== null && (await publishers(user.company_id, [publisher], {}, trx)).length === 0)
          throw unprocessable({ media_entity_id: [AD_TAG_PUBLISHER_INVALID] });
        const row = await tags.insert(
          { ...body, media_entity_id: publisher, token: randomToken(), created_at: nowIso() },
          { company_id: user.company_id, creative_id: creativeId, created_by: user.id },
          trx,
        );
        const changes = created({ name: row.name, media_entity_id: publisher, ad_server: row.ad_server });
        await audit.log(trx, user, { entityId: row.id, action: 'created', changes });
        return toAdTag(row, size);
      }),

    /** Revokes a tag: its token answers 410 from now on. Revoking a revoked tag changes nothing. */
    revoke: (user: User, creativeId: number, tagId: number): Promise<void> =>
      transaction(async (trx) => {
        await creativeOf(user, creativeId, trx);
        const row = found(await tags.find(user.company_id, creativeId, tagId, trx));
        const at = nowIso();
        const changes: Changes = { revoked_at: [null, at] };
        if (await tags.revoke(user.company_id, row.id, at, trx))
          await audit.log(trx, user, { entityId: row.id, action: 'deleted', changes });
      }),
  };
}
export type AdTagsService = ReturnType<typeof createAdTagsService>;
