import {
  type AdServerMacros,
  remember,
  type SimulationContext,
  SimulationContextSchema,
} from '@adstudio/contract';
import { clickUrlParams } from './snippets';

/**
 * The viewer of a served tag as its request tells them, and the context rule selection reads of
 * them: zone, country, region and the ad call's own parameters, each kept only when valid.
 */

/** Query parameters of the ad call that conditions may read (`param:<name>`), at most. */
const PARAMS_MAX = 20;
/** The tag's own parameters, which are no `param:` of the ad call. */
const OWN_PARAMS = new Set(['click', 'tz', 'cb']);

/** What a served tag's request tells about its viewer. */
export interface Viewer {
  country: string | undefined;
  region: string | undefined;
  /** The browser's time zone (the JS tag sends it); anything but an IANA zone is ignored. */
  timeZone: unknown;
  /** The ad server's click URL (`click`); dropped unless an http(s) URL (snippets.ts). */
  click: unknown;
  /**
   * The raw text after `click=` to the end of the ad call's query string: the click URL of an ad
   * server that fills its macro unescaped (snippets.ts `givenClick`).
   */
  clickRest?: string;
  /** The call's query parameters; conditions read those other than the tag's own (`click`, `tz`, `cb`). */
  query: Record<string, unknown>;
  userAgent: string | undefined;
  head: boolean;
  /** The viewer takes gzip (every browser): a variant's document is sent gzipped, made from parts compressed once. */
  gzip: boolean;
}

/**
 * The viewer's context for rule selection, each part kept only when it is valid on its own: a bad
 * time zone or country is ignored (read as absent), never refused — a served tag answers anyway.
 * The common call is judged once per zone, country and region into `judgedContexts`: the memo of
 * the serving that asks (one per `createAdServing`, so apps in one process share nothing).
 */
export function viewerContext(
  viewer: Pick<Viewer, 'country' | 'region' | 'timeZone' | 'query'>,
  judgedContexts: Map<string, SimulationContext>,
): SimulationContext {
  let params: Record<string, unknown> | undefined;
  let count = 0;
  for (const name in viewer.query) {
    const value = viewer.query[name];
    if (OWN_PARAMS.has(name) || typeof value !== 'string' || count === PARAMS_MAX) continue;
    params ??= {};
    params[name] = value;
    count++;
  }
  const timeZone =
    typeof viewer.timeZone === 'string' && viewer.timeZone !== '' ? viewer.timeZone : undefined;
  const candidate = { time_zone: timeZone, country: viewer.country, region: viewer.region, params };
  // The common call (no parameters of its own) is judged once per zone, country and region; a key
  // too long for any valid context is judged each time rather than kept.
  const key = `${timeZone}|${viewer.country}|${viewer.region}`;
  if (params || key.length > JUDGED_KEY_MAX) return judged(candidate);
  let context = judgedContexts.get(key);
  if (!context) {
    context = judged(candidate);
    Object.freeze(context.params);
    Object.freeze(context.datasources);
    remember(judgedContexts, key, Object.freeze(context), JUDGED_CONTEXTS_MAX);
  }
  return context;
}

/** The context the schema takes of `candidate`, leaving out each part it refuses. */
function judged(candidate: Record<string, unknown>): SimulationContext {
  for (let attempt = 0; attempt < 5; attempt++) {
    const parsed = SimulationContextSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete candidate[String(issue.path[0])];
  }
  return SimulationContextSchema.parse({});
}

/**
 * The viewer as conditions read the ad call: without the parameters the query string parser split
 * off an unescaped click URL (its own, not the ad call's).
 */
export function adCall(tag: { macros: AdServerMacros | null }, viewer: Viewer): Viewer {
  if (!tag.macros || tag.macros.escaped) return viewer;
  const names = clickUrlParams(viewer.clickRest);
  if (names.length === 0) return viewer;
  const query = { ...viewer.query };
  for (const name of names) delete query[name];
  return { ...viewer, query };
}

const JUDGED_CONTEXTS_MAX = 10_000;
/** Zone (64), country (2) and region (100) at most, as the schema takes them, and the separators. */
const JUDGED_KEY_MAX = 180;
