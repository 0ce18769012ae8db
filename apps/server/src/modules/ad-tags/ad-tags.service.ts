import {
  AD_TAG_PUBLISHER_INVALID,
  type AdTag,
  type AdTagCreate,
  type AdTagListItem,
  CAMPAIGN_TAGS_MAX,
  CAMPAIGN_TAGS_TOO_MANY,
  type CampaignAdTag,
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
type Sized = Size & { id: number; name: string };
/** The columns a tag shows as they are; its serve URL and snippets are made from its token. */
const SHOWN = ['id', 'name', 'media_entity_id', 'token', 'ad_server', 'created_at', 'revoked_at'] as const;

interface Deps {
  tags: AdTagsRepository;
  /** The company's live creative (creatives' `find`): its size sizes the iframe. */
  creative(companyId: number, id: number, trx?: Executor): Promise<Size | undefined>;
  /** The company's live campaign (campaigns' `find`): undefined when there is none to see. */
  campaign(companyId: number, id: number): Promise<unknown>;
  /** A campaign's live creatives with their sizes, in the order its tags are listed (creatives' `ofCampaign`). */
  creativesOf(companyId: number, campaignId: number): Promise<Sized[]>;
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
export function createAdTagsService(deps: Deps) {
  const { tags, creative, publishers, audit, transaction, serveBase } = deps;
  const creativeOf = async (user: User, id: number, trx?: Executor) =>
    found(await creative(user.company_id, id, trx));
  const toAdTag = (row: AdTagRow, size: Size): AdTag => ({
    ...pick(row, SHOWN),
    ...tagCode(serveBase, row, size),
  });
  type FiguredRow = Awaited<ReturnType<AdTagsRepository['withFigures']>>[number];
  const toListItem = (row: FiguredRow, size: Size): AdTagListItem => ({
    ...toAdTag(row, size),
    media_entity_name: row.media_entity_name,
    impressions_7d: Number(row.impressions ?? 0),
    clicks_7d: Number(row.clicks ?? 0),
  });

  return {
    /** The tags with their publishers' names and what each served over the last seven UTC days. */
    async list(user: User, creativeId: number): Promise<AdTagListItem[]> {
      const size = await creativeOf(user, creativeId);
      return (await tags.withFigures(user.company_id, [creativeId])).map((row) => toListItem(row, size));
    },

    /**
     * Every tag of the campaign's live creatives, by creative (by name) then oldest first, each with
     * its creative's name and size; 404 for a campaign this user cannot see, 422 past CAMPAIGN_TAGS_MAX.
     */
    async ofCampaign(user: User, campaignId: number): Promise<CampaignAdTag[]> {
      found(await deps.campaign(user.company_id, campaignId));
      const creatives = await deps.creativesOf(user.company_id, campaignId);
      const rows = await tags.withFigures(
        user.company_id,
        creatives.map((c) => c.id),
        { limit: CAMPAIGN_TAGS_MAX + 1 },
      );
      if (rows.length > CAMPAIGN_TAGS_MAX) throw unprocessable({ id: [CAMPAIGN_TAGS_TOO_MANY] });
      const byCreative = new Map<number, FiguredRow[]>();
      for (const row of rows)
        byCreative.set(row.creative_id, [...(byCreative.get(row.creative_id) ?? []), row]);
      return creatives.flatMap((c) =>
        (byCreative.get(c.id) ?? []).map((row) => ({
          ...toListItem(row, c),
          creative_id: c.id,
          creative_name: c.name,
          width: c.width,
          height: c.height,
        })),
      );
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
