import type { Db } from '../../db/database';

/** What the creative preview page reads: reached only through the creative its link names. */
export function createPreviewRepository(db: Db) {
  return {
    /** The link's creative, if it is still live. */
    creative: (companyId: number, id: number) =>
      db
        .selectFrom('creatives')
        .select(['id', 'name', 'width', 'height', 'status', 'profile_id', 'rule_filter', 'fallback_asset_id'])
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),

    /** The creative's live fallback image (its file and type). */
    fallback: (creativeId: number, assetId: number) =>
      db
        .selectFrom('assets')
        .select(['storage_key', 'content_type'])
        .where('id', '=', assetId)
        .where('creative_id', '=', creativeId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
  };
}
export type PreviewRepository = ReturnType<typeof createPreviewRepository>;
