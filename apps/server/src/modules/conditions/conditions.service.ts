import {
  CONDITION_NAME_MAX,
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
import { mergeEdit } from '../../lib/edits';
import { HttpError, unprocessable } from '../../lib/http-errors';
import type { ListPage } from '../../lib/list';
import { resourceService } from '../../lib/resource';
import { nowIso } from '../../lib/time';
import { changedMeanwhile } from '../../lib/versions';
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
  /**
   * Names are unique within the company, ignoring case: a feed's `Conditions` column names them. A
   * unique index keeps the rule too (migration 2026-11-27-1300): a write that raced past the check
   * meets it and answers the check's 422.
   */
  const base = resourceService({
    noun: 'condition',
    repository: conditions,
    audit,
    transaction,
    name: { index: 'conditions_live_name_key', message: NAME_TAKEN, max: CONDITION_NAME_MAX },
  });

  const view = async (user: User, row: ConditionRow, trx?: Executor) =>
    toCondition(row, await conditions.uses(user.company_id, [row.id], trx));

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

    /** The company's conditions among these ids (deleted ones too) by id and name (a rule's conditions). */
    namesOf: (companyId: number, ids: readonly number[], trx?: Executor) =>
      conditions.namesOf(companyId, ids, trx),

    /** The company's live conditions by id and name (a sync looks a feed's condition names up). */
    liveNames: (companyId: number, trx?: Executor) => conditions.liveNames(companyId, trx),

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

    get: async (user: User, id: number): Promise<Condition> => view(user, await base.find(user, id)),

    create: (user: User, body: ConditionCreate): Promise<Condition> =>
      transaction(async (trx) => {
        const fields: ConditionFields = { name: body.name, logic: body.logic, predicates: body.predicates };
        await base.assertNameFree(user, fields.name, undefined, trx);
        await assertDataSources(user, fields.predicates, trx);
        const now = nowIso();
        const row = await base.insert(
          user,
          fields,
          () =>
            conditions.insert(
              { ...columnsOf(fields), company_id: user.company_id, created_at: now, updated_at: now },
              trx,
            ),
          trx,
          { checked: true },
        );
        return view(user, row, trx);
      }),

    /** Edits fields; based on the current version (409 when stale; without `updated_at` unconditional). */
    update: (user: User, id: number, body: ConditionUpdate, ifMatch?: string): Promise<Condition> => {
      const { updated_at, ...edits } = body;
      return base.update(user, id, updated_at, ifMatch, {
        plan: (row) => {
          const { after, changes } = mergeEdit(fieldsOf(row), edits);
          return { after, values: columnsOf(after), changes, checked: true };
        },
        async check({ after, changes }, _row, trx) {
          if (changes.name) await base.assertNameFree(user, after.name, id, trx);
          if (changes.predicates) await assertDataSources(user, after.predicates, trx);
        },
        view: (row, trx) => view(user, row, trx),
      });
    },

    /** Soft delete; refused while live rules of live profiles name the condition. */
    remove: (user: User, id: number): Promise<void> =>
      base.remove(user, id, {
        async refuse(_row, trx) {
          const uses = await conditions.uses(user.company_id, [id], trx);
          if (uses.length > 0) throw new HttpError(422, conditionInUse(uses.map((use) => use.profile_name)));
        },
      }),

    /** Brings a deleted condition back, unless a live one has taken its name meanwhile. */
    restore: (user: User, id: number): Promise<Condition> =>
      base.restore(user, id, (row, trx) => view(user, row, trx)),

    /**
     * The saved condition's verdict in a viewer's context, predicate by predicate. Data sources
     * read their cached values (never the network), unless the context overrides them.
     */
    async simulate(user: User, id: number, context: SimulationContext): Promise<ConditionSimulation> {
      const row = await base.find(user, id);
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
            ? { id: sourceId, name, value: value.value, source: value.source }
            : { id: sourceId, name, value: null, source: 'none' as const };
        }),
      };
    },
  };
}
export type ConditionsService = ReturnType<typeof createConditionsService>;
