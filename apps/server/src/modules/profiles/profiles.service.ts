import {
  canAccess,
  gsheetIdOf,
  type Profile,
  type ProfileCreate,
  type ProfileIssue,
  type ProfileListQuery,
  type ProfileRule,
  type ProfileRuleDetail,
  type ProfileRuleListQuery,
  type ProfileSync,
  type ProfileTemplate,
  type ProfileTemplateWrite,
  type ProfileUpdate,
  type RuleFilter,
  sheetUrl,
  TEMPLATE_COLUMN_TYPES,
  type TemplateColumn,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { created, diff } from '../../lib/audit-changes';
import { uniqueRace } from '../../lib/db-errors';
import { forbidden, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { ListPage } from '../../lib/list';
import { nowIso } from '../../lib/time';
import { randomToken } from '../../lib/tokens';
import { assertCurrentVersion, basedOnOf, changedMeanwhile, nextUpdatedAt } from '../../lib/versions';
import type { AuditLog } from '../audit';
import type { UploadsService } from '../uploads';
import { nextRun, runDueSchedules } from './profile-schedule';
import type {
  ProfileRow,
  ProfileRuleRow,
  ProfileSyncRow,
  ProfilesRepository,
  ProfileTemplateRow,
} from './profiles.repository';

/** The job that runs a profile's sync (profile-sync.ts). */
export const SYNC_JOB = 'profile.sync';
export const SYNC_RUNNING = 'A sync of this profile is running. Wait for it to finish.';
export const NOT_A_SHEET = 'Give the address of a Google Sheet (docs.google.com/spreadsheets/d/…) or its id.';
export const UPLOAD_NEEDED = 'Upload an XLSX, CSV or TSV file.';
export const URL_NEEDED = 'Give the address of a CSV or XLSX file (http:// or https://).';
export const NO_TEMPLATE = 'Choose one of the templates.';
export const TEMPLATE_IN_USE = (names: string[]) =>
  `The template is used by ${names.join(', ')}. Choose another template for them first.`;
export const CHANGED_MEANWHILE = changedMeanwhile('profile');
export const NAME_TAKEN = 'The name has already been taken.';

/** Where an uploaded feed file is kept. */
const feedKey = (name: string) =>
  `feeds/${randomToken(12)}/${name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-100) || 'feed'}`;

export const toProfile = (row: ProfileRow, template?: { id: number; name: string }): Profile => ({
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
  synced_at: row.synced_at,
  next_sync_at: row.next_sync_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
  deleted_at: row.deleted_at,
});

export const toRule = (row: ProfileRuleRow): ProfileRule => ({
  id: row.id,
  profile_id: row.profile_id,
  unique_id: row.unique_id,
  reporting_label: row.reporting_label,
  position: row.position,
  is_default: row.is_default === 1,
  active: row.active === 1,
  start: row.start_date,
  end: row.end_date,
  condition_ids: parseJson<number[]>(row.condition_ids, []),
  data: parseJson<ProfileRule['data']>(row.data, {}),
  ended_at: row.ended_at,
});

const toSync = (row: ProfileSyncRow & { user_name: string | null }): ProfileSync => ({
  id: row.id,
  trigger: row.trigger,
  user: row.user_id !== null ? { id: row.user_id, name: row.user_name ?? '' } : null,
  status: row.status,
  revision: row.revision,
  started_at: row.started_at,
  finished_at: row.finished_at,
  error: row.error,
  rows_total: row.rows_total,
  rows_active: row.rows_active,
  rows_with_errors: row.rows_with_errors,
  warnings_total: row.warnings_total,
  rows_added: row.rows_added,
  rows_changed: row.rows_changed,
  rows_removed: row.rows_removed,
});

const toTemplate = (row: ProfileTemplateRow): ProfileTemplate => ({
  id: row.id,
  name: row.name,
  // A type this version does not know reads as text rather than failing the whole list.
  columns: parseJson<TemplateColumn[]>(row.columns, []).map((column) => ({
    ...column,
    type: TEMPLATE_COLUMN_TYPES.includes(column.type) ? column.type : 'text',
  })),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** Whether a rule passes a creative's rule filter (its column's value, as text, is one of the values). */
export const servesRule = (filter: RuleFilter | null, data: ProfileRule['data']) => {
  if (!filter) return true;
  const cell = data[filter.column];
  // A yes/no cell is a boolean since feeds are typed: `TRUE` in a filter still means it.
  if (typeof cell === 'boolean') return filter.values.some((value) => value.toLowerCase() === String(cell));
  return filter.values.includes(String(cell ?? ''));
};

/** The fields a user edits (as stored). */
interface SourceFields {
  name: string;
  source: string;
  url: string | null;
  gsheet_id: string | null;
  file_key: string | null;
  file_name: string | null;
  ranges: string;
  template_id: number | null;
  schedule: string | null;
}

const sourceFieldsOf = (row: ProfileRow): SourceFields => ({
  name: row.name,
  source: row.source,
  url: row.url,
  gsheet_id: row.gsheet_id,
  file_key: row.file_key,
  file_name: row.file_name,
  ranges: row.ranges,
  template_id: row.template_id,
  schedule: row.schedule,
});

/** The same as audit entries show them: ranges as a list, the storage key left out. */
const audited = ({ file_key: _key, ranges, ...fields }: Partial<SourceFields>) => ({
  ...fields,
  ...(ranges !== undefined ? { ranges: parseJson<string[]>(ranges, []) } : {}),
});

interface Deps {
  profiles: ProfilesRepository;
  uploads: Pick<UploadsService, 'claim'>;
  audit: AuditLog;
  transaction: Transactor;
  /** Queues the sync job of a sync row (after the row is committed). */
  queueSync: (syncId: number, profileId: number) => Promise<unknown>;
  /** Creatives of the company that a profile drives, for a rule's "used by". */
  creativesOf: (
    companyId: number,
    profileId: number,
  ) => Promise<{ id: number; name: string; rule_filter: string | null }[]>;
  conditionNames: (companyId: number, ids: readonly number[]) => Promise<{ id: number; name: string }[]>;
  /** The company's live creative: the profile it is driven by and its rule filter (asked of creatives). */
  creative: (
    companyId: number,
    id: number,
  ) => Promise<{ profile_id: number | null; rule_filter: string | null } | undefined>;
}

export function createProfilesService({
  profiles,
  uploads,
  audit,
  transaction,
  queueSync,
  creativesOf,
  conditionNames,
  creative: creativeOf,
}: Deps) {
  const mustFind = async (user: User, id: number, trx?: Executor, deleted = false) => {
    const row = await profiles.findById(user.company_id, id, trx, { deleted });
    if (!row) throw notFound();
    return row;
  };

  const assertWriter = (user: User) => {
    if (!canAccess(user, 'profiles', 'write')) throw forbidden();
  };

  /**
   * Live profiles' names are unique per company ignoring case, and so are live templates' (indexes
   * of migration 2026-11-27-1300): the check answers 422, and a write that raced past it meets the
   * index and answers the same.
   */
  const assertNameFree = async (user: User, name: string, exceptId: number | undefined, trx?: Executor) => {
    if (await profiles.nameTaken(user.company_id, name, { exceptId, trx }))
      throw unprocessable({ name: [NAME_TAKEN] });
  };
  const nameRace = uniqueRace({ index: 'profiles_live_name_key', field: 'name', message: NAME_TAKEN });

  const assertTemplateNameFree = async (
    user: User,
    name: string,
    exceptId: number | undefined,
    trx: Executor,
  ) => {
    if (await profiles.templateNameTaken(user.company_id, name, { exceptId, trx }))
      throw unprocessable({ name: [NAME_TAKEN] });
  };
  const templateNameRace = uniqueRace({
    index: 'profile_templates_live_name_key',
    field: 'name',
    message: NAME_TAKEN,
  });

  const templateOf = async (user: User, id: number | null, trx?: Executor) => {
    if (id === null) return undefined;
    const row = await profiles.findTemplate(user.company_id, id, trx);
    return row ? { id: row.id, name: row.name } : undefined;
  };

  const view = async (user: User, row: ProfileRow, trx?: Executor) =>
    toProfile(row, await templateOf(user, row.template_id, trx));

  /**
   * The source fields a create or edit asks for, checked (422 with field messages). A new upload
   * is claimed here, so a refused file answers before anything is written.
   */
  async function resolveSource(
    user: User,
    body: Partial<ProfileCreate>,
    current: SourceFields | undefined,
  ): Promise<Partial<SourceFields>> {
    const source = body.source ?? current?.source ?? 'gsheet';
    const out: Partial<SourceFields> = { source };
    if (body.template_id !== undefined) {
      if (body.template_id !== null && !(await profiles.findTemplate(user.company_id, body.template_id)))
        throw unprocessable({ template_id: [NO_TEMPLATE] });
      out.template_id = body.template_id;
    }
    if (body.ranges !== undefined) out.ranges = JSON.stringify(body.ranges);
    if (body.schedule !== undefined) out.schedule = body.schedule;
    const sourceChanged = body.source !== undefined && body.source !== current?.source;
    if (source === 'gsheet' && (sourceChanged || body.url !== undefined || body.gsheet_id !== undefined)) {
      const id =
        body.gsheet_id ??
        (body.url ? gsheetIdOf(body.url) : null) ??
        (sourceChanged ? null : current?.gsheet_id);
      if (!id) throw unprocessable({ [body.url ? 'url' : 'gsheet_id']: [NOT_A_SHEET] });
      Object.assign(out, { gsheet_id: id, url: sheetUrl(id), file_key: null, file_name: null });
    }
    if (source === 'url' && (sourceChanged || body.url !== undefined)) {
      const url = body.url ?? (sourceChanged ? null : current?.url);
      if (!url || !/^https?:\/\/[^/\s]+/i.test(url) || !URL.canParse(url))
        throw unprocessable({ url: [URL_NEEDED] });
      Object.assign(out, { url, gsheet_id: null, file_key: null, file_name: null });
    }
    if (source === 'upload' && (sourceChanged || body.key)) {
      if (!body.key) throw unprocessable({ key: [UPLOAD_NEEDED] });
      const name = body.file_name ?? 'feed';
      const key = feedKey(name);
      await uploads.claim(user.company_id, body.key, key, 'feed');
      Object.assign(out, { file_key: key, file_name: name, url: null, gsheet_id: null });
    }
    return out;
  }

  /**
   * Starts a sync: a history row and the profile marked `syncing` in one transaction (409 when one
   * is running), then the job. Answers the profile as it now is.
   */
  async function startSync(
    companyId: number,
    profileId: number,
    by: { trigger: ProfileSync['trigger']; userId: number | null; confirm: boolean },
  ) {
    const syncId = await transaction(async (trx) => {
      const sync = await profiles.insertSync(
        {
          company_id: companyId,
          profile_id: profileId,
          trigger: by.trigger,
          user_id: by.userId,
          confirm: by.confirm ? 1 : 0,
          started_at: nowIso(),
        },
        trx,
      );
      if (!(await profiles.claimSync(profileId, sync.id, trx))) throw new HttpError(409, SYNC_RUNNING);
      return sync.id;
    });
    await queueSync(syncId, profileId);
    return syncId;
  }

  return {
    startSync,

    /** Starts the syncs whose schedule is due (the periodic task; each run once across instances). */
    startDueSyncs: (now: Date) => runDueSchedules(profiles, startSync, now),

    /** Whether the company has this live profile (a creative may be driven only by one). */
    exists: (companyId: number, id: number, trx?: Executor) => profiles.exists(companyId, id, trx),

    /** The live rules a rule filter serves, in feed order, a page at a time (rule selection reads them). */
    servedRules: (profileId: number, filter: RuleFilter | null, afterPosition: number, limit: number) =>
      profiles.servedRules(profileId, filter, afterPosition, limit),

    /** The first served rule that is active and the feed's default, and the first active one. */
    servedFallbacks: (profileId: number, filter: RuleFilter | null) =>
      profiles.servedFallbacks(profileId, filter),

    /** The active rules a rule filter serves, in feed order: the first `limit`, and how many in all. */
    activeServedRules: (profileId: number, filter: RuleFilter | null, limit: number) =>
      profiles.activeServedRules(profileId, filter, limit),

    async list(user: User, query: ProfileListQuery): Promise<ListPage<Profile>> {
      const page = await profiles.list(user.company_id, query);
      const templates = new Map((await profiles.templates(user.company_id)).map((t) => [t.id, t]));
      return {
        data: page.data.map((row) => {
          const template = row.template_id !== null ? templates.get(row.template_id) : undefined;
          return toProfile(row, template && { id: template.id, name: template.name });
        }),
        meta: page.meta,
      };
    },

    get: async (user: User, id: number) => view(user, await mustFind(user, id)),

    /** Creates the profile and starts its first sync. */
    async create(user: User, body: ProfileCreate): Promise<Profile> {
      assertWriter(user);
      // Before the source: a refused name does not claim the upload.
      await assertNameFree(user, body.name, undefined);
      const fields = await resolveSource(user, body, undefined);
      const now = nowIso();
      const row = await transaction(async (trx) => {
        const inserted = await profiles
          .insert(
            {
              company_id: user.company_id,
              name: body.name,
              source: fields.source ?? 'gsheet',
              url: fields.url ?? null,
              gsheet_id: fields.gsheet_id ?? null,
              file_key: fields.file_key ?? null,
              file_name: fields.file_name ?? null,
              ranges: fields.ranges ?? '[]',
              template_id: fields.template_id ?? null,
              schedule: fields.schedule ?? null,
              next_sync_at: fields.schedule
                ? (nextRun(fields.schedule, new Date())?.toISOString() ?? null)
                : null,
              status: 'new',
              synced_at: null,
              created_at: now,
              updated_at: now,
            },
            trx,
          )
          .catch(nameRace);
        await audit.log(trx, user, {
          entityId: inserted.id,
          action: 'created',
          changes: created(audited(sourceFieldsOf(inserted))),
        });
        return inserted;
      });
      await startSync(user.company_id, row.id, { trigger: 'create', userId: user.id, confirm: false });
      return view(user, await mustFind(user, row.id));
    },

    async update(user: User, id: number, body: ProfileUpdate, ifMatch?: string): Promise<Profile> {
      assertWriter(user);
      const basedOn = basedOnOf(body.updated_at, ifMatch);
      const before = await mustFind(user, id);
      assertCurrentVersion(basedOn, before.updated_at, CHANGED_MEANWHILE);
      if (body.name !== undefined && body.name !== before.name) await assertNameFree(user, body.name, id);
      const fields = await resolveSource(user, body, sourceFieldsOf(before));
      if (body.name !== undefined) fields.name = body.name;
      const changes = diff(audited(sourceFieldsOf(before)), audited(fields));
      const stored = diff(sourceFieldsOf(before), fields);
      if (Object.keys(stored).length === 0) return view(user, before);
      return transaction(async (trx) => {
        const schedule = fields.schedule !== undefined ? fields.schedule : before.schedule;
        const updated = await profiles
          .updateIfUnchanged(
            user.company_id,
            id,
            before.updated_at,
            {
              ...fields,
              ...(changes.schedule
                ? { next_sync_at: schedule ? (nextRun(schedule, new Date())?.toISOString() ?? null) : null }
                : {}),
              updated_at: nextUpdatedAt(before.updated_at),
            },
            trx,
          )
          .catch(nameRace);
        if (!updated) throw new HttpError(409, CHANGED_MEANWHILE);
        await audit.log(trx, user, { entityId: id, action: 'updated', changes });
        return view(user, updated, trx);
      });
    },

    remove: (user: User, id: number): Promise<void> =>
      transaction(async (trx) => {
        assertWriter(user);
        const row = await mustFind(user, id, trx);
        const at = nowIso();
        await profiles.update(row.id, { deleted_at: at, updated_at: nextUpdatedAt(row.updated_at, at) }, trx);
        await audit.log(trx, user, { entityId: id, action: 'deleted', changes: { deleted_at: [null, at] } });
      }),

    /** Brings a deleted profile back, unless a live one has taken its name meanwhile. */
    restore: (user: User, id: number): Promise<Profile> =>
      transaction(async (trx) => {
        assertWriter(user);
        const row = await mustFind(user, id, trx, true);
        await assertNameFree(user, row.name, id, trx);
        await profiles
          .update(row.id, { deleted_at: null, updated_at: nextUpdatedAt(row.updated_at) }, trx)
          .catch(nameRace);
        await audit.log(trx, user, {
          entityId: id,
          action: 'restored',
          changes: { deleted_at: [row.deleted_at, null] },
        });
        return view(user, await mustFind(user, id, trx), trx);
      }),

    async history(user: User, id: number) {
      await mustFind(user, id);
      return audit.history(user, id);
    },

    async sync(user: User, id: number, confirm: boolean): Promise<Profile> {
      assertWriter(user);
      const row = await mustFind(user, id);
      if (row.status === 'syncing') throw new HttpError(409, SYNC_RUNNING);
      await startSync(user.company_id, id, { trigger: 'user', userId: user.id, confirm });
      return view(user, await mustFind(user, id));
    },

    async syncs(user: User, id: number): Promise<ProfileSync[]> {
      await mustFind(user, id);
      return (await profiles.history(user.company_id, id)).map(toSync);
    },

    async errors(
      user: User,
      id: number,
      filter: { severity?: string; column?: string },
    ): Promise<ProfileIssue[]> {
      await mustFind(user, id);
      return (await profiles.errors(user.company_id, id, filter)).map((row) => ({
        row: row.row,
        column: row.column,
        value: row.value,
        message: row.message,
        severity: row.severity as ProfileIssue['severity'],
      }));
    },

    async rules(user: User, id: number, query: ProfileRuleListQuery): Promise<ListPage<ProfileRule>> {
      const profile = await mustFind(user, id);
      const page = await profiles.rules(profile, query);
      return { data: page.data.map(toRule), meta: page.meta };
    },

    async rule(user: User, ruleId: number): Promise<ProfileRuleDetail> {
      const row = await profiles.findRule(user.company_id, ruleId);
      if (!row) throw notFound();
      const rule = toRule(row);
      const creatives = (await creativesOf(user.company_id, row.profile_id))
        .filter((c) => servesRule(parseJson<RuleFilter | null>(c.rule_filter, null), rule.data))
        .map(({ id, name }) => ({ id, name }));
      return {
        ...rule,
        profile: { id: row.profile_id, name: row.profile_name },
        conditions: await conditionNames(user.company_id, rule.condition_ids),
        creatives,
      };
    },

    /** The active rules a creative serves from its profile (its rule filter applied), feed order. */
    async ruleIds(user: User, creativeId: number, profileId: number) {
      const creative = await creativeOf(user.company_id, creativeId);
      if (!creative) throw notFound();
      if (creative.profile_id !== profileId || !(await profiles.exists(user.company_id, profileId)))
        throw notFound();
      return profiles.ruleIds(profileId, parseJson<RuleFilter | null>(creative.rule_filter, null));
    },

    // --- templates -------------------------------------------------------------------------------

    templates: async (user: User) => (await profiles.templates(user.company_id)).map(toTemplate),

    async template(user: User, id: number) {
      const row = await profiles.findTemplate(user.company_id, id);
      if (!row) throw notFound();
      return toTemplate(row);
    },

    createTemplate: (user: User, body: ProfileTemplateWrite): Promise<ProfileTemplate> =>
      transaction(async (trx) => {
        await assertTemplateNameFree(user, body.name, undefined, trx);
        const now = nowIso();
        const row = await profiles
          .insertTemplate(
            {
              company_id: user.company_id,
              name: body.name,
              columns: JSON.stringify(body.columns),
              created_at: now,
              updated_at: now,
            },
            trx,
          )
          .catch(templateNameRace);
        return toTemplate(row);
      }),

    updateTemplate: (
      user: User,
      id: number,
      body: ProfileTemplateWrite,
      ifMatch?: string,
    ): Promise<ProfileTemplate> =>
      transaction(async (trx) => {
        const row = await profiles.findTemplate(user.company_id, id, trx);
        if (!row) throw notFound();
        const basedOn = basedOnOf(body.updated_at ?? undefined, ifMatch);
        assertCurrentVersion(basedOn, row.updated_at, changedMeanwhile('template'));
        if (body.name !== row.name) await assertTemplateNameFree(user, body.name, id, trx);
        const updated = await profiles
          .updateTemplate(
            user.company_id,
            id,
            row.updated_at,
            {
              name: body.name,
              columns: JSON.stringify(body.columns),
              updated_at: nextUpdatedAt(row.updated_at),
            },
            trx,
          )
          .catch(templateNameRace);
        if (!updated) throw new HttpError(409, changedMeanwhile('template'));
        return toTemplate(updated);
      }),

    removeTemplate: (user: User, id: number): Promise<void> =>
      transaction(async (trx) => {
        const row = await profiles.findTemplate(user.company_id, id, trx);
        if (!row) throw notFound();
        const using = await profiles.profilesUsingTemplate(user.company_id, id, trx);
        if (using.length > 0) throw new HttpError(422, TEMPLATE_IN_USE(using.map((p) => p.name)));
        await profiles.updateTemplate(user.company_id, id, undefined, { deleted_at: nowIso() }, trx);
      }),
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
