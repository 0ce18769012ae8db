import {
  type Condition,
  type ConditionCreate,
  type ConditionListQuery,
  type ConditionLogic,
  type ConditionSimulation,
  type ConditionUpdate,
  conditionInUse,
  DATA_SOURCE_UNKNOWN,
  type DataValue,
  evaluateCondition,
  evaluationContext,
  type Predicate,
  parseField,
  type SimulationContext,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { created, diff } from '../../lib/audit-changes';
import { uniqueRace } from '../../lib/db-errors';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors';
import type { ListPage } from '../../lib/list';
import { nowIso } from '../../lib/time';
import { assertCurrentVersion, basedOnOf, changedMeanwhile, nextUpdatedAt } from '../../lib/versions';
import type { AuditLog } from '../audit';
import { type DataSourceValues, placeholdersOf } from '../data-sources';
import { dataSourceIdsOf, expressionText, parseExpression } from './condition-expression';
import type { ConditionRow, ConditionsRepository, ConditionUseRow } from './conditions.repository';

export const NAME_TAKEN = 'The name has already been taken.';
export const CHANGED_MEANWHILE = changedMeanwhile('condition');

/** The fields a user edits, as the API shows them; audit entries compare these. */
interface ConditionFields {
  name: string;
  logic: ConditionLogic;
  predicates: Predicate[];
}

const fieldsOf = (row: ConditionRow): ConditionFields => ({
  name: row.name,
  ...parseExpression(row.expression),
});

const toCondition = (row: ConditionRow, uses: readonly ConditionUseRow[]): Condition => ({
  id: row.id,
  ...fieldsOf(row),
  used_by: uses
    .filter((use) => use.condition_id === row.id)
    .map(({ profile_id, profile_name, rules }) => ({ profile_id, profile_name, rules })),
  created_at: row.created_at,
  updated_at: row.updated_at,
  deleted_at: row.deleted_at,
});

/** The columns of the fields: the expression as JSON, and the first data source it reads. */
const columnsOf = (fields: ConditionFields) => ({
  name: fields.name,
  expression: expressionText(fields),
  data_source_id: dataSourceIdsOf(fields.predicates)[0] ?? null,
});

interface Deps {
  conditions: ConditionsRepository;
  /** Which of these ids are live data sources of the company (asked of the data sources slice). */
  liveDataSources: (companyId: number, ids: readonly number[], trx: Executor) => Promise<Set<number>>;
  values: Pick<DataSourceValues, 'valuesFor'>;
  audit: AuditLog;
  transaction: Transactor;
}

export function createConditionsService({ conditions, liveDataSources, values, audit, transaction }: Deps) {
  const mustFind = async (user: User, id: number, trx?: Executor, deleted = false) => {
    const row = await conditions.findById(user.company_id, id, trx, { deleted });
    if (!row) throw notFound();
    return row;
  };

  const view = async (user: User, row: ConditionRow, trx?: Executor) =>
    toCondition(row, await conditions.uses(user.company_id, [row.id], trx));

  /**
   * Names are unique within the company, ignoring case: a feed's `Conditions` column names them. A
   * unique index keeps the rule too (migration 2026-11-27-1300): a write that raced past the check
   * meets it and answers the check's 422.
   */
  const assertNameFree = async (user: User, name: string, exceptId: number | undefined, trx: Executor) => {
    if (await conditions.nameTaken(user.company_id, name, { exceptId, trx }))
      throw unprocessable({ name: [NAME_TAKEN] });
  };
  const nameRace = uniqueRace({ index: 'conditions_live_name_key', field: 'name', message: NAME_TAKEN });

  /** Every `datasource:<id>` must be a live data source of the company (422 on that predicate's field). */
  const assertDataSources = async (user: User, predicates: readonly Predicate[], trx: Executor) => {
    const live = await liveDataSources(user.company_id, dataSourceIdsOf(predicates), trx);
    const errors: Record<string, string[]> = {};
    for (const [i, predicate] of predicates.entries()) {
      const field = parseField(predicate.field);
      if (field?.type === 'datasource' && !live.has(field.id))
        errors[`predicates.${i}.field`] = [DATA_SOURCE_UNKNOWN];
    }
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
  };

  return {
    /** The company's live conditions of these ids, parsed (rule selection reads them). */
    expressionsByIds: (companyId: number, ids: readonly number[]) =>
      conditions.expressionsByIds(companyId, ids),

    /** The company's live conditions that read each of these data sources, by data source id. */
    async usingDataSources(companyId: number, ids: readonly number[], trx?: Executor) {
      const wanted = new Set(ids);
      const uses = new Map<number, { id: number; name: string }[]>();
      for (const condition of await conditions.namingDataSources(companyId, trx)) {
        for (const id of dataSourceIdsOf(parseExpression(condition.expression).predicates))
          if (wanted.has(id))
            uses.set(id, [...(uses.get(id) ?? []), { id: condition.id, name: condition.name }]);
      }
      return uses;
    },

    async list(user: User, query: ConditionListQuery): Promise<ListPage<Condition>> {
      const page = await conditions.list(user.company_id, query);
      const uses = await conditions.uses(
        user.company_id,
        page.data.map((row) => row.id),
      );
      return { data: page.data.map((row) => toCondition(row, uses)), meta: page.meta };
    },

    get: async (user: User, id: number): Promise<Condition> => view(user, await mustFind(user, id)),

    create: (user: User, body: ConditionCreate): Promise<Condition> =>
      transaction(async (trx) => {
        const fields: ConditionFields = { name: body.name, logic: body.logic, predicates: body.predicates };
        await assertNameFree(user, fields.name, undefined, trx);
        await assertDataSources(user, fields.predicates, trx);
        const now = nowIso();
        const row = await conditions
          .insert(
            { ...columnsOf(fields), company_id: user.company_id, created_at: now, updated_at: now },
            trx,
          )
          .catch(nameRace);
        await audit.log(trx, user, { entityId: row.id, action: 'created', changes: created(fields) });
        return view(user, row, trx);
      }),

    /** Edits fields; based on the current version (409 when stale; without `updated_at` unconditional). */
    update: (user: User, id: number, body: ConditionUpdate, ifMatch?: string): Promise<Condition> =>
      transaction(async (trx) => {
        const { updated_at, ...edits } = body;
        const basedOn = basedOnOf(updated_at, ifMatch);
        const row = await mustFind(user, id, trx);
        const before = fieldsOf(row);
        const sent = Object.fromEntries(Object.entries(edits).filter(([, v]) => v !== undefined));
        const after: ConditionFields = { ...before, ...sent };
        const changes = diff(before, after);
        if (Object.keys(changes).length === 0) return view(user, row, trx);
        assertCurrentVersion(basedOn, row.updated_at, CHANGED_MEANWHILE);
        if (changes.name) await assertNameFree(user, after.name, id, trx);
        if (changes.predicates) await assertDataSources(user, after.predicates, trx);
        const updated = await conditions
          .update(
            user.company_id,
            id,
            row.updated_at,
            { ...columnsOf(after), updated_at: nextUpdatedAt(row.updated_at) },
            trx,
          )
          .catch(nameRace);
        if (!updated) throw new HttpError(409, CHANGED_MEANWHILE);
        await audit.log(trx, user, { entityId: id, action: 'updated', changes });
        return view(user, updated, trx);
      }),

    /** Soft delete; refused while live rules of live profiles name the condition. */
    remove: (user: User, id: number): Promise<void> =>
      transaction(async (trx) => {
        await mustFind(user, id, trx);
        const uses = await conditions.uses(user.company_id, [id], trx);
        if (uses.length > 0) throw new HttpError(422, conditionInUse(uses.map((use) => use.profile_name)));
        const at = nowIso();
        await conditions.softDelete(user.company_id, [id], at, trx);
        await audit.log(trx, user, { entityId: id, action: 'deleted', changes: { deleted_at: [null, at] } });
      }),

    /** Brings a deleted condition back, unless a live one has taken its name meanwhile. */
    restore: (user: User, id: number): Promise<Condition> =>
      transaction(async (trx) => {
        const row = await mustFind(user, id, trx, true);
        await assertNameFree(user, row.name, id, trx);
        await conditions.restore(user.company_id, [id], nextUpdatedAt(row.updated_at), trx).catch(nameRace);
        await audit.log(trx, user, {
          entityId: id,
          action: 'restored',
          changes: { deleted_at: [row.deleted_at, null] },
        });
        return view(user, await mustFind(user, id, trx), trx);
      }),

    /**
     * The saved condition's verdict in a viewer's context, predicate by predicate. Data sources
     * read their cached values (never the network), unless the context overrides them.
     */
    async simulate(user: User, id: number, context: SimulationContext): Promise<ConditionSimulation> {
      const row = await mustFind(user, id);
      const fields = fieldsOf(row);
      const now = new Date();
      const ids = dataSourceIdsOf(fields.predicates);
      const moment = evaluationContext(context, {}, now);
      const known = await values.valuesFor(user.company_id, ids, placeholdersOf(moment));
      const cached: Record<number, DataValue> = {};
      for (const [sourceId, value] of known) cached[sourceId] = value.value;
      const trace = evaluateCondition({ id, ...fields }, evaluationContext(context, cached, now));
      return {
        context: {
          date: moment.date,
          time: moment.time,
          weekday: moment.weekday,
          time_zone: context.time_zone,
        },
        holds: trace.holds,
        predicates: trace.predicates,
        datasources: ids.map((sourceId) => {
          const value = known.get(sourceId);
          const name = value?.name ?? `#${sourceId}`;
          const override = context.datasources[String(sourceId)];
          if (override !== undefined)
            return { id: sourceId, name, value: override, source: 'override' as const };
          return value
            ? { id: sourceId, ...value }
            : { id: sourceId, name, value: null, source: 'none' as const };
        }),
      };
    },
  };
}
export type ConditionsService = ReturnType<typeof createConditionsService>;
