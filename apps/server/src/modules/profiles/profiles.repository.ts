import type { ProfileListQuery, ProfileRuleListQuery, ProfileSort, RuleFilter } from '@adstudio/contract';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type {
  ProfileErrorsTable,
  ProfileRulesTable,
  ProfileSyncsTable,
  ProfilesTable,
  ProfileTemplatesTable,
} from '../../db/schema';
import { isPostgres } from '../../lib/indexed-filter';
import {
  cappedTotal,
  defaultSort,
  escapeLike,
  listedRows,
  pageMeta,
  paginate,
  type SortKey,
} from '../../lib/list';
import { listTotal } from '../../lib/list-total';
import { scopedRepository } from '../../lib/scoped-repository';
import { textMatch } from '../../lib/text-match';

export type ProfileRow = Selectable<ProfilesTable>;
export type ProfileRuleRow = Selectable<ProfileRulesTable>;
export type ProfileSyncRow = Selectable<ProfileSyncsTable>;
export type ProfileTemplateRow = Selectable<ProfileTemplatesTable>;
export type ProfileErrorRow = Selectable<ProfileErrorsTable>;

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

const SORTS: Record<ProfileSort, SortKey> = {
  name: sql`lower(profiles.name)`,
  status: 'profiles.status',
  synced_at: { emptyLast: 'profiles.synced_at' },
  created_at: 'profiles.created_at',
  updated_at: 'profiles.updated_at',
};

const RULE_SORTS = {
  position: 'profile_rules.position',
  unique_id: 'profile_rules.unique_id',
  reporting_label: sql`lower(profile_rules.reporting_label)`,
} satisfies Record<NonNullable<ProfileRuleListQuery['sort-by']>, SortKey>;

/** Profiles (feeds), their rules, sync history, errors and templates; every query is scoped by company. */
export const createProfilesRepository = (db: Db) => ({
  /** Whether the company has this live profile. */
  exists: async (companyId: number, id: number, trx: Executor = db) =>
    (await trx
      .selectFrom('profiles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()) !== undefined,

  findById: (companyId: number, id: number, trx: Executor = db, { deleted = false } = {}) =>
    trx
      .selectFrom('profiles')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('deleted_at', deleted ? 'is not' : 'is', null)
      .executeTakeFirst(),

  /** A profile by id alone, for jobs (which carry the id, not a user). */
  findAnyById: (id: number, trx: Executor = db) =>
    trx.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst(),

  list: async (companyId: number, query: ProfileListQuery, trx: Executor = db) => {
    let rows = trx
      .selectFrom('profiles')
      .selectAll('profiles')
      .where('profiles.company_id', '=', companyId)
      .where(listedRows('profiles', query));
    const text = query.filter
      ? await textMatch(trx, { table: 'profiles', columns: ['name'] }, companyId, query, query.filter)
      : undefined;
    if (text) rows = rows.where(text.where);
    const total = listTotal(trx, {
      section: 'profiles',
      companyId,
      listed: query,
      matches: [text],
      narrowed: false,
      rows,
    });
    return paginate(rows, query, {
      sortable: SORTS,
      defaultSort: defaultSort('profiles', query),
      id: 'profiles.id',
      total,
      // A filter testing ids: the page's ids come first, then their rows without testing it again.
      load: text?.idsOnly
        ? (ids) => scopedRepository(trx, 'profiles').findByIds(companyId, ids, trx, { deleted: 'any' })
        : undefined,
    });
  },

  /** Whether another live profile of the company has this name, ignoring case. */
  nameTaken: scopedRepository(db, 'profiles').nameTaken,

  insert: (values: Insertable<ProfilesTable>, trx: Executor = db) =>
    trx.insertInto('profiles').values(values).returningAll().executeTakeFirstOrThrow(),

  /** Answers the updated row, or undefined when it changed since `updatedAt` (or is gone). */
  updateIfUnchanged: (
    companyId: number,
    id: number,
    updatedAt: string,
    values: Updateable<ProfilesTable>,
    trx: Executor = db,
  ) =>
    trx
      .updateTable('profiles')
      .set(values)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('updated_at', '=', updatedAt)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),

  update: (id: number, values: Updateable<ProfilesTable>, trx: Executor = db) =>
    trx.updateTable('profiles').set(values).where('id', '=', id).execute(),

  /**
   * Marks the profile syncing under `syncId` unless a sync of it is running: answers whether it
   * did. The one conditional update is what keeps two syncs of a profile from running at once,
   * whichever instance asks.
   */
  claimSync: async (id: number, syncId: number, trx: Executor) => {
    const result = await trx
      .updateTable('profiles')
      .set({ status: 'syncing', sync_id: syncId, rows_processed: 0, sync_error: null })
      .where('id', '=', id)
      .where('status', '!=', 'syncing')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Progress of the running sync, readable by any instance. */
  setProgress: (id: number, syncId: number, processed: number, total: number) =>
    db
      .updateTable('profiles')
      .set({ rows_processed: processed, rows_total: total })
      .where('id', '=', id)
      .where('sync_id', '=', syncId)
      .execute(),

  // --- syncs ---------------------------------------------------------------------------------

  insertSync: (values: Insertable<ProfileSyncsTable>, trx: Executor = db) =>
    trx.insertInto('profile_syncs').values(values).returningAll().executeTakeFirstOrThrow(),

  findSync: (id: number, trx: Executor = db) =>
    trx.selectFrom('profile_syncs').selectAll().where('id', '=', id).executeTakeFirst(),

  updateSync: (id: number, values: Updateable<ProfileSyncsTable>, trx: Executor = db) =>
    trx.updateTable('profile_syncs').set(values).where('id', '=', id).execute(),

  /** The profile's syncs, newest first, with who started them. */
  history: (companyId: number, profileId: number, limit = 100) =>
    db
      .selectFrom('profile_syncs')
      .leftJoin('users', 'users.id', 'profile_syncs.user_id')
      .selectAll('profile_syncs')
      .select('users.name as user_name')
      .where('profile_syncs.company_id', '=', companyId)
      .where('profile_syncs.profile_id', '=', profileId)
      .orderBy('profile_syncs.id', 'desc')
      .limit(limit)
      .execute(),

  /** Scheduled profiles whose next run is due, for the scheduler. */
  dueForSchedule: (now: string, limit = 50) =>
    db
      .selectFrom('profiles')
      .select(['id', 'company_id', 'schedule', 'next_sync_at'])
      .where('schedule', 'is not', null)
      .where('next_sync_at', '<=', now)
      .where('deleted_at', 'is', null)
      .orderBy('next_sync_at')
      .limit(limit)
      .execute(),

  /** Moves a schedule's next run on; answers whether this caller did (so one instance runs it). */
  advanceSchedule: async (id: number, from: string, to: string | null) => {
    const result = await db
      .updateTable('profiles')
      .set({ next_sync_at: to })
      .where('id', '=', id)
      .where('next_sync_at', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  // --- rules ---------------------------------------------------------------------------------

  /**
   * A page of the profile's rules (or of its ended ones). In feed order without a filter, the
   * live rules hold positions 1..n exactly, so a page is a range of positions at any depth.
   */
  rules: async (profile: ProfileRow, query: ProfileRuleListQuery, trx: Executor = db) => {
    const ended = query.ended ?? false;
    let rows = trx
      .selectFrom('profile_rules')
      .selectAll()
      .where('profile_id', '=', profile.id)
      .where('company_id', '=', profile.company_id)
      .where('ended_at', ended ? 'is not' : 'is', null);
    const sortBy = query['sort-by'] ?? 'position';
    const perPage = query['items-per-page'];
    if (!ended && !query.filter && sortBy === 'position' && perPage !== -1) {
      const total = profile.rules_live;
      const desc = query['sort-order'] === 'desc';
      const first = (query.page - 1) * perPage;
      const [low, high] = desc ? [total - first - perPage + 1, total - first] : [first + 1, first + perPage];
      const data = await rows
        .where('position', '>=', low)
        .where('position', '<=', high)
        .orderBy('position', desc ? 'desc' : 'asc')
        .execute();
      return { data, meta: pageMeta(query.page, perPage, total) };
    }
    if (query.filter) {
      const like = `%${escapeLike(query.filter.toLowerCase())}%`;
      rows = rows.where(
        sql<boolean>`(lower(unique_id) like ${like} escape '\\' or lower(reporting_label) like ${like} escape '\\')`,
      );
    }
    return paginate(rows, query, {
      sortable: RULE_SORTS,
      defaultSort: { by: 'profile_rules.position', order: 'asc' },
      id: 'profile_rules.id',
      total: () => cappedTotal(trx, rows),
    });
  },

  findRule: (companyId: number, id: number, trx: Executor = db) =>
    trx
      .selectFrom('profile_rules')
      .innerJoin('profiles', 'profiles.id', 'profile_rules.profile_id')
      .selectAll('profile_rules')
      .select('profiles.name as profile_name')
      .where('profile_rules.company_id', '=', companyId)
      .where('profile_rules.id', '=', id)
      .where('profiles.deleted_at', 'is', null)
      .executeTakeFirst(),

  /** The first live, active rule in feed order: dynamic code's sample values. */
  firstActiveRule: (profileId: number, trx: Executor = db) =>
    trx
      .selectFrom('profile_rules')
      .selectAll()
      .where('profile_id', '=', profileId)
      .where('ended_at', 'is', null)
      .where('active', '=', 1)
      .orderBy('position')
      .limit(1)
      .executeTakeFirst(),

  /**
   * Ids of the live, active rules whose `column` holds one of `values` (as text), feed order;
   * without a filter all of them.
   */
  ruleIds: async (profileId: number, filter: RuleFilter | null, trx: Executor = db) => {
    const query = trx
      .selectFrom('profile_rules')
      .select('id')
      .where('profile_id', '=', profileId)
      .where('ended_at', 'is', null)
      .where('active', '=', 1)
      .where(servedBy(trx, filter))
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
    const served = trx
      .selectFrom('profile_rules')
      .where('profile_id', '=', profileId)
      .where('ended_at', 'is', null)
      .where('active', '=', 1)
      .where(servedBy(trx, filter));
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
    trx
      .selectFrom('profile_rules')
      .selectAll()
      .where('profile_id', '=', profileId)
      .where('ended_at', 'is', null)
      .where('position', '>', afterPosition)
      .where(servedBy(trx, filter))
      .orderBy('position')
      .limit(limit)
      .execute(),

  /** The first served rule that is active and the feed's default, and the first active one. */
  servedFallbacks: async (profileId: number, filter: RuleFilter | null, trx: Executor = db) => {
    const first = (defaultOnly: boolean) => {
      let query = trx
        .selectFrom('profile_rules')
        .selectAll()
        .where('profile_id', '=', profileId)
        .where('ended_at', 'is', null)
        .where('active', '=', 1)
        .where(servedBy(trx, filter));
      if (defaultOnly) query = query.where('is_default', '=', 1);
      return query.orderBy('position').limit(1).executeTakeFirst();
    };
    const [fallback, firstActive] = await Promise.all([first(true), first(false)]);
    return { fallback, firstActive };
  },

  creativesUsing: (companyId: number, profileId: number, trx: Executor = db) =>
    trx
      .selectFrom('creatives')
      .select(['id', 'name', 'rule_filter'])
      .where('company_id', '=', companyId)
      .where('profile_id', '=', profileId)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute(),

  /** Names of the company's conditions among `ids`. */
  conditionNames: async (companyId: number, ids: readonly number[], trx: Executor = db) =>
    ids.length === 0
      ? []
      : trx
          .selectFrom('conditions')
          .select(['id', 'name'])
          .where('company_id', '=', companyId)
          .where('id', 'in', [...ids])
          .orderBy('name')
          .execute(),

  // --- errors --------------------------------------------------------------------------------

  errors: (
    companyId: number,
    profileId: number,
    { severity, column }: { severity?: string; column?: string },
  ) => {
    let query = db
      .selectFrom('profile_errors')
      .select(['row', 'column', 'value', 'message', 'severity'])
      .where('company_id', '=', companyId)
      .where('profile_id', '=', profileId);
    if (severity) query = query.where('severity', '=', severity);
    if (column) query = query.where('column', '=', column);
    return query
      .orderBy(sql`coalesce(${sql.ref('row')}, 0)`)
      .orderBy('id')
      .execute();
  },

  // --- templates -----------------------------------------------------------------------------

  templates: (companyId: number, trx: Executor = db) =>
    trx
      .selectFrom('profile_templates')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('deleted_at', 'is', null)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute(),

  findTemplate: (companyId: number, id: number, trx: Executor = db) =>
    trx
      .selectFrom('profile_templates')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),

  /** Whether another live template of the company has this name, ignoring case. */
  templateNameTaken: scopedRepository(db, 'profile_templates').nameTaken,

  insertTemplate: (values: Insertable<ProfileTemplatesTable>, trx: Executor = db) =>
    trx.insertInto('profile_templates').values(values).returningAll().executeTakeFirstOrThrow(),

  updateTemplate: (
    companyId: number,
    id: number,
    updatedAt: string | undefined,
    values: Updateable<ProfileTemplatesTable>,
    trx: Executor = db,
  ) => {
    let query = trx
      .updateTable('profile_templates')
      .set(values)
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null);
    if (updatedAt) query = query.where('updated_at', '=', updatedAt);
    return query.returningAll().executeTakeFirst();
  },

  /** Names of the live profiles that use a template. */
  profilesUsingTemplate: (companyId: number, templateId: number, trx: Executor = db) =>
    trx
      .selectFrom('profiles')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('template_id', '=', templateId)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .execute(),
});
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
