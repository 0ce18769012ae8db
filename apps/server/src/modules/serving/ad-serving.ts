import type { Readable } from 'node:stream';
import {
  AD_SERVER_MACROS,
  type AdServerMacros,
  type DataValue,
  type EvaluationContext,
  evaluationContext,
  type SimulationContext,
  type TagTrialBecause,
} from '@adstudio/contract';
import { type ChangeFeed, EVERYTHING } from '../../db/change-feed';
import { isBot } from '../../lib/bots';
import { HttpError, notFound } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import { type LiveValues, placeholdersOf } from '../data-sources';
import type { LiveEntry, RenderService } from '../render';
import type { CompiledFeed, RuleChooser } from '../rule-selection';
import type { StatsBuffer, TrackedView, TrackingLinks } from '../tracking';
import type { AdServingRepository } from './serving.repository';
import { adCall, type Viewer, viewerContext } from './viewer';

export type { Viewer } from './viewer';

import { createServingCache } from './serving-cache';
import { fallbackDocument, givenClick, joinedClick, loaderScript, servePath } from './snippets';

/** A revoked tag (docs/design.md §4: 410 for a revoked token). */
export const TAG_REVOKED = 'This ad tag was revoked.';
/** Tokens are 256-bit, base64url (43 characters); anything else is no token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** A 1×1 transparent GIF: what a tag shows when nothing may serve. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

interface Deps {
  repository: AdServingRepository;
  /** Committed changes of what tags serve, as every instance hears them. */
  changes: ChangeFeed;
  /** The creative's feed compiled for serving (rule selection's `compileFeed`). */
  compileFeed(
    companyId: number,
    creative: { profile_id: number | null; rule_filter: string | null },
  ): Promise<CompiledFeed | 'none' | 'too_large'>;
  /** The creative's newest approved package as served documents play it (render's `liveEntry`). */
  liveEntry: RenderService['liveEntry'];
  /** A rule's content as documents take it (render's `contentOf`). */
  contentOf: RenderService['contentOf'];
  /** Data source values from memory (stale-while-revalidate, within a time budget). */
  values: Pick<LiveValues, 'valuesOf' | 'forget' | 'clear'>;
  /** Rule selection reading the feed (for feeds too large to compile) and the render's document of it. */
  chooseRule: RuleChooser;
  document: RenderService['liveDocument'];
  clickUrl: TrackingLinks['clickUrl'];
  /** A short-lived signed URL of a stored file (uploads' `readUrl`). */
  readUrl(key: string, contentType: string): string;
  stats: Pick<StatsBuffer, 'add'>;
  /** Where tags are served: RENDER_URL, else APP_URL. */
  serveBase: string;
}

/** A served tag's answer: a file sent as renders are, named for its type, and the rule it plays. */
export interface Served {
  file: 'index.html' | 'fallback.html' | 'empty.gif' | 'tag.js';
  body: Buffer;
  ruleId?: number;
  /** The body's Content-Encoding, when it is encoded. */
  encoding?: 'gzip';
}

/** A tag as serving keeps it: what its token names, and whether its publisher lets the creative serve. */
interface ServedTag {
  id: number;
  companyId: number;
  creativeId: number;
  revoked: boolean;
  /** Approved by the tag's publisher, or never asked (or no publisher). */
  allowed: boolean;
  /** The macros of the ad server the tag is pasted into (none: `generic`). */
  macros: AdServerMacros | null;
  creative: NonNullable<Awaited<ReturnType<AdServingRepository['byToken']>>>;
}

/** A creative as serving keeps it, compiled: everything a decision and its document need. */
interface ServingSet {
  campaignId: number;
  live: boolean;
  size: { width: number; height: number };
  entry: LiveEntry | undefined;
  fallback: { storage_key: string; content_type: string } | undefined;
  feed: CompiledFeed | 'none' | 'too_large';
  /** Content literals of the rules served so far (made on first use). */
  contents: Map<number, string>;
  /** Our click tracker's signed URL per tag and rule (`{tag}.{rule}`), made on first use. */
  trackers: Map<string, string>;
}

/**
 * What a tag serves a viewer: a variant (rule 0: the creative's own content), the fallback, or
 * nothing; and why (contract `TAG_TRIAL_BECAUSE`).
 */
export type TagDecision =
  | { serves: 'variant'; ruleId: number; because: 'served' }
  | { serves: 'fallback' | 'nothing'; ruleId?: undefined; because: Exclude<TagTrialBecause, 'served'> };

/**
 * Serving ad tags (docs/design.md §11): the token names a tag; a live creative
 * with an approved package serves the variant rule selection chooses for the viewer, when the tag's
 * publisher approved it (if the campaign asked them); otherwise its fallback image, else a 1×1 GIF.
 * The hot path reads no database: tags and compiled creatives are kept in memory and dropped when
 * the change feed announces a change they depend on (serving-cache.ts); data source values come
 * from memory too. Served variants and fallbacks count an impression for the tag, creative and rule
 * (not for bots or HEAD requests); nothing about the viewer is stored.
 */
export function createAdServing({
  repository,
  changes,
  compileFeed,
  liveEntry,
  contentOf,
  values,
  chooseRule,
  document,
  clickUrl,
  readUrl,
  stats,
  serveBase,
}: Deps) {
  const cache = createServingCache<ServedTag, ServingSet>(changes, (keys) => {
    for (const key of keys) {
      if (key === EVERYTHING) values.clear();
      else if (key.startsWith('data_source:')) values.forget(Number(key.slice('data_source:'.length)));
    }
  });
  const noContent = contentOf(null);
  /** Viewer contexts judged already, by zone, country and region (all a plain ad call gives). */
  const judgedContexts = new Map<string, SimulationContext>();

  const loadTag = async (token: string) => {
    const row = await repository.byToken(token);
    if (!row) return undefined;
    const verdict =
      row.media_entity_id !== null && row.campaign_id !== null
        ? await repository.verdict(row.campaign_id, row.creative_id, row.media_entity_id)
        : undefined;
    const keys = [
      `creative:${row.creative_id}`,
      // The creative's campaign even while deleted: its restore is heard.
      ...(row.creative_campaign_id === null ? [] : [`campaign:${row.creative_campaign_id}`]),
    ];
    const value: ServedTag = {
      id: row.id,
      companyId: row.company_id,
      creativeId: row.creative_id,
      revoked: row.revoked_at !== null,
      allowed: verdict === undefined || verdict === 'approved',
      macros: AD_SERVER_MACROS[row.ad_server],
      creative: row,
    };
    return { value, creativeId: row.creative_id, keys };
  };

  async function tagOf(token: string) {
    if (!TOKEN_SHAPE.test(token)) throw notFound();
    const tag = await cache.tag(token, () => loadTag(token));
    if (!tag) throw notFound();
    if (tag.revoked) throw new HttpError(410, TAG_REVOKED);
    return tag;
  }

  const compile = async (tag: ServedTag) => {
    const { creative } = tag;
    const campaignId = creative.campaign_id ?? creative.creative_campaign_id ?? 0;
    const [entry, fallback, feed] = await Promise.all([
      creative.status === 'live' ? liveEntry(tag.creativeId) : undefined,
      creative.fallback_asset_id === null
        ? undefined
        : repository.fallback(tag.creativeId, creative.fallback_asset_id),
      creative.status === 'live' ? compileFeed(tag.companyId, creative) : ('none' as const),
    ]);
    const keys = [`creative:${tag.creativeId}`, `campaign:${campaignId}`];
    if (typeof feed === 'object') {
      keys.push(`profile:${feed.profileId}`, ...feed.conditionIds.map((id) => `condition:${id}`));
    } else if (creative.profile_id !== null) keys.push(`profile:${creative.profile_id}`);
    const value: ServingSet = {
      campaignId,
      live: creative.status === 'live',
      size: { width: creative.width ?? 1, height: creative.height ?? 1 },
      entry,
      fallback,
      feed,
      contents: new Map(),
      trackers: new Map(),
    };
    return { value, creativeId: tag.creativeId, keys };
  };

  const setOf = (tag: ServedTag) => cache.set(tag.creativeId, () => compile(tag));

  /** The rule a compiled feed gives in a context (0: none to give). */
  async function ruleOf(tag: ServedTag, set: ServingSet, viewer: Viewing) {
    const feed = set.feed;
    const context = viewer.context;
    if (feed === 'none') return 0;
    if (feed === 'too_large') {
      try {
        return (await chooseRule(tag.companyId, tag.creativeId, viewer.simulation)).rule?.id ?? 0;
      } catch (error) {
        // A feed deleted meanwhile (422) or a creative gone (404): the creative plays without content.
        if (error instanceof HttpError && error.statusCode < 500) return 0;
        throw error;
      }
    }
    const ids = feed.rules.dataSourceIds;
    let known: EvaluationValues = {};
    if (ids.length > 0) {
      const base = context({});
      const read = values.valuesOf(tag.companyId, ids, placeholdersOf(base));
      known = read instanceof Promise ? await read : read;
    }
    return feed.rules.decide(context(known)).rule_id ?? 0;
  }

  /** What the tag serves in a context, and the set it was decided on. */
  async function decide(
    tag: ServedTag,
    viewer: Viewing,
  ): Promise<{ decision: TagDecision; set: ServingSet | undefined }> {
    if (tag.creative.campaign_id === null || tag.creative.width === null || tag.creative.height === null)
      return { decision: { serves: 'nothing', because: 'gone' }, set: undefined };
    const set = await setOf(tag);
    if (set.live && tag.allowed && set.entry)
      return {
        decision: { serves: 'variant', ruleId: await ruleOf(tag, set, viewer), because: 'served' },
        set,
      };
    const because = !set.live ? 'not_live' : !tag.allowed ? 'not_approved' : 'no_package';
    return { decision: { serves: set.fallback ? 'fallback' : 'nothing', because }, set };
  }

  /** The click tracker's URL of a tag's view of a rule: signed once per set (the signature is an HMAC). */
  const trackerOf = (set: ServingSet, view: Omit<TrackedView, 'ruleId'>, ruleId: number) => {
    const key = `${view.tagId}.${ruleId}`;
    let url = set.trackers.get(key);
    if (url === undefined) {
      url = clickUrl({ ...view, ruleId });
      set.trackers.set(key, url);
    }
    return url;
  };

  const contentFor = (set: ServingSet, ruleId: number) => {
    if (ruleId === 0 || typeof set.feed !== 'object') return noContent;
    let content = set.contents.get(ruleId);
    if (content === undefined) {
      content = contentOf(
        set.feed.profileName,
        parseJson<Record<string, unknown>>(set.feed.content.get(ruleId) ?? '{}', {}),
      );
      set.contents.set(ruleId, content);
    }
    return content;
  };

  return {
    /** The JS tag: an iframe of the tag's document at the creative's size (it decides nothing itself). */
    async loader(token: string, given: Pick<Viewer, 'click' | 'clickRest'>): Promise<Served> {
      const tag = await tagOf(token);
      const size = { width: tag.creative.width ?? 1, height: tag.creative.height ?? 1 };
      const click = givenClick(tag.macros, given.click, given.clickRest);
      const script = loaderScript(`${serveBase}${servePath(token)}`, size, click);
      return { file: 'tag.js', body: Buffer.from(script, 'utf8') };
    },

    /** The tag's document for this viewer. */
    async serve(token: string, viewer: Viewer): Promise<Served> {
      const tag = await tagOf(token);
      const simulation = viewerContext(adCall(tag, viewer), judgedContexts);
      const { decision, set } = await decide(tag, {
        simulation,
        context: (known) => evaluationContext(simulation, known),
      });
      if (!set || decision.serves === 'nothing') return { file: 'empty.gif', body: PIXEL };
      const view = { campaignId: set.campaignId, creativeId: tag.creativeId, tagId: tag.id, preview: false };
      const adServerUrl = givenClick(tag.macros, viewer.click, viewer.clickRest);
      const counted = (served: Served, ruleId: number): Served => {
        if (!viewer.head && !isBot(viewer.userAgent))
          stats.add(
            { campaignId: view.campaignId, creativeId: view.creativeId, tagId: view.tagId, ruleId },
            'impression',
          );
        return served;
      };
      if (decision.serves === 'variant') {
        const ruleId = decision.ruleId;
        const click = joinedClick(tag.macros, adServerUrl, trackerOf(set, view, ruleId));
        const gzip = viewer.gzip && !viewer.head && set.feed !== 'too_large';
        const body =
          set.feed === 'too_large'
            ? bufferOf(await document(tag.creativeId, ruleId, click))
            : // A variant is decided only with an entry (`decide`); without one this is no document.
              set.entry?.[gzip ? 'gzipped' : 'document'](contentFor(set, ruleId), ruleId, click);
        if (body) {
          const served: Served = { file: 'index.html', body };
          if (ruleId > 0) served.ruleId = ruleId;
          if (gzip) served.encoding = 'gzip';
          return counted(served, ruleId);
        }
      }
      if (!set.fallback) return { file: 'empty.gif', body: PIXEL };
      const html = fallbackDocument(
        readUrl(set.fallback.storage_key, set.fallback.content_type),
        joinedClick(tag.macros, adServerUrl, trackerOf(set, view, 0)),
        set.size,
      );
      return counted({ file: 'fallback.html', body: Buffer.from(html, 'utf8') }, 0);
    },

    /**
     * What a tag of the company's creative serves in a simulated context ("Try it"): the same
     * decision `serve` makes, on the same compiled set, with the context's moment and data source
     * overrides. Undefined when the creative has no such tag.
     */
    async decision(
      companyId: number,
      creativeId: number,
      tagId: number,
      simulated: SimulationContext,
    ): Promise<TagDecision | undefined> {
      const row = await repository.tokenOf(companyId, creativeId, tagId);
      if (!row) return undefined;
      const tag = await cache.tag(row.token, () => loadTag(row.token));
      if (!tag) return undefined;
      if (tag.revoked) return { serves: 'nothing', because: 'revoked' };
      const now = new Date();
      const { decision } = await decide(tag, {
        simulation: simulated,
        context: (known) => evaluationContext(simulated, known, now),
      });
      return decision;
    },

    /** Resolves once every change committed before the call is served (tests, instead of waiting). */
    settled: () => changes.settled(),
    /** How much is kept in memory. */
    kept: () => cache.size(),
  };
}
export type AdServing = ReturnType<typeof createAdServing>;

type EvaluationValues = Readonly<Record<number, DataValue>>;

/** A rendered document's bytes: render's `liveDocument` answers them whole, never as a stream. */
const bufferOf = (file: { body: Buffer | Readable } | undefined) =>
  file && Buffer.isBuffer(file.body) ? file.body : undefined;

/** A viewer as a decision reads them: their context, and its evaluation given data source values. */
interface Viewing {
  simulation: SimulationContext;
  context(values: EvaluationValues): EvaluationContext;
}
