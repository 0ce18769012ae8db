import {
  canAccess,
  PROFILE_NAME_MAX,
  type Profile,
  type ProfileCreate,
  type ProfileListQuery,
  type ProfileUpdate,
  type RuleFilter,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { diff } from '../../lib/audit-changes';
import { forbidden } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { ListPage } from '../../lib/list';
import { resourceService } from '../../lib/resource';
import { nowIso } from '../../lib/time';
import { assertCurrentVersion, basedOnOf, changedMeanwhile } from '../../lib/versions';
import type { SavedUrlCheck } from '../../net/saved-url';
import type { AuditLog } from '../audit';
import type { UploadsService } from '../uploads';
import type { ProfileRulesRepository } from './profile-rules.repository';
import { nextRun } from './profile-schedule';
import { audited, createSourceResolver, type SourceFields, sourceFieldsOf } from './profile-source';
import type { SyncStart } from './profile-syncs.service';
import type { ProfileRow, ProfilesRepository } from './profiles.repository';

export const CHANGED_MEANWHILE = changedMeanwhile('profile');
export const NAME_TAKEN = 'The name has already been taken.';

/** A template as a profile names it. */
type TemplateSummary = { id: number; name: string };

export const toProfile = (row: ProfileRow, template?: TemplateSummary, fixableRows = 0): Profile => ({
  id: row.id,
  name: row.name,
  source: (row.source as Profile['source']) ?? 'gsheet',
  url: row.url,
  gsheet_id: row.gsheet_id,
  file_name: row.file_name,
  ranges: parseJson<string[]>(row.ranges, []),
  template_id: row.template_id,
  template: template ?? null,
  schedule: row.schedule,
  status: row.status,
  sync_error: row.sync_error,
  columns: parseJson<string[]>(row.columns, []),
  rows_total: row.rows_total,
  rows_processed: row.rows_processed,
  rows_active: row.rows_active,
  rows_with_errors: row.rows_with_errors,
  warnings_total: row.warnings_total,
  fixable_rows: fixableRows,
  synced_at: row.synced_at,
  next_sync_at: row.next_sync_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
  deleted_at: row.deleted_at,
});

/** When a schedule runs next from now, as stored. */
const nextRunOf = (schedule: string | null | undefined) =>
  schedule ? (nextRun(schedule, new Date())?.toISOString() ?? null) : null;

interface Deps {
  profiles: ProfilesRepository;
  rules: Pick<
    ProfileRulesRepository,
    | 'servedRules'
    | 'servedFallbacks'
    | 'activeServedRules'
    | 'dataOf'
    | 'servedShapes'
    | 'revisionStamp'
    | 'changedSince'
  >;
  uploads: Pick<UploadsService, 'claim'>;
  /** Refuses a feed URL the SSRF guard would refuse at every sync (422 on `url`). */
  reachable: SavedUrlCheck;
  audit: AuditLog;
  transaction: Transactor;
  /** Starts a profile's sync (profile-syncs.service.ts); a new profile syncs at once. */
  startSync: (companyId: number, profileId: number, by: SyncStart) => Promise<unknown>;
  /** The company's live template, by id and name (asked of templates). */
  template: (companyId: number, id: number, trx?: Executor) => Promise<TemplateSummary | undefined>;
  /** The company's live templates, by id and name (asked of templates). */
  templates: (companyId: number) => Promise<TemplateSummary[]>;
  /** How many rejected rows a sync would now take in, by profile id (profile-syncs.repository.ts). */
  fixableRows: (
    companyId: number,
    profileIds: readonly number[],
    trx?: Executor,
  ) => Promise<Map<number, number>>;
}

/** Only a profile whose last sync rejected rows can have rows a sync would now take in. */
const rejectedRows = (rows: readonly ProfileRow[]) =>
  rows.filter((row) => row.rows_with_errors > 0).map((row) => row.id);

/**
 * Profiles (feeds) as items: the list, one profile, create (which starts its first sync), edit,
 * delete and restore, with their audit; and what other areas ask of a profile's rules. Syncs and
 * rules as users read them have services of their own (profile-syncs, profile-rules).
 */
export function createProfilesService({
  profiles,
  rules,
  uploads,
  reachable,
  audit,
  transaction,
  startSync,
  template: templateOf,
  templates,
  fixableRows,
}: Deps) {
  /**
   * Live profiles' names are unique per company ignoring case (an index of migration
   * 2026-11-27-1300): the check answers 422, and a write that raced past it meets the index and
   * answers the same.
   */
  const base = resourceService({
    noun: 'profile',
    repository: profiles,
    audit,
    transaction,
    name: { index: 'profiles_live_name_key', message: NAME_TAKEN, max: PROFILE_NAME_MAX },
  });

  const assertWriter = (user: User) => {
    if (!canAccess(user, 'profiles', 'write')) throw forbidden();
  };

  const resolveSource = createSourceResolver({
    uploads,
    reachable,
    templateExists: async (companyId, id) => (await templateOf(companyId, id)) !== undefined,
  });

  const view = async (user: User, row: ProfileRow, trx?: Executor) =>
    toProfile(
      row,
      row.template_id === null ? undefined : await templateOf(user.company_id, row.template_id, trx),
      (await fixableRows(user.company_id, rejectedRows([row]), trx)).get(row.id),
    );

  return {
    /** Whether the company has this live profile (a creative may be driven only by one). */
    exists: (companyId: number, id: number, trx?: Executor) => profiles.exists(companyId, id, trx),

    /** The name of the company's live profile (served dynamic content is named after its feed); undefined when none. */
    liveName: async (companyId: number, id: number) => (await profiles.findById(companyId, id))?.name,

    /** The live profiles that use a template (a template in use is not deleted). */
    usingTemplate: (companyId: number, templateId: number, trx?: Executor) =>
      profiles.usingTemplate(companyId, templateId, trx),

    /** The live rules a rule filter serves, in feed order, a page at a time (rule selection reads them). */
    servedRules: (profileId: number, filter: RuleFilter | null, afterPosition: number, limit: number) =>
      rules.servedRules(profileId, filter, afterPosition, limit),

    /** `servedRules` without their content (a compiled feed past the content it holds). */
    servedShapes: (profileId: number, filter: RuleFilter | null, afterPosition: number, limit: number) =>
      rules.servedShapes(profileId, filter, afterPosition, limit),

    /** Where a feed's rules stand now: what a compiled feed reads changes from (`patchFeed`). */
    revisionStamp: rules.revisionStamp,

    /** The profile's rules written after a revision, at most `limit` (a compiled feed's patch). */
    changedSince: rules.changedSince,

    /** The content of these rules of a profile, by id (a compiled feed reads it on first use). */
    ruleData: (profileId: number, ids: readonly number[]) => rules.dataOf(profileId, ids),

    /** The first served rule that is active and the feed's default, and the first active one. */
    servedFallbacks: (profileId: number, filter: RuleFilter | null) =>
      rules.servedFallbacks(profileId, filter),

    /** The active rules a rule filter serves, in feed order: the first `limit`, and how many in all. */
    activeServedRules: (profileId: number, filter: RuleFilter | null, limit: number) =>
      rules.activeServedRules(profileId, filter, limit),

    async list(user: User, query: ProfileListQuery): Promise<ListPage<Profile>> {
      const page = await profiles.list(user.company_id, query);
      const [named, fixable] = await Promise.all([
        templates(user.company_id).then((all) => new Map(all.map((t) => [t.id, t]))),
        fixableRows(user.company_id, rejectedRows(page.data)),
      ]);
      return {
        data: page.data.map((row) =>
          toProfile(
            row,
            row.template_id !== null ? named.get(row.template_id) : undefined,
            fixable.get(row.id),
          ),
        ),
        meta: page.meta,
      };
    },

    get: async (user: User, id: number) => view(user, await base.find(user, id)),

    /** Creates the profile and starts its first sync. */
    async create(user: User, body: ProfileCreate): Promise<Profile> {
      assertWriter(user);
      // Before the source: a refused name does not claim the upload.
      await base.assertNameFree(user, body.name, undefined);
      const fields = await resolveSource(user, body, undefined);
      const stored: SourceFields = {
        name: body.name,
        source: fields.source ?? 'gsheet',
        url: fields.url ?? null,
        gsheet_id: fields.gsheet_id ?? null,
        file_key: fields.file_key ?? null,
        file_name: fields.file_name ?? null,
        ranges: fields.ranges ?? '[]',
        template_id: fields.template_id ?? null,
        schedule: fields.schedule ?? null,
      };
      const now = nowIso();
      const row = await transaction((trx) =>
        base.insert(
          user,
          audited(stored),
          () =>
            profiles.insert(
              {
                ...stored,
                company_id: user.company_id,
                next_sync_at: nextRunOf(stored.schedule),
                status: 'new',
                synced_at: null,
                created_at: now,
                updated_at: now,
              },
              trx,
            ),
          trx,
          { checked: true },
        ),
      );
      await startSync(user.company_id, row.id, { trigger: 'create', userId: user.id, confirm: false });
      return view(user, await base.find(user, row.id));
    },

    async update(user: User, id: number, body: ProfileUpdate, ifMatch?: string): Promise<Profile> {
      assertWriter(user);
      const basedOn = basedOnOf(body.updated_at, ifMatch);
      const before = await base.find(user, id);
      assertCurrentVersion(basedOn, before.updated_at, CHANGED_MEANWHILE);
      if (body.name !== undefined && body.name !== before.name)
        await base.assertNameFree(user, body.name, id);
      const fields = await resolveSource(user, body, sourceFieldsOf(before));
      if (body.name !== undefined) fields.name = body.name;
      const changes = diff(audited(sourceFieldsOf(before)), audited(fields));
      const stored = diff(sourceFieldsOf(before), fields);
      if (Object.keys(stored).length === 0) return view(user, before);
      const schedule = fields.schedule !== undefined ? fields.schedule : before.schedule;
      const values = { ...fields, ...(changes.schedule ? { next_sync_at: nextRunOf(schedule) } : {}) };
      return transaction(async (trx) =>
        view(user, await base.edit(user, before, { values, changes, checked: true }, trx), trx),
      );
    },

    async remove(user: User, id: number): Promise<void> {
      assertWriter(user);
      await base.remove(user, id);
    },

    /** Brings a deleted profile back, unless a live one has taken its name meanwhile. */
    async restore(user: User, id: number): Promise<Profile> {
      assertWriter(user);
      return base.restore(user, id, (row, trx) => view(user, row, trx));
    },

    async history(user: User, id: number) {
      await base.find(user, id);
      return audit.history(user, id);
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
