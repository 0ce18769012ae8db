import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app';
import type { Viewer } from '../../src/modules/serving/ad-serving';
import { type FakeServer, startFakeServer } from '../data-sources/fixtures';
import { buildTestApp, type Client, engine, secondInstance, servicesWith, type TestApp } from '../helper';
import { insertCampaign, insertCreative } from '../rows';
import { insertApprovedPackage, insertConditionOf, travelCreative, zoneAtHour } from './fixtures';

/**
 * The hot path of served tags (docs/design.md §11): decisions from memory, no
 * database read once warm; changes heard at commit, by every instance; data sources from memory,
 * a hanging one never waited on.
 */
let t: TestApp;
let editor: Client;
let sources: FakeServer;
let seq = 0;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const createTag = async (creativeId: number) => {
  const res = await editor.post(`/v1/creatives/${creativeId}/tags`, { name: `Placement ${++seq}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; token: string };
};

const serveOn = (app: App, token: string, country = 'DE', tz = zoneAtHour(20)) =>
  app.inject({
    method: 'GET',
    url: `/serve/${token}`,
    query: { tz },
    headers: { 'user-agent': BROWSER, 'cf-ipcountry': country },
  });

const serve = async (token: string, country?: string, tz?: string) => {
  await t.app.services.adServing.settled();
  return serveOn(t.app, token, country, tz);
};

const viewer = (country: string): Viewer => ({
  country,
  region: undefined,
  timeZone: zoneAtHour(20),
  click: undefined,
  query: {},
  userAgent: BROWSER,
  head: false,
  gzip: false,
});

/** A feed served from a URL the test controls, so a sync swaps its rules as a real one would. */
function feedServer() {
  const state = { csv: '' };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.end(state.csv);
  });
  return {
    state,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.csv`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  sources = await startFakeServer();
  t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', DATASOURCE_ALLOW_HOSTS: '127.0.0.1' });
  editor = await t.injectAs(
    await t.createUser({ permissions: ['edit creatives', 'edit profiles', 'edit conditions'] }),
  );
});
afterAll(async () => {
  await t?.close();
  await sources?.close();
});

describe(`the serving hot path (${engine})`, () => {
  it('decides from memory once warm: no SQL statement for a decision, its document or its count', async () => {
    const travel = await travelCreative(t, t.companyId);
    const { token } = await createTag(travel.creativeId);
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        // The change feed's own poll of SQLite's data_version is no statement of a decision.
        if (args.node.kind !== 'RawNode') statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const services = servicesWith(t.app, { db: t.db.withPlugin(counting) });
    try {
      await services.adServing.settled();
      const cold = await services.adServing.serve(token, viewer('BE'));
      expect(cold.ruleId).toBe(travel.rules.lisbon);
      expect(statements).toBeGreaterThan(0);
      statements = 0;
      for (const country of ['NL', 'DE', 'LU', 'US', 'BE']) {
        const warm = await services.adServing.serve(token, viewer(country));
        expect(warm.ruleId, country).toBe(
          ['DE', 'US'].includes(country) ? travel.rules.kyoto : travel.rules.lisbon,
        );
        expect(warm.body.toString()).toContain(['DE', 'US'].includes(country) ? 'Kyoto' : 'Lisbon');
      }
      expect(statements).toBe(0);
      expect(services.adServing.kept()).toEqual({ tags: 1, sets: 1 });

      // A change to the creative drops it: the next decision reads again, and sees the change.
      await t.db
        .updateTable('creatives')
        .set({ status: 'ready' })
        .where('id', '=', travel.creativeId)
        .execute();
      await services.adServing.settled();
      const paused = await services.adServing.serve(token, viewer('BE'));
      expect(paused.file).toBe('empty.gif');
      expect(statements).toBeGreaterThan(0);
    } finally {
      await services.close();
    }
  });

  it('a feed past SERVE_CONTENT_HELD_MB reads a rule’s content once, when it is first served', async () => {
    const travel = await travelCreative(t, t.companyId);
    const { token } = await createTag(travel.creativeId);
    const read: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        if (args.node.kind === 'SelectQueryNode') read.push(JSON.stringify(args.node.from));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    // SERVE_CONTENT_HELD_MB=0: no content is held, as for a feed too large to hold (700,000 × 100).
    const config = { ...t.app.config, servingContentHeldBytes: 0 };
    const services = servicesWith(t.app, { db: t.db.withPlugin(counting), config });
    try {
      await services.adServing.settled();
      const lisbon = await services.adServing.serve(token, viewer('BE'));
      expect(lisbon.ruleId).toBe(travel.rules.lisbon);
      expect(lisbon.body.toString()).toContain('Lisbon');
      read.length = 0;
      // Another rule: its content is read now, once; then nothing is.
      const kyoto = await Promise.all(
        [viewer('DE'), viewer('US')].map((v) => services.adServing.serve(token, v)),
      );
      expect(kyoto.map((served) => served.ruleId)).toEqual([travel.rules.kyoto, travel.rules.kyoto]);
      for (const served of kyoto) expect(served.body.toString()).toContain('Kyoto');
      expect(read).toHaveLength(1);
      expect(read[0]).toContain('profile_rules');
      read.length = 0;
      for (const country of ['NL', 'DE', 'BE', 'US'])
        expect((await services.adServing.serve(token, viewer(country))).body.toString()).toContain(
          ['DE', 'US'].includes(country) ? 'Kyoto' : 'Lisbon',
        );
      expect(read).toEqual([]);
    } finally {
      await services.close();
    }
  });

  it('hears each kind of change: conditions, rules, approvals, packages, the campaign, the tag', async () => {
    const travel = await travelCreative(t, t.companyId);
    const { token, id: tagId } = await createTag(travel.creativeId);
    const lisbon = String(travel.rules.lisbon);
    expect((await serve(token, 'BE')).headers['x-rule-id']).toBe(lisbon);

    // The Benelux condition now names France: Belgium falls to the default.
    const [condition] = JSON.parse(
      (
        await t.db
          .selectFrom('profile_rules')
          .select('condition_ids')
          .where('id', '=', travel.rules.lisbon!)
          .executeTakeFirstOrThrow()
      ).condition_ids,
    ) as number[];
    await t.db
      .updateTable('conditions')
      .set({
        expression: JSON.stringify({
          logic: 'all',
          predicates: [{ field: 'country', operator: 'eq', value: 'FR' }],
        }),
      })
      .where('id', '=', condition!)
      .execute();
    expect((await serve(token, 'BE')).headers['x-rule-id']).toBe(String(travel.rules.kyoto));
    expect((await serve(token, 'FR')).headers['x-rule-id']).toBe(lisbon);

    // The rule's content changes.
    await t.db
      .updateTable('profile_rules')
      .set({ data: JSON.stringify({ City: 'Porto', Exit_URL: 'https://travel.example/porto' }) })
      .where('id', '=', travel.rules.lisbon!)
      .execute();
    expect((await serve(token, 'FR')).body).toContain('"City":"Porto"');

    // The package is rejected: the creative has no approved package left, so it serves nothing here.
    await t.db
      .updateTable('packages')
      .set({ status: 'rejected' })
      .where('id', '=', travel.packageId)
      .execute();
    expect((await serve(token, 'FR')).headers['content-type']).toBe('image/gif');
    await t.db
      .updateTable('packages')
      .set({ status: 'approved' })
      .where('id', '=', travel.packageId)
      .execute();
    expect((await serve(token, 'FR')).headers['x-rule-id']).toBe(lisbon);

    // The campaign is deleted: a 1×1.
    await t.db
      .updateTable('campaigns')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', travel.campaignId)
      .execute();
    expect((await serve(token, 'FR')).headers['content-type']).toBe('image/gif');
    await t.db
      .updateTable('campaigns')
      .set({ deleted_at: null })
      .where('id', '=', travel.campaignId)
      .execute();
    expect((await serve(token, 'FR')).headers['x-rule-id']).toBe(lisbon);

    // The tag is revoked through the API: 410 at once.
    expect((await editor.delete(`/v1/creatives/${travel.creativeId}/tags/${tagId}`)).statusCode).toBe(204);
    expect((await serve(token, 'FR')).statusCode).toBe(410);
  });

  it('decides by the weather: a data source’s value from memory, refreshed in the background', async () => {
    const campaignId = await insertCampaign(t.db, {
      companyId: t.companyId,
      name: `Weather ${++seq}`,
      status: 'live',
    });
    const source = await editor.post('/v1/datasource', {
      name: `Weather ${seq}`,
      url: `${sources.origin}/set?case=weather-${seq}`,
      json_path: '$.value',
      default_value: '3',
      refresh_seconds: 60,
    });
    expect(source.statusCode, source.body).toBe(201);
    const sourceId = source.json().data.id as number;
    const cold = await insertConditionOf(t, t.companyId, `Cold ${seq}`, [
      { field: `datasource:${sourceId}`, operator: 'lt', value: 5 },
    ]);
    const creativeId = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: `Weather MPU ${seq}`,
      status: 'live',
    });
    const profile = await feedProfile(
      `Unique_ID,Reporting_Label,City,Is_Default,Conditions\ncold,Cold,Marrakesh,,Cold ${seq}\nmild,Mild,Oslo,TRUE,\n`,
    );
    await t.db
      .updateTable('creatives')
      .set({ profile_id: profile.id })
      .where('id', '=', creativeId)
      .execute();
    await insertApprovedPackage(t, t.companyId, creativeId);
    expect(cold).toBeGreaterThan(0);
    const { token } = await createTag(creativeId);

    // Never fetched: the default (3 °C) holds, so the cold rule wins.
    sources.answer = { status: 200, body: { value: 18 } };
    expect((await serve(token)).body).toContain('"City":"Marrakesh"');
    // Its first fetch (started by that read, never waited on) brings 18 °C: the fetch's write is a
    // change of the data source, so the next decision reads the new value.
    await t.app.services.dataSourceValues.settled();
    const started = Date.now();
    let body = '';
    while (Date.now() - started < 5000) {
      body = (await serve(token)).body;
      if (body.includes('"City":"Oslo"')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(body).toContain('"City":"Oslo"');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('never waits on a data source that hangs: its default serves within the budget', async () => {
    const campaignId = await insertCampaign(t.db, {
      companyId: t.companyId,
      name: `Hang ${++seq}`,
      status: 'live',
    });
    const source = await editor.post('/v1/datasource', {
      name: `Hanging ${seq}`,
      url: `${sources.origin}/never?case=hang-${seq}`,
      default_value: '12',
      timeout_ms: 5000,
      refresh_seconds: 60,
    });
    expect(source.statusCode, source.body).toBe(201);
    const sourceId = source.json().data.id as number;
    const hang = seq;
    await insertConditionOf(t, t.companyId, `Warm ${seq}`, [
      { field: `datasource:${sourceId}`, operator: 'gte', value: 10 },
    ]);
    const creativeId = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: `Hang MPU ${seq}`,
      status: 'live',
    });
    const profile = await feedProfile(
      `Unique_ID,Reporting_Label,City,Is_Default,Conditions\nwarm,Warm,Seville,,Warm ${seq}\nother,Other,Oslo,TRUE,\n`,
    );
    await t.db
      .updateTable('creatives')
      .set({ profile_id: profile.id })
      .where('id', '=', creativeId)
      .execute();
    await insertApprovedPackage(t, t.companyId, creativeId);
    const { token } = await createTag(creativeId);

    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await serve(token);
      // The fetch hangs for its 5 s; the decision took the default (12 °C) at once.
      expect(performance.now() - started).toBeLessThan(1000);
      expect(res.body).toContain('"City":"Seville"');
    }
    // One fetch runs (and hangs) meanwhile: the decisions did not start one each.
    const asked = () => sources.requests.filter((r) => r.url === `/never?case=hang-${hang}`).length;
    for (let waited = 0; asked() === 0 && waited < 2000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked()).toBe(1);
  });

  it('tries a tag: the decision /serve makes, with the simulator’s trace and the variant’s render', async () => {
    const travel = await travelCreative(t, t.companyId);
    const { id: tagId, token } = await createTag(travel.creativeId);
    const reader = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
    const tryIt = (body: object, id = tagId) =>
      reader.post(`/v1/creatives/${travel.creativeId}/tags/${id}/try`, body);

    const benelux = await tryIt({ country: 'NL', time_zone: zoneAtHour(20) });
    expect(benelux.statusCode, benelux.body).toBe(200);
    const trial = benelux.json().data;
    expect(trial).toMatchObject({ serves: 'variant', because: 'served', rule_id: travel.rules.lisbon });
    expect(trial.render_url).toMatch(new RegExp(`/render/[^/]+/${travel.rules.lisbon}/index.html$`));
    expect(trial.simulation.rule.id).toBe(travel.rules.lisbon);
    expect(trial.simulation.trace[0].outcome).toBe('chosen');
    // What /serve answers for the same viewer.
    expect((await serve(token, 'NL')).headers['x-rule-id']).toBe(String(trial.rule_id));

    // A moment in the morning, in the viewer's zone: Reykjavik; the moment is the context's, not now.
    const morning = (
      await tryIt({ country: 'DE', at: '2026-06-01T08:30:00+02:00', time_zone: 'Europe/Berlin' })
    ).json().data;
    expect(morning.rule_id).toBe(travel.rules.reykjavik);

    // Not live: the fallback (or nothing), and why; the simulator still explains the feed.
    await t.db
      .updateTable('creatives')
      .set({ status: 'ready' })
      .where('id', '=', travel.creativeId)
      .execute();
    await t.app.services.adServing.settled();
    const paused = (await tryIt({ country: 'NL' })).json().data;
    expect(paused).toMatchObject({ serves: 'nothing', because: 'not_live', rule_id: null, render_url: null });
    expect(paused.simulation.rule.id).toBe(travel.rules.lisbon);

    expect((await tryIt({ country: 'Netherlands' })).statusCode).toBe(422);
    expect((await tryIt({ country: 'NL' }, tagId + 999)).statusCode).toBe(404);
    expect((await editor.delete(`/v1/creatives/${travel.creativeId}/tags/${tagId}`)).statusCode).toBe(204);
    expect((await tryIt({ country: 'NL' })).json().data).toMatchObject({
      serves: 'nothing',
      because: 'revoked',
    });
  });

  it('sees a feed’s sync swap at the next decision', async () => {
    const { token, profileId, feed } = await syncedFeedCreative();
    try {
      expect((await serve(token)).body).toContain('"City":"Lisbon"');
      feed.state.csv = 'Unique_ID,Reporting_Label,City,Is_Default\nd,Default,Porto,TRUE\n';
      await syncNow(profileId);
      expect((await serve(token)).body).toContain('"City":"Porto"');
    } finally {
      await feed.close();
    }
  });
});

/**
 * Several instances on one PostgreSQL database (docs/design.md §1): a change made through one is
 * served by the other within a second, as PostgreSQL notifies every listener at commit. SQLite
 * runs one instance by nature (docs/design.md §8).
 */
describe.runIf(engine === 'postgres')('a second instance', () => {
  let second: Awaited<ReturnType<typeof secondInstance>>;
  let other: App;

  beforeAll(async () => {
    second = await secondInstance(t);
    other = second.app;
  });
  afterAll(() => second?.close());

  it('serves a sync swap made through the first within a second of its commit', async () => {
    const { token, profileId, feed } = await syncedFeedCreative();
    try {
      await other.services.adServing.settled();
      expect((await serveOn(other, token)).body).toContain('"City":"Lisbon"');
      expect(other.services.adServing.kept().sets).toBeGreaterThan(0);
      feed.state.csv = 'Unique_ID,Reporting_Label,City,Is_Default\nd,Default,Porto,TRUE\n';
      const committed = await syncNow(profileId, () => other.jobs.idle());
      let body = '';
      while (Date.now() - committed < 3000) {
        body = (await serveOn(other, token)).body;
        if (body.includes('"City":"Porto"')) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(body).toContain('"City":"Porto"');
      expect(Date.now() - committed).toBeLessThan(1000);
    } finally {
      await feed.close();
    }
  });

  it('hears a revocation made through the first', async () => {
    const travel = await travelCreative(t, t.companyId);
    const { token, id } = await createTag(travel.creativeId);
    await other.services.adServing.settled();
    expect((await serveOn(other, token, 'BE')).statusCode).toBe(200);
    expect((await editor.delete(`/v1/creatives/${travel.creativeId}/tags/${id}`)).statusCode).toBe(204);
    await other.services.adServing.settled();
    expect((await serveOn(other, token, 'BE')).statusCode).toBe(410);
  });
});

/** A profile made through the API from an uploaded-as-URL feed, synced; answers it. */
async function feedProfile(csv: string) {
  const feed = feedServer();
  await feed.start();
  feed.state.csv = csv;
  try {
    const res = await editor.post('/v1/profiles', { name: `Feed ${++seq}`, source: 'url', url: feed.url() });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.idle();
    const profile = (await editor.get(`/v1/profiles/${res.json().data.id}`)).json().data;
    expect(profile.status).toBe('synced');
    return profile as { id: number };
  } finally {
    await feed.close();
  }
}

/** A live creative with an approved package, driven by a URL feed the test serves, with a tag. */
async function syncedFeedCreative() {
  const feed = feedServer();
  await feed.start();
  feed.state.csv = 'Unique_ID,Reporting_Label,City,Is_Default\nd,Default,Lisbon,TRUE\n';
  const res = await editor.post('/v1/profiles', {
    name: `Swap feed ${++seq}`,
    source: 'url',
    url: feed.url(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const profileId = res.json().data.id as number;
  await t.app.jobs.idle();
  const campaignId = await insertCampaign(t.db, {
    companyId: t.companyId,
    name: `Swap ${seq}`,
    status: 'live',
  });
  const creativeId = await insertCreative(t.db, {
    companyId: t.companyId,
    campaignId,
    name: `Swap MPU ${seq}`,
    status: 'live',
  });
  await t.db.updateTable('creatives').set({ profile_id: profileId }).where('id', '=', creativeId).execute();
  await insertApprovedPackage(t, t.companyId, creativeId);
  const { token } = await createTag(creativeId);
  return { token, profileId, feed };
}

/** Syncs the profile through the API and waits for its job; answers when its swap committed (ms). */
async function syncNow(profileId: number, idle: () => Promise<void> = async () => {}) {
  expect((await editor.get(`/v1/profiles/${profileId}/sync`)).statusCode).toBe(200);
  await Promise.all([t.app.jobs.idle(), idle()]);
  const profile = (await editor.get(`/v1/profiles/${profileId}`)).json().data;
  expect(profile.status).toBe('synced');
  return Date.parse(profile.synced_at);
}
