import type { ProfileRuleListQuery, RuleFilter } from '@adstudio/contract';
import { type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { ProfileRulesTable } from '../../db/schema';
import { isPostgres } from '../../lib/indexed-filter';
import { parseJson } from '../../lib/json';
import { cappedTotal, escapeLike, type ListTotal, pageMeta, paginate, type SortKey } from '../../lib/list';
import type { ProfileRow } from './profiles.repository';
import { createRuleListIndex, type KeptSort } from './rule-list-index';
import { type RevisionStamp, revisionStamp, unseenBy } from './rule-revisions';

export type ProfileRuleRow = Selectable<ProfileRulesTable>;

/** The rules a rule filter keeps, on either engine (a condition that is true without a filter). */
function servedBy(trx: Executor, filter: RuleFilter | null) {
  if (!filter) return sql<boolean>`1 = 1`;
  // A yes/no cell is a boolean since feeds are typed: `TRUE` in a filter still means it. A text
  // cell keeps matching the value as written.
  const values = [
    ...new Set(
      filter.values.flatMap((value) =>
        /^(true|false)$/i.test(value) ? [value, value.toLowerCase()] : [value],
      ),
    ),
  ];
  const path = `$."${filter.column.replaceAll('"', '\\"')}"`;
  // SQLite's json_extract reads true/false as 1/0: its json_type tells a boolean from a number.
  const cell = isPostgres(trx)
    ? sql`(profile_rules.data::jsonb ->> ${filter.column})`
    : sql`case json_type(profile_rules.data, ${path}) when 'true' then 'true' when 'false' then 'false' else cast(json_extract(profile_rules.data, ${path}) as text) end`;
  return sql<boolean>`${cell} in (${sql.join(values)})`;
}

/** The live rules (not ended) of a profile that a creative's rule filter serves, active or not. */
const liveServed = (trx: Executor, profileId: number, filter: RuleFilter | null) =>
  trx
    .selectFrom('profile_rules')
    .where('profile_id', '=', profileId)
    .where('ended_at', 'is', null)
    .where(servedBy(trx, filter));

/** The rules whose conditions include condition `id` (their `condition_ids` JSON array), on either engine. */
function withCondition(trx: Executor, id: number) {
  return isPostgres(trx)
    ? sql<boolean>`(profile_rules.condition_ids::jsonb @> ${JSON.stringify([id])}::jsonb)`
    : sql<boolean>`exists (select 1 from json_each(profile_rules.condition_ids) where json_each.value = ${id})`;
}

/** A rule's columns but its content: what a compiled feed reads of each rule (servedShapes, changedSince). */
const SHAPE_COLUMNS = [
  'id',
  'company_id',
  'profile_id',
  'position',
  'unique_id',
  'reporting_label',
  'is_default',
  'active',
  'start_date',
  'end_date',
  'condition_ids',
  'ended_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ProfileRulesTable)[];

/** What a creative's variants are narrowed to: a condition, a feed column's value. */
export interface VariantFilters {
  condition?: number | undefined;
  field?: RuleFilter | undefined;
}

/**
 * A rules list's text filter: Unique_ID or Reporting_Label contains the text, case folded, tested on
 * each rule (no trigram index: decision 0144 measured what one costs a sync).
 */
const ruleText = (text: string) => {
  const like = `%${escapeLike(text.toLowerCase())}%`;
  return sql<boolean>`(lower(profile_rules.unique_id) like ${like} escape '\\' or lower(profile_rules.reporting_label) like ${like} escape '\\')`;
};

const RULE_SORTS = {
  position: 'profile_rules.position',
  unique_id: 'profile_rules.unique_id',
  reporting_label: sql`lower(profile_rules.reporting_label)`,
} satisfies Record<NonNullable<ProfileRuleListQuery['sort-by']>, SortKey>;

/** How deep in a sorted list (from its nearer end) a page is read from the kept list rather than the database. */
const KEPT_DEPTH = 5_000;

/** The live rules of a large feed a list keeps (RULES_LIST_KEPT_FROM) and the bytes kept in all. */
export const RULES_LIST_KEPT = { from: 20_000, maxBytes: 128 * 1024 * 1024 };

/**
 * A profile's rules as they are read: pages of them, one with its profile's name, and those a
 * creative's rule filter serves (rule selection, previews, renders). Every query is scoped by
 * company or by a profile the caller found in its company. The lists of large feeds are paged and
 * filtered from what this process keeps of them (rule-list-index.ts, decision 0148).
 */
export const createProfileRulesRepository = (db: Db, kept: { from: number } = RULES_LIST_KEPT) => {
  const lists = createRuleListIndex(db, { from: kept.from, maxBytes: RULES_LIST_KEPT.maxBytes });

  /** The live rules at these positions, in their order. */
  const rulesAt = async (profile: ProfileRow, positions: number[], trx: Executor) => {
    if (positions.length === 0) return [];
    const rows = await trx
      .selectFrom('profile_rules')
      .selectAll()
      .where((eb) => eb.and({ profile_id: profile.id, company_id: profile.company_id }))
      .where('ended_at', 'is', null)
      .where('position', 'in', positions)
      .execute();
    const at = new Map(rows.map((row) => [row.position, row]));
    return positions.flatMap((position) => at.get(position) ?? []);
  };

  return {
    /**
     * A page of the profile's rules (or of its ended ones). In feed order without a filter, the
     * live rules hold positions 1..n exactly, so a page is a range of positions at any depth.
     * A large feed's filtered pages, and its sorted pages deep in the list, come from the kept list.
     */
    rules: async (profile: ProfileRow, query: ProfileRuleListQuery, trx: Executor = db) => {
      const ended = query.ended ?? false;
      let rows = trx
        .selectFrom('profile_rules')
        .selectAll()
        .where((eb) => eb.and({ profile_id: profile.id, company_id: profile.company_id }))
        .where('ended_at', ended ? 'is not' : 'is', null);
      const sortBy: KeptSort = query['sort-by'] ?? 'position';
      const perPage = query['items-per-page'];
      const desc = query['sort-order'] === 'desc';
      const offset = (query.page - 1) * perPage;
      if (!ended && !query.filter && sortBy === 'position' && perPage !== -1) {
        const total = profile.rules_live;
        const [low, high] = desc
          ? [total - offset - perPage + 1, total - offset]
          : [offset + 1, offset + perPage];
        const data = await rows
          .where('position', '>=', low)
          .where('position', '<=', high)
          .orderBy('position', desc ? 'desc' : 'asc')
          .execute();
        return { data, meta: pageMeta(query.page, perPage, total) };
      }
      if (!ended && perPage !== -1 && !trx.isTransaction && lists.keeps(profile)) {
        const deep = Math.min(offset, profile.rules_live - offset - perPage) > KEPT_DEPTH;
        if (query.filter || (sortBy !== 'position' && (deep || lists.holds(profile, sortBy)))) {
          const filter = query.filter?.toLowerCase() ?? '';
          const page = await lists.page(profile, { sort: sortBy, desc, filter, offset, limit: perPage });
          if (page) {
            const data = await rulesAt(profile, page.positions, trx);
            return { data, meta: pageMeta(query.page, perPage, page.total) };
          }
        }
      }
      let total: () => Promise<ListTotal> = () => cappedTotal(trx, rows);
      if (query.filter) rows = rows.where(ruleText(query.filter));
      else if (!ended) {
        // The live rules are counted by every sync: an exact total lets a deep page walk from the
        // nearer end of its sort (paginate), so the last page by Unique_ID costs what the first does.
        const exact = { total: profile.rules_live, capped: false };
        total = () => Promise.resolve(exact);
      }
      return paginate(rows, query, {
        sortable: RULE_SORTS,
        defaultSort: { by: 'profile_rules.position', order: 'asc' },
        id: 'profile_rules.id',
        total,
      });
    },

    findRule: (companyId: number, id: number, trx: Executor = db) =>
      trx
        .selectFrom('profile_rules')
        .innerJoin('profiles', 'profiles.id', 'profile_rules.profile_id')
        .selectAll('profile_rules')
        .select('profiles.name as profile_name')
        .where((eb) => eb.and({ 'profile_rules.company_id': companyId, 'profile_rules.id': id }))
        .where('profiles.deleted_at', 'is', null)
        .executeTakeFirst(),

    /**
     * Ids of the live, active rules whose `column` holds one of `values` (as text), feed order;
     * without a filter all of them.
     */
    ruleIds: async (profileId: number, filter: RuleFilter | null, trx: Executor = db) => {
      const query = liveServed(trx, profileId, filter)
        .select('id')
        .where('active', '=', 1)
        .orderBy('position');
      return (await query.execute()).map((row) => row.id);
    },

    /** The active rules a creative's rule filter serves, in feed order: the first `limit`, and how many in all. */
    activeServedRules: async (
      profileId: number,
      filter: RuleFilter | null,
      limit: number,
      trx: Executor = db,
    ) => {
      const served = liveServed(trx, profileId, filter).where('active', '=', 1);
      const [rows, total] = await Promise.all([
        served.select(['id', 'unique_id', 'reporting_label']).orderBy('position').limit(limit).execute(),
        served.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /**
     * The live rules (active or not) a creative's rule filter serves, in feed order, `limit` from
     * after `afterPosition`: rule selection reads a feed in such pages and stops at the rule that
     * matches, so a 700,000-row feed is not read whole for a viewer that the first rows fit.
     */
    servedRules: (
      profileId: number,
      filter: RuleFilter | null,
      afterPosition: number,
      limit: number,
      trx: Executor = db,
    ) =>
      liveServed(trx, profileId, filter)
        .selectAll()
        .where('position', '>', afterPosition)
        .orderBy('position')
        .limit(limit)
        .execute(),

    /**
     * `servedRules` without each rule's content: what a feed compiled for serving reads once it holds
     * no more content (a 700,000 × 100 feed carries ~2 GB of it).
     */
    servedShapes: (profileId: number, filter: RuleFilter | null, afterPosition: number, limit: number) =>
      liveServed(db, profileId, filter)
        .select(SHAPE_COLUMNS)
        .where('position', '>', afterPosition)
        .orderBy('position')
        .limit(limit)
        .execute(),

    /** Where a feed's rules stand now (rule-revisions.ts); undefined without the profile. */
    revisionStamp: (profileId: number) => revisionStamp(db, profileId),

    /**
     * The profile's rules written in a revision the stamp `since` did not see, ended ones too, by the
     * revision index: at most `limit`, each with its shape, whether the rule filter serves it now
     * (`served`: live and matched) and, when asked, its content.
     */
    changedSince: (
      profileId: number,
      filter: RuleFilter | null,
      since: RevisionStamp,
      limit: number,
      withData: boolean,
    ) =>
      db
        .selectFrom('profile_rules')
        .select([
          ...SHAPE_COLUMNS,
          sql<number>`case when ended_at is null and ${servedBy(db, filter)} then 1 else 0 end`.as('served'),
        ])
        .$if(withData, (query) => query.select('data'))
        .where('profile_id', '=', profileId)
        .where(unseenBy(since))
        .limit(limit)
        .execute() as Promise<(Omit<ProfileRuleRow, 'data'> & { served: number; data?: string })[]>,

    /**
     * The content (stored JSON text) of these rules of a profile, ended ones too: what a compiled feed
     * reads on a rule's first use instead of holding every rule's (issue 47: 700,000 rows × 100
     * columns). A set compiled before a re-sync ended its rules still plays them until it is replaced.
     */
    dataOf: (profileId: number, ids: readonly number[], trx: Executor = db) =>
      ids.length === 0
        ? Promise.resolve([])
        : trx
            .selectFrom('profile_rules')
            .select(['id', 'data'])
            .where('profile_id', '=', profileId)
            .where('id', 'in', ids)
            .execute(),

    /**
     * A page of a creative's variants: the live rules (active or not) its rule filter serves, feed
     * order, narrowed by `narrow` (`page` null: all of them); with how many match and how many there
     * are before narrowing.
     */
    variants: async (
      profileId: number,
      filter: RuleFilter | null,
      narrow: VariantFilters,
      page: { offset: number; limit: number } | null,
      trx: Executor = db,
    ) => {
      const served = liveServed(trx, profileId, filter);
      let matching = served;
      if (narrow.condition !== undefined) matching = matching.where(withCondition(trx, narrow.condition));
      if (narrow.field) matching = matching.where(servedBy(trx, narrow.field));
      const count = (query: typeof served) =>
        query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      const ordered = matching.selectAll().orderBy('position');
      const [rows, total, all] = await Promise.all([
        (page ? ordered.offset(page.offset).limit(page.limit) : ordered).execute(),
        count(matching),
        narrow.condition === undefined && !narrow.field ? undefined : count(served),
      ]);
      return { rows, total: Number(total.n), all: Number((all ?? total).n) };
    },

    /** The distinct condition lists of the live rules a rule filter serves (a few per feed). */
    conditionIdsOfServed: async (profileId: number, filter: RuleFilter | null, trx: Executor = db) => {
      const lists = await liveServed(trx, profileId, filter).select('condition_ids').distinct().execute();
      return [...new Set(lists.flatMap((row) => parseJson<number[]>(row.condition_ids, [])))];
    },

    /** The first served rule that is active and the feed's default, and the first active one. */
    servedFallbacks: async (profileId: number, filter: RuleFilter | null, trx: Executor = db) => {
      const first = (defaultOnly: boolean) => {
        let query = liveServed(trx, profileId, filter).selectAll().where('active', '=', 1);
        if (defaultOnly) query = query.where('is_default', '=', 1);
        return query.orderBy('position').limit(1).executeTakeFirst();
      };
      const [fallback, firstActive] = await Promise.all([first(true), first(false)]);
      return { fallback, firstActive };
    },
  };
};
export type ProfileRulesRepository = ReturnType<typeof createProfileRulesRepository>;
