import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteConditionUses } from '../../src/modules/conditions/condition-uses';
import { buildTestApp, type TestApp } from '../helper';
import { insertProfile } from '../rows';
import { INSERTED_AT, insertCondition } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const usesOf = (profileId: number) =>
  t.db
    .selectFrom('condition_uses')
    .select(['company_id', 'condition_id', 'rules'])
    .where('profile_id', '=', profileId)
    .orderBy('condition_id')
    .execute();

describe('rewriteConditionUses', () => {
  it("counts each condition's live rules once, keeping only whole ids of the company's conditions", async () => {
    const other = await t.createCompany();
    const a = await insertCondition(t.db, { companyId: t.companyId, name: 'A' });
    const b = await insertCondition(t.db, { companyId: t.companyId, name: 'B', deleted: true });
    const foreign = await insertCondition(t.db, { companyId: other, name: 'Foreign' });
    const profileId = await insertProfile(t.db, { companyId: t.companyId, name: 'Feed' });
    const rule = (position: number, conditionIds: string, ended = false) => ({
      company_id: t.companyId,
      profile_id: profileId,
      position,
      unique_id: `r${position}`,
      condition_ids: conditionIds,
      data: '{}',
      ended_at: ended ? INSERTED_AT : null,
      created_at: INSERTED_AT,
      updated_at: INSERTED_AT,
    });
    await t.db
      .insertInto('profile_rules')
      .values([
        rule(1, JSON.stringify([a, a, b])),
        rule(2, JSON.stringify([a, foreign, 999_999])),
        rule(3, JSON.stringify([String(b), b + 0.5, null])),
        rule(4, JSON.stringify({ id: a })),
        rule(5, '[]'),
        rule(6, JSON.stringify([a, b]), true),
      ])
      .execute();
    await rewriteConditionUses(t.db, t.companyId, profileId);
    expect(await usesOf(profileId)).toEqual([
      { company_id: t.companyId, condition_id: a, rules: 2 },
      { company_id: t.companyId, condition_id: b, rules: 1 },
    ]);

    // A rewrite replaces what was there.
    await t.db
      .updateTable('profile_rules')
      .set({ ended_at: INSERTED_AT })
      .where('position', '<', 3)
      .execute();
    await rewriteConditionUses(t.db, t.companyId, profileId);
    expect(await usesOf(profileId)).toEqual([]);
  });
});
