import { isBot } from '../../lib/bots';
import { notFound } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import { followableUrl, ruleExitUrl } from './exit-url';
import type { StatsBuffer } from './stats-buffer';
import type { TrackingRepository } from './tracking.repository';
import type { TrackedView, TrackingLinks } from './tracking-links';

interface Deps {
  links: Pick<TrackingLinks, 'verify' | 'clickId'>;
  repository: Pick<TrackingRepository, 'creative' | 'ruleData'>;
  stats: Pick<StatsBuffer, 'add'>;
}

/** A tracker's request, as far as counting goes. */
export interface TrackerHit {
  v: unknown;
  s: unknown;
  userAgent: string | undefined;
  /** HEAD requests (link checkers, prefetchers) are answered but never counted. */
  head: boolean;
}

/**
 * The trackers (docs/design.md §9). They count only genuine signed views, never previews or bots,
 * and leave the checks on creatives to the buffer's flush, so an impression costs no query.
 */
export function createTrackingService({ links, repository, stats }: Deps) {
  const counts = (view: TrackedView, hit: TrackerHit) => !view.preview && !hit.head && !isBot(hit.userAgent);

  /**
   * Where a click on `view` goes: the rule's exit column, else the creative's click URL, when the
   * creative is live in the signed campaign and the rule is one of its profile's; http(s) only.
   */
  async function exitOf(view: TrackedView): Promise<{ url: string; clickIdParam: string } | undefined> {
    const creative = await repository.creative(view.creativeId);
    if (!creative || creative.deleted_at !== null || creative.campaign_id !== view.campaignId)
      return undefined;
    let exit: string | undefined;
    if (view.ruleId !== 0) {
      if (creative.profile_id === null) return undefined;
      const data = await repository.ruleData(view.ruleId, creative.profile_id);
      if (data === undefined) return undefined;
      exit = ruleExitUrl(parseJson<unknown>(data, null));
    }
    const url = followableUrl(exit ?? creative.click_url);
    return url ? { url, clickIdParam: creative.click_id_param } : undefined;
  }

  return {
    /** Counts an impression when it should; a tracking pixel answers the same whatever happens here. */
    impression(hit: TrackerHit): void {
      const view = links.verify(hit.v, hit.s);
      if (view && counts(view, hit)) stats.add(view, 'impression');
    },

    /**
     * The exit URL of a genuine click, counted when it should be, with the click's id in the
     * creative's click id parameter (a counted click only: conversions follow counted clicks);
     * 404 otherwise.
     */
    async click(hit: TrackerHit): Promise<string> {
      const view = links.verify(hit.v, hit.s);
      const exit = view && (await exitOf(view));
      if (!view || !exit) throw notFound();
      if (!counts(view, hit)) return exit.url;
      stats.add(view, 'click');
      const { preview: _, ...clicked } = view;
      const url = new URL(exit.url);
      url.searchParams.set(exit.clickIdParam, links.clickId(clicked, new Date()));
      return url.href;
    },
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
