import { NO_CONDITIONS, type SimulationContextInput, type SimulationResult } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACE_MAX } from '../../src/modules/rule-selection/choose-rule';
import { NO_FEED } from '../../src/modules/rule-selection/rule-chooser';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { insertCampaign, insertCreative, insertProfile, insertRules } from '../rows';

let t: TestApp;
let editor: Client;
let campaignId: number;
/** Conditions made through the API, by name. */
const conditions: Record<string, number> = {};

/** Saturday 21 November 2026, 10:00 in Paris. */
const SATURDAY = '2026-11-21T09:00:00Z';
/** Monday 23 November 2026, 10:00 in Paris. */
const MONDAY = '2026-11-23T09:00:00Z';

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(
    await t.createUser({ permissions: ['edit creatives', 'edit conditions', 'edit profiles'] }),
  );
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Simulated' });
  const source = await editor.post('/v1/datasource', {
    name: 'Stock',
    // A name that never resolves (RFC 2606's .invalid): a background refresh fails, and the default
    // value stays in use.
    url: 'https://stock.invalid/stock',
    json_path: '$.stock',
    default_value: '12',
  });
  expect(source.statusCode, source.body).toBe(201);
  const sourceId = source.json().data.id as number;
  for (const [name, logic, predicates] of [
    ['Belgium', 'all', [{ field: 'country', operator: 'eq', value: 'BE' }]],
    ['Weekend', 'all', [{ field: 'weekday', operator: 'in', value: ['sat', 'sun'] }]],
    ['Low stock', 'all', [{ field: `datasource:${sourceId}`, operator: 'lt', value: 5 }]],
    ['Newsletter', 'any', [{ field: 'param:utm_source', operator: 'eq', value: 'newsletter' }]],
  ] as const) {
    const res = await editor.post('/v1/conditions', { name, logic, predicates });
    expect(res.statusCode, res.body).toBe(201);
    conditions[name] = res.json().data.id;
  }
});
afterAll(() => t.close());

/** A creative driven by a new profile whose rules are `rules` (in feed order), each with its conditions by name. */
async function creativeWithRules(
  rules: { label: string; conditions?: string[]; is_default?: boolean; active?: boolean; region?: string }[],
  ruleFilter?: { column: string; values: string[] },
) {
  const profileId = await insertProfile(t.db, { companyId: t.companyId, name: `Feed ${Math.random()}` });
  const ids = await insertRules(t.db, {
    companyId: t.companyId,
    profileId,
    rows: rules.map((rule) => ({ Headline: `Headline of ${rule.label}`, Region: rule.region ?? 'North' })),
  });
  for (const [i, rule] of rules.entries())
    await t.db
      .updateTable('profile_rules')
      .set({
        reporting_label: rule.label,
        is_default: rule.is_default ? 1 : 0,
        active: rule.active === false ? 0 : 1,
        condition_ids: JSON.stringify((rule.conditions ?? []).map((name) => conditions[name])),
      })
      .where('id', '=', ids[i]!)
      .execute();
  const creativeId = await insertCreative(t.db, {
    companyId: t.companyId,
    campaignId,
    name: `C ${Math.random()}`,
  });
  await t.db
    .updateTable('creatives')
    .set({ profile_id: profileId, rule_filter: ruleFilter ? JSON.stringify(ruleFilter) : null })
    .where('id', '=', creativeId)
    .execute();
  return { creativeId, ruleIds: ids };
}

async function simulate(creativeId: number, context: SimulationContextInput, client = editor) {
  const res = await client.post(`/v1/creatives/${creativeId}/simulate`, context);
  expect(res.statusCode, res.body).toBe(200);
  expectDocumentedAnswer(t.app.swagger(), { method: 'POST', url: '/v1/creatives/:id/simulate' }, res);
  return res.json().data as SimulationResult;
}

describe('POST /v1/creatives/{id}/simulate', () => {
  it('chooses the first rule whose conditions hold, with its content and the trace of the rules tried', async () => {
    const { creativeId, ruleIds } = await creativeWithRules([
      { label: 'Belgian weekend', conditions: ['Belgium', 'Weekend'] },
      { label: 'Weekend', conditions: ['Weekend'] },
      { label: 'Everyone', is_default: true },
    ]);
    const result = await simulate(creativeId, { at: SATURDAY, time_zone: 'Europe/Paris', country: 'FR' });
    expect(result.context).toEqual({
      date: '2026-11-21',
      time: '10:00',
      weekday: 'sat',
      time_zone: 'Europe/Paris',
    });
    expect(result.reason).toBe('matched');
    expect(result.rule).toMatchObject({
      id: ruleIds[1],
      reporting_label: 'Weekend',
      data: { Headline: 'Headline of Weekend' },
    });
    expect(result.trace.map((rule) => [rule.reporting_label, rule.outcome])).toEqual([
      ['Belgian weekend', 'conditions_failed'],
      ['Weekend', 'chosen'],
    ]);
    expect(result.rule?.has_conditions).toBe(true);
    expect(result.trace[1]!.reason).toBe('Active, in its dates, and its condition holds.');
    const belgium = result.trace[0]!.conditions.find((c) => c.name === 'Belgium')!;
    expect(belgium.predicates[0]).toMatchObject({ actual: 'FR', holds: false });

    const belgian = await simulate(creativeId, { at: SATURDAY, time_zone: 'Europe/Paris', country: 'BE' });
    expect(belgian.rule?.reporting_label).toBe('Belgian weekend');
  });

  it('says a rule without conditions always applies, in the trace and on the rule', async () => {
    const { creativeId, ruleIds } = await creativeWithRules([
      { label: 'Belgium', conditions: ['Belgium'] },
      { label: 'Everyone' },
    ]);
    const result = await simulate(creativeId, { country: 'FR' });
    expect(result.reason).toBe('matched');
    expect(result.rule).toMatchObject({ id: ruleIds[1], has_conditions: false });
    expect(result.trace.map((rule) => [rule.outcome, rule.reason])).toEqual([
      ['conditions_failed', 'Condition Belgium does not hold.'],
      ['chosen', NO_CONDITIONS],
    ]);
    expect(NO_CONDITIONS).toBe('No conditions: it always applies.');
  });

  it('falls back to the default rule, then to the first active rule', async () => {
    const { creativeId } = await creativeWithRules([
      { label: 'Weekend', conditions: ['Weekend'] },
      { label: 'Inactive default', is_default: true, active: false },
      { label: 'Default', is_default: true, conditions: ['Belgium'] },
    ]);
    const weekday = await simulate(creativeId, { at: MONDAY, time_zone: 'Europe/Paris' });
    expect([weekday.reason, weekday.rule?.reporting_label]).toEqual(['default', 'Default']);
    expect(weekday.trace.map((rule) => rule.outcome)).toEqual([
      'conditions_failed',
      'inactive',
      'conditions_failed',
    ]);

    const { creativeId: noDefault } = await creativeWithRules([
      { label: 'Inactive', active: false },
      { label: 'Weekend', conditions: ['Weekend'] },
    ]);
    const first = await simulate(noDefault, { at: MONDAY });
    expect([first.reason, first.rule?.reporting_label]).toEqual(['first_active', 'Weekend']);
  });

  it('reads data sources from their cache or default, and the context may override them', async () => {
    const { creativeId } = await creativeWithRules([
      { label: 'Low stock', conditions: ['Low stock'] },
      { label: 'Plenty', is_default: true },
    ]);
    const cached = await simulate(creativeId, {});
    expect(cached.rule?.reporting_label).toBe('Plenty');
    expect(cached.datasources).toEqual([
      expect.objectContaining({ name: 'Stock', value: '12', source: 'default' }),
    ]);

    const stockId = cached.datasources[0]!.id;
    const low = await simulate(creativeId, { datasources: { [stockId]: 3 } });
    expect(low.rule?.reporting_label).toBe('Low stock');
    expect(low.datasources).toEqual([{ id: stockId, name: 'Stock', value: 3, source: 'override' }]);
  });

  it('reads query parameters and serves only the rules its filter keeps', async () => {
    const { creativeId } = await creativeWithRules(
      [
        { label: 'North newsletter', conditions: ['Newsletter'], region: 'North' },
        { label: 'South newsletter', conditions: ['Newsletter'], region: 'South' },
        { label: 'South', region: 'South' },
      ],
      { column: 'Region', values: ['South'] },
    );
    const result = await simulate(creativeId, { params: { utm_source: 'Newsletter' } });
    expect(result.rule?.reporting_label).toBe('South newsletter');
    expect(result.trace.map((rule) => rule.reporting_label)).toEqual(['South newsletter']);
    const other = await simulate(creativeId, { params: { utm_source: 'social' } });
    expect(other.rule?.reporting_label).toBe('South');
  });

  it('walks a long feed page by page and lists at most TRACE_MAX rules tried', async () => {
    const rules = Array.from({ length: 1200 }, (_, i) => ({
      label: `Belgian ${i}`,
      conditions: ['Belgium'],
    }));
    rules.push({ label: 'Last, for everyone', conditions: [] });
    const { creativeId } = await creativeWithRules(rules);
    const result = await simulate(creativeId, { country: 'FR' });
    expect(result.rule?.reporting_label).toBe('Last, for everyone');
    // Past the trace's end, the rule itself still says it needs no conditions.
    expect(result.rule?.has_conditions).toBe(false);
    expect(result.trace).toHaveLength(TRACE_MAX);
    expect(result.trace_omitted).toBe(1201 - TRACE_MAX);
  });

  it('answers 422 for a creative without a feed, 404 for another company’s creative', async () => {
    const plain = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Static' });
    const res = await editor.post(`/v1/creatives/${plain}/simulate`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(NO_FEED);

    const otherCompany = await t.createCompany('Other');
    const otherCampaign = await insertCampaign(t.db, { companyId: otherCompany, name: 'Theirs' });
    const theirs = await insertCreative(t.db, {
      companyId: otherCompany,
      campaignId: otherCampaign,
      name: 'Theirs',
    });
    expect((await editor.post(`/v1/creatives/${theirs}/simulate`, {})).statusCode).toBe(404);
  });

  it('refuses a bad context with field messages', async () => {
    const { creativeId } = await creativeWithRules([{ label: 'Any' }]);
    const res = await editor.post(`/v1/creatives/${creativeId}/simulate`, {
      time_zone: 'Mars/Olympus',
      country: 'France',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      time_zone: ['The time zone must be an IANA zone such as Europe/Paris.'],
      country: ['The country must be a two-letter code such as FR.'],
    });
  });

  it('is open to qa, closed without creatives access, and needs the XSRF header', async () => {
    const { creativeId } = await creativeWithRules([{ label: 'Any' }]);
    const qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
    await simulate(creativeId, {}, qa);
    const profilesOnly = await t.injectAs(await t.createUser({ permissions: ['edit profiles'] }));
    expect((await profilesOnly.post(`/v1/creatives/${creativeId}/simulate`, {})).statusCode).toBe(403);
    const res = await editor.inject({
      method: 'POST',
      url: `/v1/creatives/${creativeId}/simulate`,
      payload: {},
      xsrf: false,
    });
    expect(res.statusCode).toBe(419);
  });
});
