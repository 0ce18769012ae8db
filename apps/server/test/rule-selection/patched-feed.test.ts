import { evaluationContext, type SimulationContext } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../src/lib/indexed-filter';
import {
  type CompiledFeed,
  type CompileFeedDeps,
  compileFeed,
  patchFeed,
} from '../../src/modules/rule-selection/compiled-feed';
import { insertConditionOf } from '../ad-tags/fixtures';
import { buildTestApp, type TestApp } from '../helper';
import { insertProfile, insertRules, openTransaction } from '../rows';

/**
 * A served creative's compiled feed brought up to date by a patch (docs/decisions/0145): after a
 * mix of changes — a content edit, a rule deactivated, one ended, one added, conditions and dates
 * changed, a condition edited — it decides, matches and answers content as one compiled afresh;
 * past its limit of rules written, or after rules were deleted, it asks for a compile.
 */
let t: TestApp;
let companyId: number;

beforeAll(async () => {
  t = await buildTestApp();
  companyId = t.companyId;
});
afterAll(async () => {
  await t?.close();
});

const depsOf = (contentHeldMax: number, patchedRulesMax = 20): CompileFeedDeps => ({
  ...t.app.services.feedDeps,
  contentHeldMax,
  patchedRulesMax,
});

const compiled = async (deps: CompileFeedDeps, creative: Creative) => {
  const feed = await compileFeed(deps, companyId, creative);
  if (typeof feed !== 'object') throw new Error(`not compiled: ${feed}`);
  return feed;
};

interface Creative {
  profile_id: number;
  rule_filter: string | null;
}

const VIEWERS: SimulationContext[] = ['DE', 'NL', 'FR', 'US'].flatMap(
  (country) =>
    ['2026-01-10', '2026-06-10'].map((date) => ({
      country,
      date,
      time: '12:00',
      weekday: 'saturday',
      device: 'desktop',
      params: {},
      datasources: {},
    })) as unknown as SimulationContext[],
);

/** What serving reads of a feed, in every viewer's context: equal for equal feeds. */
async function observed(feed: CompiledFeed, ruleIds: readonly number[]) {
  const decisions = VIEWERS.map((viewer) => {
    const context = evaluationContext(viewer, {});
    return { decide: feed.rules.decide(context), matches: feed.rules.matches(context) };
  });
  const content = await Promise.all(ruleIds.map(async (id) => [id, await feed.content(id)] as const));
  return {
    profileName: feed.profileName,
    decisions,
    defaultRuleId: feed.rules.defaultRuleId,
    candidates: feed.rules.candidates,
    choosable: [...feed.rules.choosable].sort((a, b) => a - b),
    conditionIds: [...feed.conditionIds].sort((a, b) => a - b),
    rules: feed.basis.rules.map((rule) => [rule.id, rule.position, rule.active, rule.condition_ids]),
    content: content.filter(([id]) => feed.rules.choosable.includes(id)),
  };
}

/** A feed of `size` rules: by country blocks (DE, NL), then a default rule. */
async function feedOf(size: number, filter: string | null = null) {
  const n = Math.random().toString(36).slice(2, 8);
  const profileId = await insertProfile(t.db, { companyId, name: `Patched ${n}` });
  const de = await insertConditionOf(t, companyId, `DE ${n}`, [
    { field: 'country', operator: 'in', value: ['DE'] },
  ]);
  const nl = await insertConditionOf(t, companyId, `NL ${n}`, [
    { field: 'country', operator: 'in', value: ['NL'] },
  ]);
  const ids = await insertRules(t.db, {
    companyId,
    profileId,
    rows: Array.from({ length: size }, (_, i) => ({
      Headline: `Offer ${i + 1}`,
      Channel: i % 3 === 2 ? 'email' : 'web',
    })),
  });
  for (const [i, id] of ids.entries()) {
    const last = i === ids.length - 1;
    await t.db
      .updateTable('profile_rules')
      .set({
        condition_ids: last ? '[]' : JSON.stringify([i < size / 2 ? de : nl]),
        is_default: last ? 1 : 0,
      })
      .where('id', '=', id)
      .execute();
  }
  return { creative: { profile_id: profileId, rule_filter: filter }, ids, conditions: { de, nl } };
}

/** A rule added to the feed at a position. */
async function addRule(profileId: number, position: number, uniqueId: string, conditionIds: number[]) {
  const at = new Date().toISOString();
  const row = await t.db
    .insertInto('profile_rules')
    .values({
      company_id: companyId,
      profile_id: profileId,
      position,
      unique_id: uniqueId,
      condition_ids: JSON.stringify(conditionIds),
      data: JSON.stringify({ Headline: uniqueId, Channel: 'web' }),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const rule = (id: number) => t.db.updateTable('profile_rules').where('id', '=', id);

describe.each([
  ['holding content', 1024 * 1024],
  ['reading content on first use', 0],
])('a patched feed, %s', (_, held) => {
  it('equals the feed compiled afresh after a mix of changes', async () => {
    const deps = depsOf(held);
    const { creative, ids, conditions } = await feedOf(12);
    const feed = await compiled(deps, creative);

    await rule(ids[0]!)
      .set({ data: JSON.stringify({ Headline: 'Edited', Channel: 'web' }) })
      .execute();
    await rule(ids[1]!).set({ active: 0 }).execute();
    await rule(ids[2]!).set({ ended_at: new Date().toISOString() }).execute();
    await rule(ids[7]!)
      .set({ condition_ids: JSON.stringify([conditions.de]) })
      .execute();
    await rule(ids[8]!).set({ start_date: '2026-03-01' }).execute();
    // Two rules added: one at the end (the default moves down), one between the first two.
    await rule(ids[11]!).set({ position: 14 }).execute();
    const added = await addRule(creative.profile_id, 13, 'added', [conditions.nl]);
    const between = await addRule(creative.profile_id, 0, 'between', [conditions.de]);

    const patched = await patchFeed(deps, feed, companyId, creative, undefined, false);
    if (typeof patched !== 'object') throw new Error(`not patched: ${patched}`);
    expect(patched.changed).toEqual(expect.arrayContaining([ids[0], ids[1], ids[2], added, between]));
    const all = [...ids, added, between];
    const fresh = await compiled(deps, creative);
    expect(await observed(patched.feed, all)).toEqual(await observed(fresh, all));
    // What changed shows: the edit is served, the ended rule is gone, the added ones are in.
    expect(await patched.feed.content(ids[0]!)).toContain('Edited');
    const order = patched.feed.basis.rules.map((r) => r.id);
    expect(order).not.toContain(ids[2]);
    expect(order[0]).toBe(between);
    expect(order.at(-1)).toBe(ids[11]);

    // A condition edited: the patch judges it anew, as a compile does.
    await t.db
      .updateTable('conditions')
      .set({
        expression: JSON.stringify({
          logic: 'all',
          predicates: [{ field: 'country', operator: 'in', value: ['FR'] }],
        }),
      })
      .where('id', '=', conditions.nl)
      .execute();
    const again = await patchFeed(deps, patched.feed, companyId, creative, undefined, true);
    if (typeof again !== 'object') throw new Error(`not patched: ${again}`);
    expect(await observed(again.feed, all)).toEqual(await observed(await compiled(deps, creative), all));
  });

  it('keeps a rule filter: a rule whose content leaves it leaves the feed, one that enters joins', async () => {
    const deps = depsOf(held);
    const { creative, ids } = await feedOf(9, JSON.stringify({ column: 'Channel', values: ['web'] }));
    const feed = await compiled(deps, creative);
    await rule(ids[0]!)
      .set({ data: JSON.stringify({ Headline: 'Now email', Channel: 'email' }) })
      .execute();
    await rule(ids[2]!)
      .set({ data: JSON.stringify({ Headline: 'Now web', Channel: 'web' }) })
      .execute();
    const patched = await patchFeed(deps, feed, companyId, creative, undefined, false);
    if (typeof patched !== 'object') throw new Error(`not patched: ${patched}`);
    const fresh = await compiled(deps, creative);
    expect(await observed(patched.feed, ids)).toEqual(await observed(fresh, ids));
    expect(patched.feed.basis.rules.map((r) => r.id)).toContain(ids[2]);
    expect(patched.feed.basis.rules.map((r) => r.id)).not.toContain(ids[0]);
  });

  it('asks for a compile past its limit of rules written, after rules were deleted, or for another filter', async () => {
    const { creative, ids } = await feedOf(8);
    const feed = await compiled(depsOf(held), creative);
    // Nothing written since (on PostgreSQL, rules of transactions that were running may be read
    // again, unchanged): the rules are not compiled again.
    const unchanged = await patchFeed(depsOf(held), feed, companyId, creative, undefined, false);
    expect(typeof unchanged === 'object' && unchanged.feed.rules).toBe(feed.rules);
    for (const id of ids.slice(0, 3)) await rule(id).set({ active: 0 }).execute();
    expect(await patchFeed(depsOf(held, 2), feed, companyId, creative, undefined, false)).toBeUndefined();
    expect(await patchFeed(depsOf(held), feed, companyId, creative, undefined, false)).toBeTypeOf('object');

    const next = await compiled(depsOf(held), creative);
    await t.db.deleteFrom('profile_rules').where('id', '=', ids[5]!).execute();
    expect(await patchFeed(depsOf(held), next, companyId, creative, undefined, false)).toBeUndefined();
    const other = { ...creative, rule_filter: JSON.stringify({ column: 'Channel', values: ['web'] }) };
    expect(await patchFeed(depsOf(held), next, companyId, other, undefined, false)).toBeUndefined();
  });

  it('reads only what was written since its last patch, with a transaction open elsewhere all along', async () => {
    // On PostgreSQL the open transaction's id is below every write here: a mark at the oldest
    // running transaction would read all of them again at each patch, and ask for a compile.
    const open = isPostgres(t.db) ? await openTransaction(t.db) : undefined;
    try {
      const { creative, ids } = await feedOf(10);
      const deps = depsOf(held, 4);
      const feed = await compiled(deps, creative);
      for (const id of ids.slice(0, 3)) await rule(id).set({ active: 0 }).execute();
      const first = await patchFeed(deps, feed, companyId, creative, undefined, false);
      if (typeof first !== 'object') throw new Error(`not patched: ${first}`);
      for (const id of ids.slice(3, 6)) await rule(id).set({ active: 0 }).execute();
      // Six rules written since the compile, three since the first patch: within its limit of four.
      const second = await patchFeed(deps, first.feed, companyId, creative, undefined, false);
      if (typeof second !== 'object') throw new Error(`not patched: ${second}`);
      expect(await observed(second.feed, ids)).toEqual(await observed(await compiled(deps, creative), ids));
    } finally {
      await open?.close();
    }
  });
});
