import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProcessingAsset } from '@adstudio/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeUnpacked } from '../../src/modules/packages/packages.seed';
import { NO_CHROMIUM, NO_PACKAGE } from '../../src/modules/processing-assets/processing-assets.service';
import { buildTestApp, type Client, diskOf, engine, type TestApp } from '../helper';
import { insertCampaign, insertCreative, insertPackage, insertProfile, insertRules } from '../rows';
import { freePort } from '../support/server-process';

/** An item the read has just queued: its job may already have taken it by the time the list is read back. */
const STARTED = /^(queued|fetching)$/;
/**
 * A fetch the answer started: queued or fetching without a file yet, or already ready when the
 * in-process job won the race to it (a loaded machine); never failed or left alone.
 */
function expectStarted(item: ProcessingAsset | undefined, expected: Partial<ProcessingAsset>) {
  expect(item).toMatchObject(expected);
  if (item?.state === 'ready') return;
  expect(item).toMatchObject({ state: expect.stringMatching(STARTED), url: null });
}

/** A local image host: what each path answers, changeable by a test. */
const answers = new Map<string, { status: number; type: string; body: Buffer }>();
let imageServer: http.Server;
let imageHost: string;

let t: TestApp;
let editor: Client;
let campaignId: number;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
  imageServer = http.createServer((request, response) => {
    const answer = answers.get(request.url ?? '') ?? {
      status: 404,
      type: 'text/plain',
      body: Buffer.from('no'),
    };
    response.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  const { port } = imageServer.address() as AddressInfo;
  // `localhost` is opened for the tests; the same server under 127.0.0.1 stays internal.
  imageHost = `http://localhost:${port}`;
  t = await buildTestApp({ DATASOURCE_ALLOW_HOSTS: 'localhost' });
  editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives', 'edit assets'] }));
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Processing' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => imageServer.close(resolve));
});

/** A profile (with a template of these image columns, when given) whose rules have `rows` as data. */
async function profileWithRules(
  rows: Record<string, string>[],
  imageColumns?: string[],
  companyId = t.companyId,
) {
  const profileId = await insertProfile(t.db, { companyId, name: `Feed ${Math.random()}` });
  const at = new Date().toISOString();
  if (imageColumns) {
    const template = await t.db
      .insertInto('profile_templates')
      .values({
        company_id: companyId,
        name: `Template ${Math.random()}`,
        columns: JSON.stringify(imageColumns.map((name) => ({ name, type: 'image_url', required: false }))),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('profiles')
      .set({ template_id: template.id })
      .where('id', '=', profileId)
      .execute();
  }
  const ruleIds = await insertRules(t.db, { companyId, profileId, rows });
  return { profileId, ruleIds };
}

async function creativeOf(profileId: number, size = { width: 300, height: 250 }) {
  const id = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: `C ${Math.random()}` });
  await t.db
    .updateTable('creatives')
    .set({ profile_id: profileId, ...size })
    .where('id', '=', id)
    .execute();
  return id;
}

const itemsOf = async (creativeId: number, ruleId: number, query = '') => {
  const res = await editor.get(`/v1/creatives/${creativeId}/${ruleId}/processing-assets${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ProcessingAsset[];
};
const byColumn = (items: ProcessingAsset[], column: string | null) => {
  const item = items.find((i) => i.column === column);
  if (!item) throw new Error(`no item for ${column}: ${JSON.stringify(items)}`);
  return item;
};
/** Reads a signed storage URL back through the app. */
const download = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url: url.replace(t.config.appUrl, '') });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

describe('processing assets', () => {
  it("fetches the template's image URL columns, refuses what is no image, and keeps nothing else", async () => {
    answers.set('/shoe.png', { status: 200, type: 'image/png', body: png });
    answers.set('/page.png', {
      status: 200,
      type: 'text/html',
      body: Buffer.from('<html><body>hi</body></html>'),
    });
    const { profileId, ruleIds } = await profileWithRules(
      [
        {
          Unique_ID: 'a',
          Image_URL: `${imageHost}/shoe.png`,
          Logo: `${imageHost}/page.png`,
          Missing: `${imageHost}/missing.png`,
          // Not an image_url column of the template: left alone.
          Exit_URL: `${imageHost}/other.png`,
        },
      ],
      ['Image_URL', 'Logo', 'Missing'],
    );
    const creativeId = await creativeOf(profileId);

    const first = await itemsOf(creativeId, ruleIds[0]!);
    expect(first.map((i) => [i.kind, i.column])).toEqual([
      ['image', 'Image_URL'],
      ['image', 'Logo'],
      ['image', 'Missing'],
      ['backup', null],
    ]);
    expectStarted(byColumn(first, 'Image_URL'), { source_url: `${imageHost}/shoe.png` });
    expect(byColumn(first, null)).toMatchObject({ state: 'unavailable', reason: NO_CHROMIUM });

    await t.app.jobs.idle();
    const done = await itemsOf(creativeId, ruleIds[0]!);
    const shoe = byColumn(done, 'Image_URL');
    expect(shoe).toMatchObject({
      state: 'ready',
      reason: null,
      content_type: 'image/png',
      size: png.length,
      width: 640,
      height: 480,
    });
    expect(Buffer.compare(await download(shoe.url!), png)).toBe(0);
    const thumbnail = await sharp(await download(shoe.thumbnail_url!)).metadata();
    expect(thumbnail.format).toBe('webp');
    expect(byColumn(done, 'Logo')).toMatchObject({ state: 'failed', url: null });
    expect(byColumn(done, 'Logo').reason).toMatch(/text\/html/);
    expect(byColumn(done, 'Missing')).toMatchObject({
      state: 'failed',
      reason: 'The image URL answered 404.',
    });

    // Reading again changes nothing: no new jobs, the same rows.
    const again = await itemsOf(creativeId, ruleIds[0]!);
    expect(again.map((i) => [i.id, i.state])).toEqual(done.map((i) => [i.id, i.state]));

    // retry=1 starts failed items over: the missing image is there now.
    answers.set('/missing.png', { status: 200, type: 'image/png', body: png });
    const retried = await itemsOf(creativeId, ruleIds[0]!, '?retry=1');
    expectStarted(byColumn(retried, 'Missing'), {});
    expect(byColumn(retried, 'Image_URL').state).toBe('ready');
    await t.app.jobs.idle();
    expect(byColumn(await itemsOf(creativeId, ruleIds[0]!), 'Missing')).toMatchObject({ state: 'ready' });
  });

  it('finds image URLs by their look without a template, refuses internal addresses, and follows a changed URL', async () => {
    const { port } = imageServer.address() as AddressInfo;
    answers.set('/a.jpg', { status: 200, type: 'image/jpeg', body: await sharp(png).jpeg().toBuffer() });
    answers.set('/b.webp', {
      status: 200,
      type: 'image/webp',
      body: await sharp(png).resize(100).webp().toBuffer(),
    });
    const { profileId, ruleIds } = await profileWithRules([
      {
        Unique_ID: 'a',
        Headline: 'Not a URL',
        Photo: `${imageHost}/a.jpg`,
        Page: `${imageHost}/deal`,
        Internal: `http://127.0.0.1:${port}/a.jpg`,
      },
    ]);
    const creativeId = await creativeOf(profileId);
    await itemsOf(creativeId, ruleIds[0]!);
    await t.app.jobs.idle();
    const items = await itemsOf(creativeId, ruleIds[0]!);
    expect(items.map((i) => i.column)).toEqual(['Photo', 'Internal', null]);
    const photo = byColumn(items, 'Photo');
    expect(photo).toMatchObject({ state: 'ready', content_type: 'image/jpeg', width: 640 });
    expect(byColumn(items, 'Internal')).toMatchObject({ state: 'failed' });
    expect(byColumn(items, 'Internal').reason).toMatch(/cannot be reached from here/);
    const oldFile = await t.db
      .selectFrom('processing_assets')
      .select('storage_key')
      .where('id', '=', photo.id)
      .executeTakeFirstOrThrow();

    // A re-sync changed the rule's photo and dropped the internal one.
    await t.db
      .updateTable('profile_rules')
      .set({ data: JSON.stringify({ Unique_ID: 'a', Photo: `${imageHost}/b.webp` }) })
      .where('id', '=', ruleIds[0]!)
      .execute();
    const changed = await itemsOf(creativeId, ruleIds[0]!);
    expect(changed.map((i) => i.column)).toEqual(['Photo', null]);
    expectStarted(byColumn(changed, 'Photo'), { id: photo.id });
    expect(fs.existsSync(diskOf(t.app).pathOf(oldFile.storage_key!))).toBe(false);
    await t.app.jobs.idle();
    expect(byColumn(await itemsOf(creativeId, ruleIds[0]!), 'Photo')).toMatchObject({
      state: 'ready',
      content_type: 'image/webp',
      width: 100,
    });
  });

  it("answers 404 for a rule not of the creative's profile, another company's, or a creative without a profile", async () => {
    const mine = await profileWithRules([{ Unique_ID: 'a' }]);
    const other = await profileWithRules([{ Unique_ID: 'b' }]);
    const creativeId = await creativeOf(mine.profileId);
    expect(
      (await editor.get(`/v1/creatives/${creativeId}/${other.ruleIds[0]}/processing-assets`)).statusCode,
    ).toBe(404);
    const elsewhere = await profileWithRules([{ Unique_ID: 'c' }], undefined, await t.createCompany());
    expect(
      (await editor.get(`/v1/creatives/${creativeId}/${elsewhere.ruleIds[0]}/processing-assets`)).statusCode,
    ).toBe(404);
    const plain = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'No profile' });
    expect((await editor.get(`/v1/creatives/${plain}/${mine.ruleIds[0]}/processing-assets`)).statusCode).toBe(
      404,
    );
    // A rule with nothing to fetch still answers its backup item.
    const items = await itemsOf(creativeId, mine.ruleIds[0]!);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'backup', state: 'unavailable' });
  });
});

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// One engine is enough: the render does not touch the database, and Chromium is slow to start.
const renders = engine === 'sqlite' && fs.existsSync(chromium);

describe.skipIf(!renders)('backup images rendered by headless Chromium', () => {
  let r: TestApp;
  let client: Client;

  beforeAll(async () => {
    // The render link points at APP_URL, so the app listens where that says.
    const port = await freePort();
    r = await buildTestApp({ CHROMIUM_PATH: chromium, APP_URL: `http://127.0.0.1:${port}` });
    await r.app.listen({ port, host: '127.0.0.1' });
    client = await r.injectAs(await r.createUser({ permissions: ['edit creatives', 'edit assets'] }));
  });
  afterAll(() => r.close());

  it("renders the creative's approved package at its size; without one the backup says why", async () => {
    const campaign = await insertCampaign(r.db, { companyId: r.companyId, name: 'Render' });
    const profileId = await insertProfile(r.db, { companyId: r.companyId, name: 'Render feed' });
    const [ruleId] = await insertRules(r.db, {
      companyId: r.companyId,
      profileId,
      rows: [{ Unique_ID: 'r' }],
    });
    const creativeId = await insertCreative(r.db, {
      companyId: r.companyId,
      campaignId: campaign,
      name: 'Banner',
    });
    await r.db
      .updateTable('creatives')
      .set({ profile_id: profileId, width: 320, height: 50 })
      .where('id', '=', creativeId)
      .execute();
    const url = `/v1/creatives/${creativeId}/${ruleId}/processing-assets`;
    expect((await client.get(url)).json().data[0]).toMatchObject({
      state: 'unavailable',
      reason: NO_PACKAGE,
    });

    const pkg = {
      id: await insertPackage(r.db, {
        companyId: r.companyId,
        creativeId,
        storage_key: 'packages/banner.zip',
        status: 'approved',
      }),
    };
    await writeUnpacked(r.db, diskOf(r.app), pkg.id, [
      {
        name: 'index.html',
        data: '<!doctype html><html><body style="margin:0;background:#ff0000"></body></html>',
      },
    ]);
    expectStarted((await client.get(url)).json().data[0], { kind: 'backup' });
    await r.app.jobs.idle();
    const [backup] = (await client.get(url)).json().data as ProcessingAsset[];
    expect(backup).toMatchObject({ state: 'ready', content_type: 'image/png', width: 320, height: 50 });
    const shot = await r.app.inject({ method: 'GET', url: backup!.url!.replace(r.config.appUrl, '') });
    const { dominant } = await sharp(shot.rawPayload).stats();
    expect(dominant).toMatchObject({ r: expect.any(Number), g: expect.any(Number) });
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.g).toBeLessThan(50);
  }, 60_000);
});
