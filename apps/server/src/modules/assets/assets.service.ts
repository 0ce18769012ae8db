import { randomUUID } from 'node:crypto';
import {
  ASSET_RESTORE_DAYS,
  type Asset,
  type AssetCampaignListQuery,
  type AssetCampaignSummary,
  type AssetClaim,
  type AssetCreate,
  type AssetListQuery,
  type AssetUpdate,
  assetKindOf,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { created, diff } from '../../lib/audit-changes';
import { notFound, unprocessable } from '../../lib/http-errors';
import type { ListPage } from '../../lib/list';
import { resourceService } from '../../lib/resource';
import { nowIso } from '../../lib/time';
import { changedMeanwhile } from '../../lib/versions';
import type { MediaFacts, MediaProbe } from '../../storage/media-probe';
import type { AuditLog } from '../audit';
import { type CheckedUpload, notClaimable, type UploadsService } from '../uploads';
import type { AssetsRepository, AssetView } from './assets.repository';

export const CHANGED_MEANWHILE = changedMeanwhile('asset');
export const RESTORE_EXPIRED = `This asset was deleted more than ${ASSET_RESTORE_DAYS} days ago and can no longer be restored.`;
export const CREATIVE_DELETED = 'Restore its creative first.';

const DAY_MS = 86_400_000;
const RESTORE_MS = ASSET_RESTORE_DAYS * DAY_MS;
const THUMBNAIL_TYPE = 'image/webp';

/** What the assets slice needs to know of creatives (their slice answers it). */
export interface AssetRefs {
  /** The company's creative (live unless asked otherwise); undefined when it has none with this id. */
  creative(
    companyId: number,
    id: number,
    trx?: Executor,
    options?: { deleted?: boolean | 'any' },
  ): Promise<{ id: number; deleted_at: string | null } | undefined>;
  /** Clears the fallback of the company's creatives that use one of these assets; answers their ids. */
  clearFallbacks(
    companyId: number,
    assetIds: readonly number[],
    trx: Executor,
  ): Promise<{ id: number; fallback_asset_id: number | null }[]>;
}

interface Deps {
  assets: AssetsRepository;
  refs: AssetRefs;
  files: Pick<UploadsService, 'check' | 'keep' | 'release' | 'readUrl' | 'store' | 'remove'>;
  media: MediaProbe;
  audit: AuditLog;
  /** The creatives' side of the log: a deleted asset stops being a creative's fallback. */
  creativeAudit: AuditLog;
  transaction: Transactor;
}

/** An upload about to become an asset: where it goes and what it is. */
interface Prepared {
  upload: CheckedUpload;
  claim: AssetClaim;
  destination: string;
  facts: MediaFacts;
  thumbnailKey: string | null;
}

const purgeAt = (deletedAt: string | null) =>
  deletedAt ? new Date(Date.parse(deletedAt) + RESTORE_MS).toISOString() : null;

export function createAssetsService({ assets, refs, files, media, audit, creativeAudit, transaction }: Deps) {
  /** Asset names need not be unique: the base finds, edits, deletes and restores. */
  const base = resourceService({ noun: 'asset', repository: assets, audit, transaction });

  /** Rows as the API shows them: signed URLs, and the earlier live asset with the same bytes. */
  const toAssets = async (
    companyId: number,
    rows: readonly AssetView[],
    trx?: Executor,
  ): Promise<Asset[]> => {
    const earliest = await assets.earliestLive(companyId, rows, trx);
    return rows.map((row) => {
      const first = earliest.get(`${row.creative_id}|${row.sha256}`);
      const duplicateOf =
        first === undefined || first === row.id || (!row.deleted_at && first > row.id) ? null : first;
      return {
        id: row.id,
        creative_id: row.creative_id,
        campaign_id: row.campaign_id,
        name: row.name,
        original_name: row.original_name,
        content_type: row.content_type,
        kind: assetKindOf(row.content_type),
        extension: row.extension,
        size: row.size,
        width: row.width,
        height: row.height,
        sha256: row.sha256,
        duplicate_of: duplicateOf,
        url: files.readUrl(row.storage_key, row.content_type),
        thumbnail_url: row.thumbnail_key ? files.readUrl(row.thumbnail_key, THUMBNAIL_TYPE) : null,
        created_at: row.created_at,
        updated_at: row.updated_at,
        deleted_at: row.deleted_at,
        purge_at: purgeAt(row.deleted_at),
      };
    });
  };

  const view = async (user: User, id: number, trx?: Executor, deleted = false) => {
    const row = await assets.findView(user.company_id, id, trx, { deleted });
    if (!row) throw notFound();
    return (await toAssets(user.company_id, [row], trx))[0]!;
  };

  const mustFindCreative = async (user: User, creativeId: number, trx?: Executor) => {
    if (!(await refs.creative(user.company_id, creativeId, trx))) throw notFound();
  };

  /**
   * Measures each checked upload and stores its thumbnail, before anything is kept (reading a large
   * file inside the transaction would hold it open). Thumbnails made so far are removed on failure.
   */
  const prepare = async (user: User, creativeId: number, checked: CheckedUpload[], claims: AssetClaim[]) => {
    const prepared: Prepared[] = [];
    try {
      for (const [i, upload] of checked.entries()) {
        const base = `${user.company_id}/${creativeId}/${randomUUID()}`;
        const facts = await media.probeMedia(upload.file, upload.contentType).catch(missingAs(upload));
        let thumbnailKey: string | null = null;
        if (assetKindOf(upload.contentType) === 'image') {
          const thumbnail = await media.makeThumbnail(upload.file).catch(missingAs(upload));
          if (thumbnail) {
            thumbnailKey = `thumbnails/${base}.webp`;
            await files.store(thumbnailKey, thumbnail);
          }
        }
        prepared.push({
          upload,
          claim: claims[i]!,
          destination: `assets/${base}.${upload.extension}`,
          facts,
          thumbnailKey,
        });
      }
      return prepared;
    } catch (error) {
      await files.remove(thumbnailsOf(prepared));
      throw error;
    }
  };

  return {
    /** The company's asset, live or soft-deleted, for other areas; undefined without one. */
    find: (companyId: number, id: number, trx?: Executor) =>
      assets.findById(companyId, id, trx, { deleted: 'any' }),

    /** The company's assets, or one live creative's. */
    async list(user: User, query: AssetListQuery, creativeId?: number): Promise<ListPage<Asset>> {
      if (creativeId !== undefined) await mustFindCreative(user, creativeId);
      const page = await assets.list(
        user.company_id,
        creativeId === undefined ? query : { ...query, creative_id: creativeId },
      );
      return { data: await toAssets(user.company_id, page.data), meta: page.meta };
    },

    /** The `/assets` overview: campaigns with creatives, their figures and newest thumbnails. */
    async campaigns(user: User, query: AssetCampaignListQuery): Promise<ListPage<AssetCampaignSummary>> {
      const page = await assets.campaigns(user.company_id, query);
      const ids = page.data.map((row) => row.id);
      const [creatives, counted, latest] = await Promise.all([
        assets.creativeCounts(user.company_id, ids),
        assets.assetCounts(user.company_id, ids),
        assets.latestImages(user.company_id, ids),
      ]);
      return {
        data: page.data.map((campaign) => ({
          campaign: { id: campaign.id, name: campaign.name },
          creatives: creatives.get(campaign.id) ?? 0,
          assets: counted.get(campaign.id) ?? 0,
          latest: latest
            .filter((image) => image.campaign_id === campaign.id)
            .map((image) => ({
              id: image.id,
              name: image.name,
              thumbnail_url: files.readUrl(image.thumbnail_key, THUMBNAIL_TYPE),
            })),
        })),
        meta: page.meta,
      };
    },

    get: (user: User, id: number): Promise<Asset> => view(user, id),

    /**
     * Keeps uploads as assets of a live creative: one (`{key, name}`) or many (`{assets: […]}`), all
     * or nothing. Every file is checked first (a refused one is forgotten, the others stay
     * claimable); then each is hashed and measured and an image gets its thumbnail; then, in one
     * transaction, the uploads are claimed, the rows and their audit entries written and the files
     * moved into place.
     */
    async claim(user: User, creativeId: number, body: AssetCreate): Promise<Asset | Asset[]> {
      const single = !('assets' in body);
      const claims = 'assets' in body ? body.assets : [body];
      await mustFindCreative(user, creativeId);
      const checked = await files.check(
        user.company_id,
        claims.map((claim, i) => ({
          key: claim.key,
          name: claim.name,
          field: single ? 'key' : `assets.${i}.key`,
        })),
        'asset',
      );
      const prepared = await prepare(user, creativeId, checked, claims).catch(async (error) => {
        await files.release(checked);
        throw error;
      });
      let ids: number[];
      try {
        ids = await files.keep(
          prepared.map(({ upload, destination }) => ({ upload, destination })),
          async (trx) => {
            // The creative may have been deleted while the files were read.
            await mustFindCreative(user, creativeId, trx);
            const now = nowIso();
            const made: number[] = [];
            for (const p of prepared) {
              const fields = {
                creative_id: creativeId,
                name: p.claim.name,
                original_name: p.claim.name,
                content_type: p.upload.contentType,
                extension: p.upload.extension,
                size: p.upload.size,
                sha256: p.facts.sha256,
                width: p.facts.width,
                height: p.facts.height,
              };
              const { id } = await assets.insert(
                {
                  ...fields,
                  company_id: user.company_id,
                  storage_key: p.destination,
                  thumbnail_key: p.thumbnailKey,
                  created_at: now,
                  updated_at: now,
                  deleted_at: null,
                },
                trx,
              );
              made.push(id);
              await audit.log(trx, user, { entityId: id, action: 'created', changes: created(fields) });
            }
            return made;
          },
        );
      } catch (error) {
        await files.remove(thumbnailsOf(prepared));
        throw error;
      }
      const rows = await assets.findViews(user.company_id, ids);
      const byId = new Map((await toAssets(user.company_id, rows)).map((asset) => [asset.id, asset]));
      const kept = ids.map((id) => byId.get(id)!);
      return single ? kept[0]! : kept;
    },

    /** Renames an asset; the edit must be based on its current version (409 when stale). */
    update: (user: User, id: number, body: AssetUpdate, ifMatch?: string): Promise<Asset> =>
      base.update(user, id, body.updated_at, ifMatch, {
        plan: (row) => ({
          values: { name: body.name },
          changes: diff({ name: row.name }, { name: body.name }),
        }),
        view: (_row, trx) => view(user, id, trx),
      }),

    /**
     * Soft delete: restorable for ASSET_RESTORE_DAYS, then purged with its files. A creative whose
     * fallback it was has none any more (audited on the creative).
     */
    remove: (user: User, id: number): Promise<void> =>
      base.remove(user, id, {
        async after(_row, _at, trx) {
          const cleared = await refs.clearFallbacks(user.company_id, [id], trx);
          await creativeAudit.log(
            trx,
            user,
            ...cleared.map((creative) => ({
              entityId: creative.id,
              action: 'updated' as const,
              changes: { fallback_asset_id: [creative.fallback_asset_id, null] as [unknown, unknown] },
            })),
          );
        },
      }),

    /** Brings a deleted asset back within ASSET_RESTORE_DAYS, if its creative is live. */
    restore: (user: User, id: number, now = Date.now()): Promise<Asset> =>
      base.restore(
        user,
        id,
        (row, trx) => view(user, row.id, trx),
        async (row, trx) => {
          if (Date.parse(row.deleted_at!) + RESTORE_MS <= now)
            throw unprocessable({ deleted_at: [RESTORE_EXPIRED] });
          if (!(await refs.creative(user.company_id, row.creative_id, trx)))
            throw unprocessable({ creative_id: [CREATIVE_DELETED] });
        },
      ),

    /**
     * Removes, for every company, the assets deleted more than ASSET_RESTORE_DAYS before `now`, with
     * their files and thumbnails. Rows go first: a file whose removal fails is an orphan on disk,
     * never a row pointing at nothing.
     */
    async purge(now = Date.now()): Promise<number> {
      const before = new Date(now - RESTORE_MS).toISOString();
      let purged = 0;
      for (;;) {
        const rows = await assets.purgeable(before, 500);
        if (rows.length === 0) return purged;
        await assets.deleteRows(rows.map((row) => row.id));
        await files.remove(
          rows.flatMap((row) => [row.storage_key, ...(row.thumbnail_key ? [row.thumbnail_key] : [])]),
        );
        purged += rows.length;
      }
    },
  };
}
export type AssetsService = ReturnType<typeof createAssetsService>;

const thumbnailsOf = (prepared: readonly Prepared[]) =>
  prepared.flatMap((p) => (p.thumbnailKey ? [p.thumbnailKey] : []));

/** A file moved away meanwhile (a concurrent claim took it) is an upload no longer there to claim. */
const missingAs =
  (upload: CheckedUpload) =>
  (error: NodeJS.ErrnoException): never => {
    throw error.code === 'ENOENT' ? notClaimable(upload.field) : error;
  };
