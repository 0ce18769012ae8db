import type { Readable } from 'node:stream';
import {
  AD_SERVER_MACROS,
  type AdServerMacros,
  type DataValue,
  type EvaluationContext,
  evaluationContext,
  ROTATION_CANDIDATES_MAX,
  type RotationOdds,
  type SimulationContext,
  type TagTrialBecause,
} from '@adstudio/contract';
import { type ChangeFeed, EVERYTHING } from '../../db/change-feed';
import { isBot } from '../../lib/bots';
import { HttpError, notFound } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { Random } from '../../lib/random';
import { type LiveValues, placeholdersOf } from '../data-sources';
import type { LiveEntry, RenderService } from '../render';
import {
  type CompiledFeed,
  type RotationPlan,
  type RuleChooser,
  rotate,
  rotationShares,
} from '../rule-selection';
import type { StatsBuffer, TrackedView, TrackingLinks } from '../tracking';
import type { OptimizationFigures } from './optimization-figures';
import type { AdServingRepository } from './serving.repository';
import { adCall, type Viewer, viewerContext } from './viewer';

export type { Viewer } from './viewer';

import { createServingCache, type Previous } from './serving-cache';
import { fallbackDocument, givenClick, joinedClick, loaderScript, servePath } from './snippets';

/** A revoked tag (docs/design.md §4: 410 for a revoked token). */
export const TAG_REVOKED = 'This ad tag was revoked.';
/** Tokens are 256-bit, base64url (43 characters); anything else is no token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/**
 * Content literals a serving set keeps: a feed's rules served lately, each made once. A 700,000-rule
 * feed read whole would be hundreds of MB; its rules served in a day are far fewer.
 */
const CONTENTS_KEPT = 20_000;
/**
 * A compiled feed of this many rules keeps serving while it is brought up to date after a change
 * (a patch, or a compile of seconds after a re-sync): decisions are not held for it. A smaller one
 * is made again in milliseconds, and the next decision after a commit is decided on the change
 * (docs/decisions/0145).
 */
const SERVED_WHILE_REFRESHED = 100_000;
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
    weightColumn?: string,
  ): Promise<CompiledFeed | 'none' | 'too_large'>;
  /**
   * A compiled feed brought up to date with the rules written since (rule selection's `patchFeed`):
   * undefined when it must be compiled anew.
   */
  patchFeed(
    previous: CompiledFeed,
    companyId: number,
    creative: { profile_id: number | null; rule_filter: string | null },
    weightColumn: string | undefined,
    conditionsChanged: boolean,
  ): Promise<{ feed: CompiledFeed; changed: readonly number[] } | 'none' | undefined>;
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
  /** Each rule's figures for `optimized` rotation, refreshed in the background. */
  figures: Pick<OptimizationFigures, 'of' | 'current'>;
  /** Uniform draws for rotations and holdouts (seeded in tests). */
  random?: Random;
}

/** A served tag's answer: a file sent as renders are, named for its type, and the rule it plays. */
export interface Served {
  file: 'index.html' | 'fallback.html' | 'empty.gif' | 'tag.js';
  body: Buffer;
  ruleId?: number;
  /** A holdout view: the static control was served. */
  holdout?: boolean;
  /** The body's Content-Encoding, when it is encoded. */
  encoding?: 'gzip';
}

/** A tag as serving keeps it: what its token names, and whether its publisher lets the creative serve. */
interface ServedTag extends ServedCreative {
  id: number;
  revoked: boolean;
  /** Approved by the tag's publisher, or never asked (or no publisher). */
  allowed: boolean;
  /** The macros of the ad server the tag is pasted into (none: `generic`). */
  macros: AdServerMacros | null;
}

/** A creative as serving keeps it, compiled: everything a decision and its document need. */
interface ServingSet {
  campaignId: number;
  live: boolean;
  size: { width: number; height: number };
  entry: LiveEntry | undefined;
  fallback: { storage_key: string; content_type: string } | undefined;
  feed: CompiledFeed | 'none' | 'too_large';
  /** How it rotates among matching rules (a feed too large to compile serves by `rules`). */
  plan: RotationPlan;
  /** The share of views its holdout serves the static control (0 without a compiled feed's default rule). */
  holdout: number;
  /**
   * Content literals of the rules served lately (made on first use from the rule's content, which
   * is read then; a read still under way is its promise), at most CONTENTS_KEPT.
   */
  contents: Map<number, string | Promise<string>>;
  /** Our click tracker's signed URL per tag and rule (`{tag}.{rule}`), made on first use. */
  trackers: Map<string, string>;
}

/**
 * What a tag serves a viewer: a variant (rule 0: the creative's own content), the fallback, or
 * nothing; and why (contract `TAG_TRIAL_BECAUSE`).
 */
export type TagDecision =
  | { serves: 'variant'; ruleId: number; because: 'served'; holdout: boolean }
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
  patchFeed,
  liveEntry,
  contentOf,
  values,
  chooseRule,
  document,
  clickUrl,
  readUrl,
  stats,
  serveBase,
  figures,
  random = Math.random,
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

  /**
   * The creative's feed for its set: compiled, or the previous set's brought up to date — as it was
   * when none of its keys changed, else patched with the rules written since, else compiled anew.
   * Answers the rules whose content changed meanwhile (their literals go); all when compiled anew.
   */
  const feedFor = async (
    { companyId, creative }: ServedCreative,
    previous: Previous<ServingSet> | undefined,
  ): Promise<{ feed: ServingSet['feed']; changed: readonly number[] | 'all' }> => {
    if (creative.status !== 'live') return { feed: 'none', changed: 'all' };
    const weightColumn =
      creative.rotation === 'weighted' ? (creative.rotation_weight_column ?? '') : undefined;
    const old = previous?.value.feed;
    if (previous && typeof old === 'object') {
      const keys = [...previous.changed];
      const conditionsChanged = keys.some((key) => key.startsWith('condition:'));
      const feedChanged = conditionsChanged || keys.includes(`profile:${old.profileId}`);
      const same =
        creative.profile_id === old.profileId &&
        creative.rule_filter === old.basis.ruleFilter &&
        weightColumn === old.basis.weightColumn;
      if (same && !feedChanged) return { feed: old, changed: [] };
      const patched = await patchFeed(old, companyId, creative, weightColumn, conditionsChanged);
      if (patched === 'none') return { feed: 'none', changed: 'all' };
      // A renamed feed's literals (they name it) are made again.
      if (patched)
        return patched.feed.profileName === old.profileName ? patched : { ...patched, changed: 'all' };
    }
    return { feed: await compileFeed(companyId, creative, weightColumn), changed: 'all' };
  };

  const compile = async (served: ServedCreative, previous?: Previous<ServingSet>) => {
    const { creativeId, creative } = served;
    const campaignId = creative.campaign_id ?? creative.creative_campaign_id ?? 0;
    const [entry, fallback, { feed, changed }] = await Promise.all([
      creative.status === 'live' ? liveEntry(creativeId) : undefined,
      creative.fallback_asset_id === null
        ? undefined
        : repository.fallback(creativeId, creative.fallback_asset_id),
      feedFor(served, previous),
    ]);
    const keys = [`creative:${creativeId}`, `campaign:${campaignId}`];
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
      ...rotationOf(creative, feed),
      contents: new Map(),
      trackers: new Map(),
    };
    // The literals made of the feed kept, but those of rules whose content changed; the click
    // trackers while they sign the same campaign.
    const before = previous?.value;
    if (before && changed !== 'all' && before.feed === feed) value.contents = before.contents;
    else if (before && changed !== 'all') {
      value.contents = new Map(before.contents);
      for (const id of changed) value.contents.delete(id);
    }
    if (before && before.campaignId === campaignId) value.trackers = before.trackers;
    return { value, creativeId, keys };
  };

  const setOf = (tag: ServedCreative) =>
    cache.set(
      tag.creativeId,
      (previous) => compile(tag, previous),
      (previous) =>
        typeof previous.feed === 'object' && previous.feed.basis.rules.length >= SERVED_WHILE_REFRESHED,
    );

  /** The viewer's evaluation context, with the cached values of the data sources the feed reads. */
  async function evaluated(companyId: number, feed: CompiledFeed, viewer: Viewing) {
    const ids = feed.rules.dataSourceIds;
    if (ids.length === 0) return viewer.context({});
    const read = values.valuesOf(companyId, ids, placeholdersOf(viewer.context({})));
    return viewer.context(read instanceof Promise ? await read : read);
  }

  /**
   * The rule a view is served (0: none to give), and whether it is a holdout view: with the set's
   * holdout share, the feed's default rule (the static control); otherwise the rotation's choice
   * among the rules that match the viewer.
   */
  async function ruleOf(
    tag: ServedCreative,
    set: ServingSet,
    viewer: Viewing,
  ): Promise<{ ruleId: number; holdout: boolean }> {
    const feed = set.feed;
    if (feed === 'none') return { ruleId: 0, holdout: false };
    if (feed === 'too_large') {
      try {
        const chosen = await chooseRule(tag.companyId, tag.creativeId, viewer.simulation);
        return { ruleId: chosen.rule?.id ?? 0, holdout: false };
      } catch (error) {
        // A feed deleted meanwhile (422) or a creative gone (404): the creative plays without content.
        if (error instanceof HttpError && error.statusCode < 500) return { ruleId: 0, holdout: false };
        throw error;
      }
    }
    if (set.holdout > 0 && random() < set.holdout)
      return { ruleId: feed.rules.defaultRuleId ?? 0, holdout: true };
    const context = await evaluated(tag.companyId, feed, viewer);
    if (set.plan.rotation === 'rules')
      return { ruleId: feed.rules.decide(context).rule_id ?? 0, holdout: false };
    const { rule_ids: ids } = feed.rules.matches(context);
    if (ids.length === 0) return { ruleId: 0, holdout: false };
    const known =
      set.plan.rotation === 'optimized' && ids.length > 1 ? figures.of(tag.creativeId) : undefined;
    return { ruleId: rotate(ids, set.plan, (id) => known?.get(id), random), holdout: false };
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
      return { decision: { serves: 'variant', ...(await ruleOf(tag, set, viewer)), because: 'served' }, set };
    const because = !set.live ? 'not_live' : !tag.allowed ? 'not_approved' : 'no_package';
    return { decision: { serves: set.fallback ? 'fallback' : 'nothing', because }, set };
  }

  /**
   * The rules a view of the creative may be served in a context, with each one's probability (the
   * holdout's share included): what "Try it" and the simulator show. Null without a compiled feed.
   */
  async function oddsOf(
    creative: ServedCreative,
    set: ServingSet,
    viewer: Viewing,
  ): Promise<RotationOdds | null> {
    const feed = set.feed;
    if (typeof feed !== 'object') return null;
    const context = await evaluated(creative.companyId, feed, viewer);
    const ids =
      set.plan.rotation === 'rules'
        ? [feed.rules.decide(context).rule_id].filter((id): id is number => id !== null)
        : feed.rules.matches(context).rule_ids;
    const known = set.plan.rotation === 'optimized' ? await figures.current(creative.creativeId) : new Map();
    const shares = rotationShares(ids, set.plan, (id) => known.get(id), random);
    const control = set.holdout > 0 ? feed.rules.defaultRuleId : null;
    const odds = new Map([...shares].map(([id, share]) => [id, share * (1 - set.holdout)]));
    if (control !== null) odds.set(control, (odds.get(control) ?? 0) + set.holdout);
    const listed = [...odds]
      .filter(([, p]) => p > 0 || set.plan.rotation !== 'weighted')
      .sort((a, b) => b[1] - a[1] || ids.indexOf(a[0]) - ids.indexOf(b[0]))
      .slice(0, ROTATION_CANDIDATES_MAX);
    const names = new Map(
      (
        await repository.ruleNames(
          feed.profileId,
          listed.map(([id]) => id),
        )
      ).map((rule) => [rule.id, rule]),
    );
    return {
      rotation: set.plan.rotation,
      rotation_goal: set.plan.goal,
      holdout_percent: Math.round(set.holdout * 100),
      holdout_rule_id: control,
      candidates: listed.map(([id, probability]) => {
        const figuresOf = known.get(id);
        return {
          rule_id: id,
          unique_id: names.get(id)?.unique_id ?? `#${id}`,
          reporting_label: names.get(id)?.reporting_label ?? '',
          probability,
          weight: set.plan.weights?.get(id) ?? null,
          impressions: figuresOf?.impressions ?? 0,
          clicks: figuresOf?.clicks ?? 0,
          conversions: figuresOf?.conversions ?? 0,
        };
      }),
      candidates_total: odds.size,
    };
  }

  /** The click tracker's URL of a tag's view of a rule: signed once per set (the signature is an HMAC). */
  const trackerOf = (set: ServingSet, view: Omit<TrackedView, 'ruleId'>, ruleId: number) => {
    const key = `${view.tagId}.${ruleId}${view.holdout ? '.h' : ''}`;
    let url = set.trackers.get(key);
    if (url === undefined) {
      url = clickUrl({ ...view, ruleId });
      set.trackers.set(key, url);
    }
    return url;
  };

  /**
   * A rule's content literal: kept, or made from the set's content (held, or read for a feed too
   * large to hold) and kept; a feed read so keeps CONTENTS_KEPT, letting the oldest go.
   */
  const contentFor = (set: ServingSet, ruleId: number): string | Promise<string> => {
    const feed = set.feed;
    if (ruleId === 0 || typeof feed !== 'object') return noContent;
    const kept = set.contents.get(ruleId);
    if (kept !== undefined) return kept;
    const literalOf = (data: string | undefined) =>
      contentOf(feed.profileName, parseJson<Record<string, unknown>>(data ?? '{}', {}));
    const data = feed.content(ruleId);
    if (!(data instanceof Promise)) {
      const content = literalOf(data);
      set.contents.set(ruleId, content);
      return content;
    }
    const made = data.then(
      (read) => {
        const content = literalOf(read);
        if (set.contents.get(ruleId) === made) set.contents.set(ruleId, content);
        return content;
      },
      (error: unknown) => {
        set.contents.delete(ruleId);
        throw error;
      },
    );
    if (set.contents.size >= CONTENTS_KEPT) set.contents.delete(set.contents.keys().next().value!);
    set.contents.set(ruleId, made);
    return made;
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
      const holdout = decision.serves === 'variant' && decision.holdout;
      // Built field by field: an object spread or rest costs a decision ~1 µs (bench/serve.ts).
      const view: Omit<TrackedView, 'ruleId'> = {
        campaignId: set.campaignId,
        creativeId: tag.creativeId,
        tagId: tag.id,
        preview: false,
      };
      if (holdout) view.holdout = true;
      const adServerUrl = givenClick(tag.macros, viewer.click, viewer.clickRest);
      const counted = (served: Served, ruleId: number): Served => {
        if (!viewer.head && !isBot(viewer.userAgent))
          stats.add(
            { campaignId: view.campaignId, creativeId: view.creativeId, ruleId, tagId: view.tagId, holdout },
            'impression',
          );
        return served;
      };
      if (decision.serves === 'variant') {
        const ruleId = decision.ruleId;
        const click = joinedClick(tag.macros, adServerUrl, trackerOf(set, view, ruleId));
        const gzip = viewer.gzip && !viewer.head && set.feed !== 'too_large';
        let body: Buffer | undefined;
        if (set.feed === 'too_large') body = bufferOf(await document(tag.creativeId, ruleId, click));
        else {
          // Kept (the usual case): no await, so a warm decision waits for nothing.
          const content = contentFor(set, ruleId);
          const literal = typeof content === 'string' ? content : await content;
          // A variant is decided only with an entry (`decide`); without one this is no document.
          body = set.entry?.[gzip ? 'gzipped' : 'document'](literal, ruleId, click);
        }
        if (body) {
          const served: Served = { file: 'index.html', body };
          if (ruleId > 0) served.ruleId = ruleId;
          if (holdout) served.holdout = true;
          if (gzip) served.encoding = 'gzip';
          return counted(served, ruleId);
        }
      }
      if (!set.fallback) return { file: 'empty.gif', body: PIXEL };
      const html = fallbackDocument(
        readUrl(set.fallback.storage_key, set.fallback.content_type),
        joinedClick(tag.macros, adServerUrl, trackerOf(set, { ...view, holdout: false }, 0)),
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

    /**
     * The rules a view of the company's live creative may be served in a simulated context, each
     * with its probability (issue 46); null when the creative has no feed compiled for serving.
     */
    async odds(
      companyId: number,
      creativeId: number,
      simulated: SimulationContext,
    ): Promise<RotationOdds | null> {
      const creative = await repository.creative(companyId, creativeId);
      if (!creative || creative.campaign_id === null) return null;
      const served: ServedCreative = { companyId, creativeId, creative };
      // Odds are those of the feed as served: a creative not live compiles no feed, so it is read as live.
      const set = await (creative.status === 'live'
        ? setOf(served)
        : compile({ ...served, creative: { ...creative, status: 'live' } }).then((kept) => kept.value));
      const now = new Date();
      return oddsOf(served, set, {
        simulation: simulated,
        context: (known) => evaluationContext(simulated, known, now),
      });
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

/** A creative as a serving set is compiled from: its company, id and serving columns. */
interface ServedCreative {
  companyId: number;
  creativeId: number;
  /** Its serving columns (null ones when its campaign or the creative itself is gone). */
  creative: Omit<
    NonNullable<Awaited<ReturnType<AdServingRepository['byToken']>>>,
    'id' | 'company_id' | 'creative_id' | 'media_entity_id' | 'ad_server' | 'revoked_at'
  >;
}

/** How the creative's rotation and holdout read for its compiled feed (a feed too large serves by `rules`). */
function rotationOf(
  creative: ServedCreative['creative'],
  feed: CompiledFeed | 'none' | 'too_large',
): { plan: RotationPlan; holdout: number } {
  if (typeof feed !== 'object') return { plan: { rotation: 'rules', goal: 'clicks' }, holdout: 0 };
  const plan: RotationPlan = {
    rotation: creative.rotation ?? 'rules',
    goal: creative.rotation_goal ?? 'clicks',
  };
  // Read from the rules' column while the feed compiled.
  if (plan.rotation === 'weighted') plan.weights = feed.weights ?? new Map();
  const holdout = feed.rules.defaultRuleId === null ? 0 : (creative.holdout_percent ?? 0) / 100;
  return { plan, holdout };
}

/** A viewer as a decision reads them: their context, and its evaluation given data source values. */
interface Viewing {
  simulation: SimulationContext;
  context(values: EvaluationValues): EvaluationContext;
}
