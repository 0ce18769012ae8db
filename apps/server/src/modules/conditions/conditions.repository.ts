import type { ConditionListQuery, ConditionSort, NamedCondition } from '@adstudio/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { ConditionsTable } from '../../db/schema';
import { idIn, type SortKey } from '../../lib/list';
import { namedList } from '../../lib/named-list';
import { scopedRepository } from '../../lib/scoped-repository';
import { parseExpression } from './condition-expression';

export type ConditionRow = Selectable<ConditionsTable>;

/** Each sortable column once, keyed by the contract's list. */
const SORTS: Record<ConditionSort, SortKey> = {
  name: sql`lower(conditions.name)`,
  created_at: 'conditions.created_at',
  updated_at: 'conditions.updated_at',
};

/** A profile whose live rules name a condition. */
export interface ConditionUseRow {
  condition_id: number;
  profile_id: number;
  profile_name: string;
  rules: number;
}

/**
 * The company's live conditions by id and name, on `trx`: a sync looks a feed's `Conditions` column
 * up in them (the demo seed too, in its own transaction).
 */
export const liveConditionNames = (trx: Executor, companyId: number) =>
  trx
    .selectFrom('conditions')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .execute();

/** Conditions and where they are used; every query is scoped by company and takes an optional transaction. */
export const createConditionsRepository = (db: Db) => ({
  ...scopedRepository(db, 'conditions'),

  /** A page of the list; its total from the kept counts, the text index, or counted up to the cap. */
  list: (companyId: number, query: ConditionListQuery, trx: Executor = db) =>
    namedList(trx, 'conditions', companyId, query, SORTS),

  insert: (values: Insertable<ConditionsTable>, trx: Executor = db) =>
    trx.insertInto('conditions').values(values).returningAll().executeTakeFirstOrThrow(),

  /**
   * The company's live conditions whose expression may name a data source (its text holds
   * `"datasource:`), for the service to read which ones do (a data source they read cannot be deleted). A company has few conditions, and the
   * LIKE keeps the others out of the answer.
   */
  namingDataSources: (companyId: number, trx: Executor = db) =>
    trx
      .selectFrom('conditions')
      .select(['id', 'name', 'expression'])
      .where('company_id', '=', companyId)
      .where('deleted_at', 'is', null)
      .where('expression', 'like', '%"datasource:%')
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute(),

  /** The company's live conditions among `ids`, as rule selection evaluates them, by id. */
  expressionsByIds: async (
    companyId: number,
    ids: readonly number[],
    trx: Executor = db,
  ): Promise<Map<number, NamedCondition>> => {
    if (ids.length === 0) return new Map();
    const rows = await trx
      .selectFrom('conditions')
      .select(['id', 'name', 'expression'])
      .where('company_id', '=', companyId)
      .where('deleted_at', 'is', null)
      .where(idIn('id', ids))
      .execute();
    return new Map(
      rows.map((row) => [row.id, { id: row.id, name: row.name, ...parseExpression(row.expression) }]),
    );
  },

  /** The company's conditions among `ids` (deleted ones too) by id and name, by name. */
  namesOf: async (companyId: number, ids: readonly number[], trx: Executor = db) =>
    ids.length === 0
      ? []
      : trx
          .selectFrom('conditions')
          .select(['id', 'name'])
          .where('company_id', '=', companyId)
          .where('id', 'in', [...ids])
          .orderBy('name')
          .execute(),

  /** The company's live conditions by id and name. */
  liveNames: (companyId: number, trx: Executor = db) => liveConditionNames(trx, companyId),

  /** The live profiles whose live rules name these conditions, by profile name (condition_uses). */
  uses: async (
    companyId: number,
    conditionIds: readonly number[],
    trx: Executor = db,
  ): Promise<ConditionUseRow[]> => {
    if (conditionIds.length === 0) return [];
    const rows = await trx
      .selectFrom('condition_uses')
      .innerJoin('profiles', 'profiles.id', 'condition_uses.profile_id')
      .select([
        'condition_uses.condition_id',
        'condition_uses.profile_id',
        'profiles.name as profile_name',
        'condition_uses.rules',
      ])
      .where('condition_uses.company_id', '=', companyId)
      .where('profiles.deleted_at', 'is', null)
      .where(idIn('condition_uses.condition_id', conditionIds))
      .orderBy(sql`lower(profiles.name)`)
      .orderBy('profiles.id')
      .execute();
    return rows.map((row) => ({ ...row, rules: Number(row.rules) }));
  },
});
export type ConditionsRepository = ReturnType<typeof createConditionsRepository>;
