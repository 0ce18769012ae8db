import type { RuleFilter } from '@adstudio/contract';
import { ruleFilterOf } from '../rule-selection';
import type { PreviewRepository } from './preview.repository';

interface Deps {
  previews: Pick<PreviewRepository, 'fallback'>;
  /** The active rules a rule filter serves, feed order: the first `limit` (asked of profiles). */
  activeServedRules(
    profileId: number,
    filter: RuleFilter | null,
    limit: number,
  ): Promise<{ rows: { id: number }[]; total: number }>;
  /** Render URLs of a creative's variants, by rule id (renders' `createVariantRenderUrls`). */
  renderUrls(creativeId: number): Promise<(ruleId: number) => string | null>;
  /** A short-lived signed URL of a stored file (uploads). */
  readUrl(key: string, contentType: string): string;
}

/** What token pages show of a creative they reach: sandboxed renders and the fallback image. */
export function createCreativePreviews({ previews, activeServedRules, renderUrls, readUrl }: Deps) {
  /** The creative's first variant (its feed's first active served rule; rule 0 without feed), rendered. */
  async function firstVariant(creative: {
    id: number;
    profile_id: number | null;
    rule_filter: string | null;
  }) {
    const url = await renderUrls(creative.id);
    if (creative.profile_id === null) return { rule_id: 0, render_url: url(0) };
    const served = await activeServedRules(creative.profile_id, ruleFilterOf(creative.rule_filter), 1);
    const rule = served.rows[0];
    return rule ? { rule_id: rule.id, render_url: url(rule.id) } : { rule_id: 0, render_url: null };
  }

  /** A short-lived URL of the creative's live fallback image; null without one. */
  async function fallbackUrl(creativeId: number, assetId: number | null): Promise<string | null> {
    if (assetId === null) return null;
    const fallback = await previews.fallback(creativeId, assetId);
    return fallback ? readUrl(fallback.storage_key, fallback.content_type) : null;
  }

  return {
    renderUrls,
    fallbackUrl,

    /** What a publisher's approvals page shows of a creative: its first variant rendered, its fallback. */
    async forApproval(creative: {
      creative_id: number;
      fallback_asset_id: number | null;
      profile_id: number | null;
      rule_filter: string | null;
    }): Promise<{ render_url: string | null; fallback_url: string | null }> {
      const preview = await firstVariant({
        id: creative.creative_id,
        profile_id: creative.profile_id,
        rule_filter: creative.rule_filter,
      });
      return {
        render_url: preview.render_url,
        fallback_url: await fallbackUrl(creative.creative_id, creative.fallback_asset_id),
      };
    },
  };
}
export type CreativePreviews = ReturnType<typeof createCreativePreviews>;
