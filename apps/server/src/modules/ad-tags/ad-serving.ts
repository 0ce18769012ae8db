import { type SimulationContext, SimulationContextSchema } from '@adstudio/contract';
import { isBot } from '../../lib/bots';
import { HttpError, notFound } from '../../lib/http-errors';
import type { RenderService } from '../render';
import type { RuleChooser } from '../rule-selection';
import type { StatsBuffer, TrackingLinks } from '../tracking';
import type { AdServingRepository } from './ad-tags.repository';
import { adServerClick, fallbackDocument, loaderScript, servePath } from './snippets';

/** A revoked tag (DESIGN section 4: 410 for a revoked token). */
export const TAG_REVOKED = 'This ad tag was revoked.';
/** Tokens are 256-bit, base64url (43 characters); anything else is no token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Query parameters of the ad call that conditions may read (`param:<name>`), at most. */
const PARAMS_MAX = 20;
/** The tag's own parameters, which are no `param:` of the ad call. */
const OWN_PARAMS = new Set(['click', 'tz', 'cb']);
/** A 1×1 transparent GIF: what a tag shows when nothing may serve. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

interface Deps {
  repository: AdServingRepository;
  chooseRule: RuleChooser;
  /** The render's document of a creative's newest approved package (render's `liveDocument`). */
  document: RenderService['liveDocument'];
  clickUrl: TrackingLinks['clickUrl'];
  /** A short-lived signed URL of a stored file (uploads' `readUrl`). */
  readUrl(key: string, contentType: string): string;
  stats: Pick<StatsBuffer, 'add'>;
  /** Where tags are served: RENDER_URL, else APP_URL. */
  serveBase: string;
}

/** What a served tag's request tells about its viewer. */
export interface Viewer {
  country: string | undefined;
  region: string | undefined;
  /** The browser's time zone (the JS tag sends it); anything but an IANA zone is ignored. */
  timeZone: unknown;
  /** The ad server's click URL (`click`); dropped unless an http(s) URL (snippets.ts). */
  click: unknown;
  /** The other query parameters of the call. */
  query: Record<string, unknown>;
  userAgent: string | undefined;
  head: boolean;
}

/** A served tag's answer: a file sent as renders are, named for its type, and the rule it plays. */
export interface Served {
  file: 'index.html' | 'fallback.html' | 'empty.gif' | 'tag.js';
  body: Buffer;
  ruleId?: number;
}

/**
 * The viewer's context for rule selection, each part kept only when it is valid on its own: a bad
 * time zone or country is ignored (read as absent), never refused — a served tag answers anyway.
 */
export function viewerContext(
  viewer: Pick<Viewer, 'country' | 'region' | 'timeZone' | 'query'>,
): SimulationContext {
  const params = Object.fromEntries(
    Object.entries(viewer.query)
      .filter(([name, value]) => !OWN_PARAMS.has(name) && typeof value === 'string')
      .slice(0, PARAMS_MAX),
  );
  const candidate: Record<string, unknown> = {
    time_zone: typeof viewer.timeZone === 'string' && viewer.timeZone !== '' ? viewer.timeZone : undefined,
    country: viewer.country,
    region: viewer.region,
    params,
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    const parsed = SimulationContextSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete candidate[String(issue.path[0])];
  }
  return SimulationContextSchema.parse({});
}

/**
 * Serving ad tags (the ad tags issue, DESIGN section 11): the token names a tag; a live creative
 * with an approved package serves the variant rule selection chooses for the viewer, when the tag's
 * publisher approved it (if the campaign asked them); otherwise its fallback image, else a 1×1 GIF.
 * Served variants and fallbacks count an impression for the tag, creative and rule (not for bots
 * or HEAD requests); nothing about the viewer is stored.
 */
export function createAdServing({
  repository,
  chooseRule,
  document,
  clickUrl,
  readUrl,
  stats,
  serveBase,
}: Deps) {
  async function tagOf(token: string) {
    if (!TOKEN_SHAPE.test(token)) throw notFound();
    const tag = await repository.byToken(token);
    if (!tag) throw notFound();
    if (tag.revoked_at !== null) throw new HttpError(410, TAG_REVOKED);
    return tag;
  }
  type Tag = Awaited<ReturnType<typeof tagOf>>;

  /** Whether the tag's publisher lets the creative serve: approved, or never asked. */
  async function publisherAllows(tag: Tag, campaignId: number) {
    if (tag.media_entity_id === null) return true;
    const verdict = await repository.verdict(campaignId, tag.creative_id, tag.media_entity_id);
    return verdict === undefined || verdict === 'approved';
  }

  /** The rule the viewer gets (0: the creative has no feed, or the feed has no rule to give). */
  async function ruleFor(tag: Tag, context: SimulationContext) {
    if (tag.profile_id === null) return 0;
    try {
      return (await chooseRule(tag.company_id, tag.creative_id, context)).rule?.id ?? 0;
    } catch (error) {
      // A feed deleted meanwhile (422) or a creative gone (404): the creative plays without content.
      if (error instanceof HttpError && error.statusCode < 500) return 0;
      throw error;
    }
  }

  return {
    /** The JS tag: an iframe of the tag's document at the creative's size (it decides nothing itself). */
    async loader(token: string, click: unknown): Promise<Served> {
      const tag = await tagOf(token);
      const size = { width: tag.width ?? 1, height: tag.height ?? 1 };
      const script = loaderScript(`${serveBase}${servePath(token)}`, size, adServerClick(click));
      return { file: 'tag.js', body: Buffer.from(script, 'utf8') };
    },

    /** The tag's document for this viewer. */
    async serve(token: string, viewer: Viewer): Promise<Served> {
      const tag = await tagOf(token);
      const campaignId = tag.campaign_id;
      if (campaignId === null || tag.width === null || tag.height === null)
        return { file: 'empty.gif', body: PIXEL };
      const view = { campaignId, creativeId: tag.creative_id, tagId: tag.id, preview: false };
      const prefix = adServerClick(viewer.click) ?? '';
      const counted = (served: Served, ruleId: number): Served => {
        if (!viewer.head && !isBot(viewer.userAgent)) stats.add({ ...view, ruleId }, 'impression');
        return served;
      };

      if (tag.status === 'live' && (await publisherAllows(tag, campaignId))) {
        const ruleId = await ruleFor(tag, viewerContext(viewer));
        const file = await document(tag.creative_id, ruleId, prefix + clickUrl({ ...view, ruleId }));
        if (file) {
          const served: Served = { file: 'index.html', body: file.body as Buffer };
          return counted(ruleId > 0 ? { ...served, ruleId } : served, ruleId);
        }
      }
      const image =
        tag.fallback_asset_id === null
          ? undefined
          : await repository.fallback(tag.creative_id, tag.fallback_asset_id);
      if (!image) return { file: 'empty.gif', body: PIXEL };
      const html = fallbackDocument(
        readUrl(image.storage_key, image.content_type),
        prefix + clickUrl({ ...view, ruleId: 0 }),
        { width: tag.width, height: tag.height },
      );
      return counted({ file: 'fallback.html', body: Buffer.from(html, 'utf8') }, 0);
    },
  };
}
export type AdServing = ReturnType<typeof createAdServing>;
