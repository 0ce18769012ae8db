import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/cli/seed-demo';
import { DEMO_CONDITIONS } from '../../src/modules/conditions/conditions.seed';
import { DEMO_WEATHER_PATH, demoWeather } from '../../src/modules/data-sources/demo-weather';
import { buildTestApp, type Client, diskOf, type TestApp } from '../helper';

/** The demo data's conditions, as a newcomer meets them: wired into the demo feeds and simulated. */
let t: TestApp;
let company: number;
let admin: Client;

beforeAll(async () => {
  t = await buildTestApp();
  company = await t.createCompany('Demo');
  const user = await t.createUser({ companyId: company, roles: ['admin'] });
  await seedDemoData(t.db, company, user.id, diskOf(t.app), t.app.config.appUrl);
  admin = await t.injectAs(user);
});
afterAll(() => t.close());

/** The demo feed whose name starts with `prefix`, and its rules in feed order. */
async function feed(prefix: string) {
  const profile = await t.db
    .selectFrom('profiles')
    .select(['id', 'name'])
    .where('company_id', '=', company)
    .where('name', 'like', `${prefix}%`)
    .executeTakeFirstOrThrow();
  const rules = await t.db
    .selectFrom('profile_rules')
    .select(['unique_id', 'condition_ids'])
    .where('profile_id', '=', profile.id)
    .orderBy('position')
    .execute();
  return { profile, rules };
}

describe('demo conditions', () => {
  it("are named by the demo feeds' Conditions columns, each of them by some row", async () => {
    const conditions = await t.db
      .selectFrom('conditions')
      .select(['id', 'name'])
      .where('company_id', '=', company)
      .execute();
    const nameOf = new Map(conditions.map((c) => [c.id, c.name]));
    const named = new Set<string>();
    for (const prefix of ['Northwind', 'Skyway'])
      for (const rule of (await feed(prefix)).rules)
        for (const id of JSON.parse(rule.condition_ids) as number[]) named.add(nameOf.get(id)!);
    expect([...named].sort()).toEqual(Object.values(DEMO_CONDITIONS).sort());
    // The list says where they are used.
    const list = (await admin.get('/v1/conditions?items-per-page=-1')).json().data as {
      name: string;
      used_by: { profile_name: string }[];
    }[];
    expect(list.find((c) => c.name === DEMO_CONDITIONS.benelux)?.used_by).toContainEqual(
      expect.objectContaining({ profile_name: 'Skyway Travel – destinations' }),
    );
  });

  it("read the weather from the app's own demo endpoint, in process and offline", async () => {
    const source = await t.db
      .selectFrom('data_sources')
      .select(['id', 'url'])
      .where('company_id', '=', company)
      .executeTakeFirstOrThrow();
    expect(source.url).toBe(`${t.app.config.appUrl}${DEMO_WEATHER_PATH}?city={city}`);
    const value = await t.app.services.dataSourceValues.refreshNow(company, source.id, { city: 'Oslo' });
    expect(value).toMatchObject({
      source: 'cache',
      value: demoWeather('Oslo', new Date()).current.temperature,
    });
  });

  it('let the simulator pick a conditioned destination: Benelux visitors get Lisbon, others the default', async () => {
    const { profile } = await feed('Skyway');
    const creative = await t.db
      .selectFrom('creatives')
      .select('id')
      .where('company_id', '=', company)
      .where('profile_id', '=', profile.id)
      .executeTakeFirstOrThrow();
    const weather = await t.db
      .selectFrom('data_sources')
      .select('id')
      .where('company_id', '=', company)
      .executeTakeFirstOrThrow();
    const simulate = async (country: string) => {
      const res = await admin.post(`/v1/creatives/${creative.id}/simulate`, {
        at: '2026-11-23T10:00:00Z',
        time_zone: 'Europe/Brussels',
        country,
        city: 'Brussels',
        // Warm enough that the cold-weather row does not hold.
        datasources: { [weather.id]: 18 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect((await simulate('BE')).rule).toMatchObject({ reporting_label: 'Lisbon – from 149' });
    expect((await simulate('DE')).rule).toMatchObject({ reporting_label: 'Kyoto – from 689' });
  });
});
