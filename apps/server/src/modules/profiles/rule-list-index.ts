import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../lib/indexed-filter';
import { WeightedCache } from '../../lib/weighted-cache';
import { type RevisionStamp, revisionStamp, writtenSince } from './rule-revisions';

/**
 * The rules list of a large feed, paged and filtered from what this process keeps of it (decision
 * 0148): the live rules' positions in each sort, and their Unique_IDs and labels as the database
 * folds their case, in feed order. A page of 25 deep in 700,000 rules by label walks 350,000 index
 * entries in the database (~1 s); here it is a slice of an array. A text filter is one search of
 * ~28 MB of text instead of a LIKE on every rule, and its matches are kept for the next page.
 *
 * Exact in any number of processes: what is kept carries the revisions that were not yet visible
 * when it began to be read (`RevisionStamp`, rule-revisions.ts). Each use looks for a rule of those
 * revisions (one index probe, usually nothing) and compares the live rules and deleting statements
 * counted on the profile: any change, and the list is read anew.
 */

/** What a kept list answers: the positions of the page's rules, in order, and how many match. */
export interface KeptPage {
  positions: number[];
  total: number;
}

export type KeptSort = 'position' | 'unique_id' | 'reporting_label';

export interface KeptQuery {
  sort: KeptSort;
  desc: boolean;
  /** Case-folded by the caller as the database's query folds it (`toLowerCase`); empty: none. */
  filter: string;
  offset: number;
  limit: number;
}

interface Text {
  /** Each live rule's `lower(unique_id)` \x01 `lower(reporting_label)` \x02, in feed order. */
  bytes: Buffer;
  /** Where rule at position p + 1 starts in `bytes`; `starts[n]` is the end. */
  starts: Int32Array;
}

interface Matches {
  /** 1 at index p for the rule at position p + 1 that the filter matches. */
  flags: Uint8Array;
  count: number;
}

/** A part of a kept list, read in the background: `value` once `ready` (undefined: not kept). */
interface Piece<T> {
  ready: boolean;
  value: T | undefined;
}

interface Kept {
  /** Where what is kept was read from: the feed's state then. */
  stamp: RevisionStamp;
  /** Positions of the live rules in the sort's ascending order (id breaks ties), by sort. */
  orders: Map<'unique_id' | 'reporting_label', Piece<Int32Array>>;
  text?: Piece<Text>;
  /** The last filters' matches, the latest last. */
  matches: Map<string, Matches>;
}

/**
 * Pages answered from a kept list, and lists (or their parts: an order, the text) read to keep
 * them (for tests and benchmarks).
 */
export const ruleListStats = { pages: 0, reads: 0 };

/** The reads of kept lists under way, in every index of the process. */
const reading = new Set<Promise<unknown>>();

/** Resolves once the reads of kept lists under way have ended (for tests and benchmarks). */
export async function ruleListsSettled(): Promise<void> {
  while (reading.size > 0) await Promise.allSettled([...reading]);
}

/** The filters whose matches a list keeps (a user paging through one, then refining it). */
const FILTERS_KEPT = 8;
/** Rules whose texts are read at a time while a list is kept: memory holds one such chunk of objects. */
const READ_CHUNK = 50_000;

export interface RuleListIndexOptions {
  /** The fewest live rules a profile has for its list to be kept (RULES_LIST_KEPT_FROM); 0: never. */
  from: number;
  /** The most bytes kept in all (the lists least recently used go first). */
  maxBytes: number;
}

export function createRuleListIndex(db: Db, { from, maxBytes }: RuleListIndexOptions) {
  const kept = new WeightedCache<number, Kept>(maxBytes);
  /** Adds to the weight of what is kept of the profile, if `entry` is still what is. */
  const weigh = (profileId: number, entry: Kept, bytes: number) => {
    if (kept.peek(profileId) === entry) kept.reweigh(profileId, bytes);
  };
  const forget = (profileId: number, entry: Kept) => {
    if (kept.peek(profileId) === entry) kept.delete(profileId);
  };

  /** What is kept of the profile's list if it is still its list now, else a new entry (or none). */
  const entryOf = async (profile: ListedProfile): Promise<Kept | undefined> => {
    const found = kept.get(profile.id);
    if (found) {
      const { stamp } = found;
      const same =
        stamp.deleted === profile.rules_deleted &&
        stamp.live === profile.rules_live &&
        !(await writtenSince(db, profile.id, stamp));
      if (same && kept.get(profile.id) === found) return found;
      forget(profile.id, found);
    }
    const stamp = await revisionStamp(db, profile.id);
    if (!stamp || stamp.live !== profile.rules_live || stamp.deleted !== profile.rules_deleted)
      return undefined;
    const entry: Kept = { stamp, orders: new Map(), matches: new Map() };
    kept.set(profile.id, entry, 0);
    return entry;
  };

  /**
   * Starts reading a part of the profile's kept list in the background: the request that asked is
   * answered by the database meanwhile, as it would be without the list (0.3–1 s at 700,000 rules
   * where the read takes seconds). Weighed once read; the entry goes when the read finds nothing.
   */
  const piece = <T>(
    profileId: number,
    entry: Kept,
    read: () => Promise<T | undefined>,
    weightOf: (value: T) => number,
  ) => {
    const part: Piece<T> = { ready: false, value: undefined };
    ruleListStats.reads++;
    const done = read().then(
      (value) => {
        part.value = value;
        part.ready = true;
        if (value) weigh(profileId, entry, weightOf(value));
        else forget(profileId, entry);
      },
      () => forget(profileId, entry),
    );
    reading.add(done);
    void done.finally(() => reading.delete(done));
    return part;
  };

  const orderOf = (profile: ListedProfile, entry: Kept, sort: 'unique_id' | 'reporting_label') => {
    let order = entry.orders.get(sort);
    if (!order) {
      order = piece(
        profile.id,
        entry,
        () => readOrder(db, profile, sort, entry.stamp.live),
        (read) => read.byteLength,
      );
      entry.orders.set(sort, order);
    }
    return order;
  };

  const textOf = (profile: ListedProfile, entry: Kept) => {
    entry.text ??= piece(
      profile.id,
      entry,
      () => readText(db, profile, entry.stamp.live),
      (read) => read.bytes.length + read.starts.byteLength,
    );
    return entry.text;
  };

  const matchesOf = (profile: ListedProfile, entry: Kept, filter: string) => {
    const found = entry.matches.get(filter);
    if (found) {
      entry.matches.delete(filter);
      entry.matches.set(filter, found);
      return found;
    }
    const text = textOf(profile, entry).value;
    if (!text) return undefined;
    const matches = search(text, filter);
    entry.matches.set(filter, matches);
    weigh(profile.id, entry, matches.flags.length);
    for (const [oldest, { flags }] of entry.matches) {
      if (entry.matches.size <= FILTERS_KEPT) break;
      entry.matches.delete(oldest);
      weigh(profile.id, entry, -flags.length);
    }
    return matches;
  };

  return {
    /** Whether the profile's list is large enough to be kept. */
    keeps: (profile: ListedProfile) => from > 0 && profile.rules_live >= from,

    /**
     * Whether what is kept of the profile answers a page by `sort` without reading its order first
     * (a first page the database answers at once is not worth reading 700,000 positions for).
     */
    holds: (profile: ListedProfile, sort: 'unique_id' | 'reporting_label') =>
      kept.peek(profile.id)?.orders.has(sort) ?? false,

    /**
     * A page of the profile's live rules: the positions of its rules in order and how many match;
     * undefined when the list cannot be kept now, or the parts the page needs are still being read
     * (then the database answers).
     */
    async page(profile: ListedProfile, query: KeptQuery): Promise<KeptPage | undefined> {
      if (query.filter.includes('\x01') || query.filter.includes('\x02')) return undefined;
      const entry = await entryOf(profile);
      if (!entry) return undefined;
      const n = entry.stamp.live;
      const order = query.sort === 'position' ? undefined : orderOf(profile, entry, query.sort).value;
      if (query.sort !== 'position' && !order) return undefined;
      // Rule k of the list in the sort's direction: its position.
      const at = order
        ? query.desc
          ? (k: number) => order[n - 1 - k]!
          : (k: number) => order[k]!
        : query.desc
          ? (k: number) => n - k
          : (k: number) => k + 1;
      const positions: number[] = [];
      if (!query.filter) {
        for (let k = query.offset; k < Math.min(n, query.offset + query.limit); k++) positions.push(at(k));
        ruleListStats.pages++;
        return { positions, total: n };
      }
      const matches = matchesOf(profile, entry, query.filter);
      if (!matches) return undefined;
      const { flags, count } = matches;
      const end = Math.min(count, query.offset + query.limit);
      for (let k = 0, seen = 0; k < n && seen < end; k++) {
        const position = at(k);
        if (flags[position - 1] === 0) continue;
        if (seen >= query.offset) positions.push(position);
        seen++;
      }
      ruleListStats.pages++;
      return { positions, total: count };
    },
  };
}

/** What the index reads of a profile: the row a request found (its counts as they are now). */
export interface ListedProfile {
  id: number;
  company_id: number;
  rules_live: number;
  rules_deleted: number;
}

const SORT_KEYS = {
  unique_id: sql`unique_id`,
  reporting_label: sql`lower(reporting_label)`,
};

/**
 * The live rules' positions in the sort's ascending order, id breaking ties (as paginate sorts),
 * in one walk of the sort's index (a keyset walk in chunks compares an expression SQLite's planner
 * would not take from its index: 0.5 s a chunk at 100,000 rules).
 */
async function readOrder(
  db: Db,
  profile: ListedProfile,
  sort: 'unique_id' | 'reporting_label',
  live: number,
): Promise<Int32Array | undefined> {
  const rows = await db
    .selectFrom('profile_rules')
    .select('position')
    .where((eb) => eb.and({ profile_id: profile.id, company_id: profile.company_id }))
    .where('ended_at', 'is', null)
    .orderBy(SORT_KEYS[sort])
    .orderBy('id')
    .execute();
  // A write since the stamp (it will not match either): the database answers.
  if (rows.length !== live) return undefined;
  const order = new Int32Array(live);
  for (let k = 0; k < live; k++) order[k] = rows[k]!.position;
  return order;
}

/**
 * Each live rule's Unique_ID and label, case-folded by the database (so a search finds what its
 * LIKE finds), in feed order; undefined when a text holds a separator or a write since the stamp
 * moved the positions (the database answers then).
 */
async function readText(db: Db, profile: ListedProfile, live: number): Promise<Text | undefined> {
  const chunks: Buffer[] = [];
  // SQLite's lower() is JavaScript's (database.ts): folded here, without a call into JavaScript a text.
  const fold = isPostgres(db)
    ? {
        u: sql<string>`lower(unique_id)`,
        l: sql<string>`lower(reporting_label)`,
        text: (text: string) => text,
      }
    : {
        u: sql<string>`unique_id`,
        l: sql<string>`reporting_label`,
        text: (text: string) => text.toLowerCase(),
      };
  for (let low = 1; low <= live; low += READ_CHUNK) {
    const rows = await db
      .selectFrom('profile_rules')
      .select([fold.u.as('u'), fold.l.as('l')])
      .where((eb) => eb.and({ profile_id: profile.id, company_id: profile.company_id }))
      .where('ended_at', 'is', null)
      .where('position', '>=', low)
      .where('position', '<', low + READ_CHUNK)
      .orderBy('position')
      .execute();
    let joined = '';
    for (const row of rows) joined += `${row.u}\x01${row.l}\x02`;
    chunks.push(Buffer.from(fold.text(joined)));
  }
  const bytes = Buffer.concat(chunks);
  const starts = new Int32Array(live + 1);
  let rule = 0;
  let units = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 1) units++;
    else if (byte === 2 && rule < live) starts[++rule] = i + 1;
  }
  // A text holding a separator would shift every rule after it: not kept.
  if (rule !== live || units !== live || starts[live] !== bytes.length) return undefined;
  return { bytes, starts };
}

/** The rules whose Unique_ID or label holds `filter` (never across the two: it has no separator). */
function search({ bytes, starts }: Text, filter: string): Matches {
  const n = starts.length - 1;
  const flags = new Uint8Array(n);
  const needle = Buffer.from(filter);
  let count = 0;
  let rule = 0;
  for (let from = 0; ; ) {
    const at = bytes.indexOf(needle, from);
    if (at < 0) break;
    while (starts[rule + 1]! <= at) rule++;
    flags[rule] = 1;
    count++;
    from = starts[rule + 1]!;
  }
  return { flags, count };
}
