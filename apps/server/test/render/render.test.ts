import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeUnpacked } from '../../src/modules/packages/packages.seed';
import { packageFileKey } from '../../src/storage/package-files';
import { RENDER_CSP } from '../../src/storage/render-response';
import { buildTestApp, type Client, diskOf, type TestApp } from '../helper';
import { insertCampaign, insertCreative, insertPackage, insertProfile, insertRules } from '../rows';

let t: TestApp;
let editor: Client;
let campaignId: number;
let creativeId: number;
let ruleIds: number[];
let otherRuleId: number;
let approvedId: number;
/** The live folder of the approved package's files. */
let approvedFiles: string;

const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>Banner</title>
<script src="main.js"></script></head><body><img src="img/logo.png"></body></html>`;

/** A package row of `creative`, unpacked as its job would with an index.html, main.js and an image. */
async function insertUnpacked(creative: number, version: number, status: 'approved' | 'uploaded') {
  const row = {
    id: await insertPackage(t.db, {
      companyId: t.companyId,
      creativeId: creative,
      version,
      status,
      file_count: 3,
      unpacked_size: 300,
    }),
  };
  const prefix = await writeUnpacked(t.db, diskOf(t.app), row.id, [
    { name: 'index.html', data: INDEX.replace('Banner', `Banner v${version}`) },
    { name: 'main.js', data: 'var clickTag = "https://elsewhere.example/";' },
    { name: 'img/logo.png', data: 'not really a png' },
  ]);
  return { id: row.id, prefix };
}

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Rendered' });
  const profileId = await insertProfile(t.db, { companyId: t.companyId, name: 'Northwind products' });
  ruleIds = await insertRules(t.db, {
    companyId: t.companyId,
    profileId,
    rows: [
      { Region: 'North', 'Product Name': 'Jacket </script>', Exit_URL: 'https://shop.example/jacket' },
      { Region: 'South', 'Product Name': 'Bottle', Exit_URL: 'https://shop.example/bottle' },
    ],
  });
  const otherProfile = await insertProfile(t.db, { companyId: t.companyId, name: 'Other feed' });
  otherRuleId = (
    await insertRules(t.db, { companyId: t.companyId, profileId: otherProfile, rows: [{ Region: 'North' }] })
  )[0]!;
  creativeId = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'North banner' });
  await t.db
    .updateTable('creatives')
    .set({ profile_id: profileId, rule_filter: JSON.stringify({ column: 'Region', values: ['North'] }) })
    .where('id', '=', creativeId)
    .execute();
  await insertUnpacked(creativeId, 1, 'approved');
  ({ id: approvedId, prefix: approvedFiles } = await insertUnpacked(creativeId, 2, 'approved'));
  await insertUnpacked(creativeId, 3, 'uploaded');
});
afterAll(() => t.close());

const path = (url: string) => url.replace(t.app.config.appUrl, '');
const get = (url: string) => t.app.inject({ method: 'GET', url: path(url) });

describe('the render route', () => {
  it('serves the newest approved package with the simulated rule injected before its scripts', async () => {
    const simulated = await editor.post(`/v1/creatives/${creativeId}/simulate`, { time_zone: 'UTC' });
    expect(simulated.statusCode, simulated.body).toBe(200);
    const url: string = simulated.json().data.render_url;
    expect(url).toMatch(
      new RegExp(`/render/${creativeId}\\.0\\.[0-9]+\\.[A-Za-z0-9_-]+/${ruleIds[0]}/index\\.html$`),
    );

    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const html = res.body;
    expect(html).toContain('<title>Banner v2</title>');
    // Right after <head>, so before the package's own scripts; the content cannot close the script.
    expect(html.indexOf('data-adstudio="runtime"')).toBeLessThan(html.indexOf('<script src="main.js">'));
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain('"Product_Name":"Jacket \\u003c/script>"');
    // clickTag: the click tracker, signed for this campaign, creative and rule, as a preview.
    const clickTag = /"(https?:\/\/[^"]+\/t\/c\?[^"]+)"\);<\/script>/.exec(html)?.[1];
    const query = new URL(clickTag!).searchParams;
    expect(t.app.services.trackingLinks.verify(query.get('v'), query.get('s'))).toEqual({
      campaignId,
      creativeId,
      ruleId: ruleIds[0],
      preview: true,
    });
  });

  it("serves the package's other files as they are, under the sandbox", async () => {
    const url = t.app.services.renderTargets.url({ creativeId, packageId: 0 }, ruleIds[0]!, 'index.html');
    for (const [file, type, body] of [
      ['main.js', 'text/javascript; charset=utf-8', 'var clickTag = "https://elsewhere.example/";'],
      ['img/logo.png', 'image/png', 'not really a png'],
    ]) {
      const res = await get(url.replace(/index\.html$/, file!));
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-security-policy']).toBe(RENDER_CSP);
      expect(res.body).toBe(body);
    }
    expect((await get(url.replace(/index\.html$/, 'missing.js'))).statusCode).toBe(404);
    expect((await get(url.replace(/index\.html$/, '../../etc/passwd'))).statusCode).toBe(404);
  });

  it("serves only files recorded as the live ones: never a `.part`, a stray file or another attempt's", async () => {
    const url = t.app.services.renderTargets.url({ creativeId, packageId: 0 }, ruleIds[0]!, 'index.html');
    const disk = diskOf(t.app);
    // In storage beside the live files, but never recorded: what a killed write or a crashed attempt leaves.
    await disk.writeBytes(packageFileKey(approvedFiles, 'main.js.123.456.part'), Buffer.from('half'));
    await disk.writeBytes(packageFileKey(approvedFiles, 'index.html.part'), Buffer.from('half'));
    await disk.writeBytes(packageFileKey(approvedFiles, 'stray.js'), Buffer.from('stray'));
    await disk.writeBytes(`packages/${approvedId}/dead-attempt/other.js`, Buffer.from('orphan'));
    for (const file of ['main.js.123.456.part', 'index.html.part', 'stray.js', '../dead-attempt/other.js'])
      expect((await get(url.replace(/index\.html$/, file))).statusCode, file).toBe(404);
    // A recorded file whose bytes are gone is a 404 too, not an error.
    await disk.remove(packageFileKey(approvedFiles, 'img/logo.png'));
    expect((await get(url.replace(/index\.html$/, 'img/logo.png'))).statusCode).toBe(404);
    await disk.writeBytes(packageFileKey(approvedFiles, 'img/logo.png'), Buffer.from('not really a png'));
  });

  it('renders a chosen version for an internal preview, and rule 0 without content', async () => {
    const version3 = await t.db
      .selectFrom('packages')
      .select('id')
      .where('creative_id', '=', creativeId)
      .where('version', '=', 3)
      .executeTakeFirstOrThrow();
    const res = await get(
      t.app.services.renderTargets.url({ creativeId, packageId: version3.id }, 0, 'index.html'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Banner v3</title>');
    expect(res.body).toContain('(window, null, "');
  });

  it('refuses what the token does not name: forged, another rule, a rule the filter leaves out, a deleted creative', async () => {
    const targets = t.app.services.renderTargets;
    const url = targets.url({ creativeId, packageId: 0 }, ruleIds[0]!, 'index.html');
    const [, token] = /\/render\/([^/]+)\//.exec(url)!;
    const forged = `${creativeId + 1}.${token!.split('.').slice(1).join('.')}`;
    expect((await get(url.replace(token!, forged))).statusCode).toBe(404);
    expect((await get(url.replace(token!, `${token}x`))).statusCode).toBe(404);
    expect((await get(url.replace(`/${ruleIds[0]}/`, `/${ruleIds[1]}/`))).statusCode).toBe(404);
    expect((await get(url.replace(`/${ruleIds[0]}/`, `/${otherRuleId}/`))).statusCode).toBe(404);
    expect((await get(url.replace(`/${ruleIds[0]}/`, '/x/'))).statusCode).toBe(404);
    // Another creative's package is not this creative's to render.
    const other = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Other' });
    expect(
      (await get(targets.url({ creativeId: other, packageId: approvedId }, 0, 'index.html'))).statusCode,
    ).toBe(404);
    expect((await get(targets.url({ creativeId: other, packageId: 0 }, 0, 'index.html'))).statusCode).toBe(
      404,
    );

    await t.db
      .updateTable('creatives')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', creativeId)
      .execute();
    try {
      expect((await get(url)).statusCode).toBe(404);
    } finally {
      await t.db.updateTable('creatives').set({ deleted_at: null }).where('id', '=', creativeId).execute();
    }
  });

  it('answers no render URL in the simulator while no package is approved', async () => {
    const bare = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'No package yet' });
    const profile = await t.db
      .selectFrom('creatives')
      .select(['profile_id'])
      .where('id', '=', creativeId)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('creatives')
      .set({ profile_id: profile.profile_id })
      .where('id', '=', bare)
      .execute();
    const simulated = await editor.post(`/v1/creatives/${bare}/simulate`, { time_zone: 'UTC' });
    expect(simulated.statusCode, simulated.body).toBe(200);
    expect(simulated.json().data).toMatchObject({ render_url: null, rule: { id: ruleIds[0] } });
  });
});
