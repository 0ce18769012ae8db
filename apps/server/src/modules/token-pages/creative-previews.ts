import type { FastifyInstance } from 'fastify';
import { createProfilesRepository } from '../profiles/profiles.repository';
import { variantRenderUrlsOn } from '../render/render-links';
import { ruleFilterOf } from '../rule-selection/choose-rule';
import { createPreviewRepository } from './preview.repository';

/** What token pages show of a creative they reach: sandboxed renders and the fallback image. */
export function creativePreviewsOn(app: FastifyInstance) {
  const previews = createPreviewRepository(app.db);
  const profiles = createProfilesRepository(app.db);
  const renderUrls = variantRenderUrlsOn(app);
  const files = app.services.uploads;
  return {
    renderUrls,

    /** A short-lived URL of the creative's live fallback image; null without one. */
    async fallbackUrl(creativeId: number, assetId: number | null): Promise<string | null> {
      if (assetId === null) return null;
      const fallback = await previews.fallback(creativeId, assetId);
      return fallback ? files.readUrl(fallback.storage_key, fallback.content_type) : null;
    },

    /** The creative's first variant (its feed's first active served rule; rule 0 without feed), rendered. */
    async firstVariant(creative: { id: number; profile_id: number | null; rule_filter: string | null }) {
      const url = await renderUrls(creative.id);
      if (creative.profile_id === null) return { rule_id: 0, render_url: url(0) };
      const served = await profiles.activeServedRules(
        creative.profile_id,
        ruleFilterOf(creative.rule_filter),
        1,
      );
      const rule = served.rows[0];
      return rule ? { rule_id: rule.id, render_url: url(rule.id) } : { rule_id: 0, render_url: null };
    },
  };
}
export type CreativePreviews = ReturnType<typeof creativePreviewsOn>;
