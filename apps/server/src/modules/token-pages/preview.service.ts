import {
  type ExternalPreview,
  type ExternalSimulation,
  PREVIEW_VARIANTS_MAX,
  type SimulationContext,
} from '@adstudio/contract';
import { notFound } from '../../lib/http-errors';
import type { ProfilesService } from '../profiles';
import { hasConditions, type RuleChooser, ruleFilterOf } from '../rule-selection';
import type { TokenLinks, Viewer } from '../token-links';
import type { CreativePreviews } from './creative-previews';
import type { PreviewRepository } from './preview.repository';

interface Deps {
  links: TokenLinks;
  previews: PreviewRepository;
  profiles: Pick<ProfilesService, 'activeServedRules'>;
  creativePreviews: Pick<CreativePreviews, 'renderUrls' | 'fallbackUrl'>;
  /** The creative simulator's choice (rule selection's chooser). */
  chooseRule: RuleChooser;
}

/** What an outsider may set of a viewer's context: when, where and who. */
export type OutsiderContext = Pick<
  SimulationContext,
  'at' | 'time_zone' | 'country' | 'region' | 'city' | 'device' | 'language'
>;

/** The creative preview a token link shares (docs/design.md §9). */
export function createPreviewService({ links, previews, profiles, creativePreviews, chooseRule }: Deps) {
  return {
    /**
     * What `/externalpreview/{token}` shows, the opening logged: the creative, its variants (the
     * active rules it serves in feed order, at most PREVIEW_VARIANTS_MAX; rule 0 for a creative
     * without feed) with their render URLs, and its fallback image. 404/410 for a bad link.
     */
    async open(token: string, viewer: Viewer): Promise<ExternalPreview> {
      const link = await links.open('preview', token, viewer);
      const creative = await previews.creative(link.company_id, link.creative_id);
      if (!creative) throw notFound();
      const renderUrl = await creativePreviews.renderUrls(creative.id);
      const served =
        creative.profile_id === null
          ? undefined
          : await profiles.activeServedRules(
              creative.profile_id,
              ruleFilterOf(creative.rule_filter),
              PREVIEW_VARIANTS_MAX,
            );
      return {
        creative: {
          id: creative.id,
          name: creative.name,
          width: creative.width,
          height: creative.height,
          status: creative.status,
        },
        variants: served
          ? served.rows.map((rule) => ({
              rule_id: rule.id,
              reporting_label: rule.reporting_label || rule.unique_id,
              render_url: renderUrl(rule.id),
            }))
          : [{ rule_id: 0, reporting_label: creative.name, render_url: renderUrl(0) }],
        variants_total: served ? served.total : 1,
        fallback_url: await creativePreviews.fallbackUrl(creative.id, creative.fallback_asset_id),
      };
    },

    /**
     * Which variant a viewer would get (the page's read-only simulator): the choice and its render,
     * not the rules tried. Not a view; 404/410 for a bad link, 422 for a creative without feed.
     */
    async simulate(token: string, asked: OutsiderContext): Promise<ExternalSimulation> {
      const link = await links.check('preview', token);
      const context = { ...asked, params: {}, datasources: {} };
      const chosen = await chooseRule(link.company_id, link.creative_id, context);
      const renderUrl = await creativePreviews.renderUrls(link.creative_id);
      return {
        context: {
          date: chosen.context.date,
          time: chosen.context.time,
          weekday: chosen.context.weekday,
          time_zone: context.time_zone,
        },
        variant: chosen.rule
          ? {
              rule_id: chosen.rule.id,
              reporting_label: chosen.rule.reporting_label || chosen.rule.unique_id,
              has_conditions: hasConditions(chosen.rule),
            }
          : null,
        reason: chosen.selection.reason,
        render_url: chosen.rule ? renderUrl(chosen.rule.id) : null,
      };
    },
  };
}
export type PreviewService = ReturnType<typeof createPreviewService>;
