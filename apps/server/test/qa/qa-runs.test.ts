import fs from 'node:fs';
import type { QaRun, QaRunDetail } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeUnpacked } from '../../src/modules/packages/packages.seed';
import { NO_CHROMIUM_QA, NO_PACKAGE_QA, RUN_ENDED } from '../../src/modules/qa/qa-runs.service';
import { buildTestApp, type Client, diskOf, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { insertCampaign, insertCreative, insertPackage, insertProfile, insertRules } from '../rows';
import { freePort } from '../support/server-process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A 300x250 banner that shows its feed row's Headline in a one-line box of 280 px that clips, and
 * opens its exit on a click, as studio banners do.
 */
const BANNER = `<!doctype html><html><head><style>
body{margin:0;width:300px;height:250px;font:16px sans-serif;cursor:pointer}
#h{position:absolute;left:10px;top:10px;width:280px;white-space:nowrap;overflow:hidden}
</style></head><body><div id="h"></div><script>
var feed = window.dynamicContent || {};
var row = (feed[Object.keys(feed)[0]] || [{}])[0];
document.getElementById('h').textContent = row.Headline || '';
document.body.addEventListener('click', function () { Enabler.exit('Exit'); });
</script></body></html>`;

const EXIT = 'https://advertiser.example/landing';
const LONG = 'An extraordinarily long headline that cannot possibly fit in its box';

// Chromium renders every variant; CI installs it. Without it only the refusal is checked.
const renders = fs.existsSync(chromium);

describe.skipIf(!renders)('QA runs of a creative', () => {
  let t: TestApp;
  let editor: Client;
  let qa: Client;
  let admin: Client;
  let campaignId: number;
  let profileId: number;
  let creativeId: number;
  let ruleIds: number[];

  const rows = [
    { Headline: 'Fits', Exit_URL: EXIT },
    { Headline: 'Fits', Exit_URL: EXIT },
    { Headline: LONG, Exit_URL: EXIT },
    { Headline: 'No way out', Exit_URL: '' },
  ];

  beforeAll(async () => {
    const port = await freePort();
    t = await buildTestApp({ CHROMIUM_PATH: chromium, APP_URL: `http://127.0.0.1:${port}` });
    await t.app.listen({ port, host: '127.0.0.1' });
    editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
    qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
    admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
    campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'QA' });
    profileId = await insertProfile(t.db, { companyId: t.companyId, name: 'QA feed' });
    ruleIds = await insertRules(t.db, { companyId: t.companyId, profileId, rows });
    for (const [i, id] of ruleIds.entries())
      await t.db
        .updateTable('profile_rules')
        .set({ reporting_label: `Row ${i}` })
        .where('id', '=', id)
        .execute();
    creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Banner' });
    await t.db
      .updateTable('creatives')
      .set({ profile_id: profileId, width: 300, height: 250 })
      .where('id', '=', creativeId)
      .execute();
  }, 60_000);
  afterAll(() => t?.close());

  const start = async (client: Client = qa) => client.post(`/v1/creatives/${creativeId}/qa-runs`);
  const read = async (runId: number, query = '') => {
    const res = await qa.get(`/v1/creatives/${creativeId}/qa-runs/${runId}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expectDocumentedAnswer(t.app.swagger(), { method: 'GET', url: '/v1/creatives/:id/qa-runs/:runId' }, res);
    return res.json() as { data: QaRunDetail; meta: { total: number } };
  };
  const finished = async (runId: number) => {
    await t.app.jobs.idle();
    return read(runId, '?items-per-page=-1');
  };

  it('refuses a creative without an approved package, saying what to do', async () => {
    const res = await start();
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(NO_PACKAGE_QA);
  });

  it('checks each distinct variant once and tells each rule its findings, with a screenshot', async () => {
    const packageId = await insertPackage(t.db, { companyId: t.companyId, creativeId, status: 'approved' });
    await writeUnpacked(t.db, diskOf(t.app), packageId, [{ name: 'index.html', data: BANNER }]);

    const res = await start();
    expect(res.statusCode, res.body).toBe(202);
    expectDocumentedAnswer(t.app.swagger(), { method: 'POST', url: '/v1/creatives/:id/qa-runs' }, res);
    const queued = res.json().data as QaRun;
    // Rows 0 and 1 show the same: three variants.
    expect(queued).toMatchObject({
      status: 'queued',
      total: 3,
      checked: 0,
      carried_over: 0,
      finished_at: null,
    });

    const { data: run } = await finished(queued.id);
    expect(run).toMatchObject({ status: 'finished', total: 3, checked: 3, verdict: 'failed', current: true });
    const byRule = (i: number) => run.findings.filter((finding) => finding.rule_id === ruleIds[i]);
    expect(byRule(0)).toEqual([]);
    expect(byRule(1)).toEqual([]);
    expect(byRule(2).map((f) => f.kind)).toEqual(['text_overflow']);
    expect(byRule(2)[0]).toMatchObject({ unique_id: 'k2', reporting_label: 'Row 2', severity: 'error' });
    expect(byRule(2)[0]!.message).toContain('Headline');
    expect(byRule(3).map((f) => f.kind)).toEqual(['no_click_through']);
    expect(run.errors).toBe(run.findings.filter((f) => f.severity === 'error').length);

    const shot = byRule(2)[0]!.screenshot_url!;
    const image = await t.app.inject({ method: 'GET', url: shot.replace(t.config.appUrl, '') });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    // Narrowed by kind, and counted by kind over the whole run.
    const overflow = await read(run.id, '?kind=text_overflow');
    expect(overflow.data.findings.map((f) => f.rule_id)).toEqual([ruleIds[2]]);
    expect(overflow.data.counts).toEqual(
      expect.arrayContaining([
        { kind: 'text_overflow', severity: 'error', count: 1 },
        { kind: 'no_click_through', severity: 'error', count: 1 },
      ]),
    );
  }, 60_000);

  it('checks again only the variants whose content changed, and carries the rest over', async () => {
    await t.db
      .updateTable('profile_rules')
      .set({ data: JSON.stringify({ Headline: 'Short now', Exit_URL: EXIT }) })
      .where('id', '=', ruleIds[2]!)
      .execute();
    const listed = await qa.get(`/v1/creatives/${creativeId}/qa-runs`);
    expect(listed.json().data[0]).toMatchObject({ current: false });

    const queued = (await start(editor)).json().data as QaRun;
    expect(queued).toMatchObject({ total: 3, carried_over: 2, checked: 2 });
    const { data: run } = await finished(queued.id);
    expect(run).toMatchObject({ status: 'finished', checked: 3, carried_over: 2, verdict: 'failed' });
    // The carried-over finding is still told; the fixed row has none.
    expect(run.findings.map((f) => [f.rule_id, f.kind])).toEqual([[ruleIds[3], 'no_click_through']]);
  }, 60_000);

  it('lists runs newest first', async () => {
    const res = await qa.get(`/v1/creatives/${creativeId}/qa-runs`);
    expect(res.statusCode).toBe(200);
    expectDocumentedAnswer(t.app.swagger(), { method: 'GET', url: '/v1/creatives/:id/qa-runs' }, res);
    const ids = (res.json().data as QaRun[]).map((run) => run.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(res.json().data[0]).toMatchObject({ current: true });
  });

  it('cancels a run under way once, and refuses a second start while one is open', async () => {
    await t.db
      .updateTable('profile_rules')
      .set({ data: JSON.stringify({ Headline: 'Third text', Exit_URL: EXIT }) })
      .where('id', '=', ruleIds[2]!)
      .execute();
    const queued = (await start()).json().data as QaRun;
    expect((await start()).statusCode).toBe(409);
    const cancelled = await qa.post(`/v1/creatives/${creativeId}/qa-runs/${queued.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled' });
    const again = await qa.post(`/v1/creatives/${creativeId}/qa-runs/${queued.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RUN_ENDED);
    await t.app.jobs.idle();
    expect((await read(queued.id)).data.status).toBe('cancelled');
  }, 60_000);

  it('holds a creative out of live until a run passed on its current content, when the company asks', async () => {
    expect((await qa.put('/v1/company/qa-gate', { required: true })).statusCode).toBe(403);
    const gate = await admin.put('/v1/company/qa-gate', { required: true });
    expect(gate.statusCode, gate.body).toBe(200);
    expect((await qa.get('/v1/company/qa-gate')).json().data).toEqual({ required: true });

    await t.db.updateTable('creatives').set({ status: 'ready' }).where('id', '=', creativeId).execute();
    const version = async () =>
      (await editor.get(`/v1/creatives/${creativeId}`)).json().data.updated_at as string;
    const goLive = async () =>
      editor.put(`/v1/creatives/${creativeId}`, { status: 'live', updated_at: await version() });
    const refused = await goLive();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.status[0]).toContain('run QA on its QA tab');
    const bulk = await editor.post('/v1/creatives/bulk', {
      action: 'status',
      status: 'live',
      ids: [creativeId],
    });
    expect(bulk.json().data[0]).toMatchObject({ ok: false });

    // Fix the row without an exit: a run on this content passes.
    await t.db
      .updateTable('profile_rules')
      .set({ data: JSON.stringify({ Headline: 'Out now', Exit_URL: EXIT }) })
      .where('id', '=', ruleIds[3]!)
      .execute();
    const queued = (await start()).json().data as QaRun;
    const { data: run } = await finished(queued.id);
    expect(run).toMatchObject({ status: 'finished', verdict: 'passed', errors: 0 });
    const live = await goLive();
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().data.status).toBe('live');
    await admin.put('/v1/company/qa-gate', { required: false });
  }, 60_000);

  it('keeps runs to readers of the company: 403 without creatives, 404 from another company', async () => {
    const outsider = await t.injectAs(await t.createUser({ permissions: ['edit campaigns'] }));
    expect((await outsider.get(`/v1/creatives/${creativeId}/qa-runs`)).statusCode).toBe(403);
    expect((await outsider.post(`/v1/creatives/${creativeId}/qa-runs`)).statusCode).toBe(403);
    const other = await t.createCompany();
    const stranger = await t.injectAs(await t.createUser({ companyId: other, roles: ['admin'] }));
    expect((await stranger.get(`/v1/creatives/${creativeId}/qa-runs`)).statusCode).toBe(404);
    expect((await stranger.post(`/v1/creatives/${creativeId}/qa-runs`)).statusCode).toBe(404);
    const [run] = (await qa.get(`/v1/creatives/${creativeId}/qa-runs`)).json().data as QaRun[];
    expect((await stranger.get(`/v1/creatives/${creativeId}/qa-runs/${run!.id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/v1/creatives/${creativeId}/qa-runs/${run!.id}/cancel`)).statusCode).toBe(
      404,
    );
  });
});

describe('QA runs on a server without Chromium', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses to start, saying what the server lacks', async () => {
    const client = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
    const campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'No browser' });
    const creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Banner' });
    const res = await client.post(`/v1/creatives/${creativeId}/qa-runs`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(NO_CHROMIUM_QA);
  });
});
