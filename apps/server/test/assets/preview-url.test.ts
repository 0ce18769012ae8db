import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaign, insertCreative } from '../rows';

let t: TestApp;
let editor: Client;
let campaignId: number;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ SPA_URL: 'https://studio.example.com' });
  editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Previews' });
});
afterAll(() => t.close());

const creative = (companyId = t.companyId, campaign = campaignId) =>
  insertCreative(t.db, { companyId, campaignId: campaign, name: `Preview ${++seq}` });
const linksOf = (creativeId: number) =>
  t.db.selectFrom('preview_links').selectAll().where('creative_id', '=', creativeId).execute();

describe('GET /v1/creatives/{id}/preview-url', () => {
  it('creates the creative’s link once (a 256-bit token on the SPA’s preview page) and answers it ever after', async () => {
    const id = await creative();
    const first = await editor.get(`/v1/creatives/${id}/preview-url`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const link = first.json().data;
    expect(link).toEqual({
      id: expect.any(Number),
      url: expect.stringMatching(/^https:\/\/studio\.example\.com\/externalpreview\/[A-Za-z0-9_-]{43}$/),
      created_at: expect.any(String),
      last_viewed_at: null,
      views: 0,
    });
    const second = await editor.get(`/v1/creatives/${id}/preview-url`);
    expect(second.json().data).toEqual(link);
    // Reading the link in use needs no XSRF header.
    const read = await editor.inject({ method: 'GET', url: `/v1/creatives/${id}/preview-url`, xsrf: false });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(link);
    const rows = await linksOf(id);
    expect(rows).toHaveLength(1);
    expect(link.url.endsWith(rows[0]!.token)).toBe(true);
  });

  it('needs the XSRF header to create it', async () => {
    const id = await creative();
    const res = await editor.inject({ method: 'GET', url: `/v1/creatives/${id}/preview-url`, xsrf: false });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect(await linksOf(id)).toEqual([]);
  });

  it('creates one link for two first calls at once', async () => {
    const id = await creative();
    const [a, b] = await Promise.all([
      editor.get(`/v1/creatives/${id}/preview-url`),
      editor.get(`/v1/creatives/${id}/preview-url`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.url).toBe(b.json().data.url);
    expect(await linksOf(id)).toHaveLength(1);
  });

  it('creating is an edit, reading the link in use a read: qa may read it, other sections may not; another company’s creative is 404', async () => {
    const id = await creative();
    const qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
    expect((await qa.get(`/v1/creatives/${id}/preview-url`)).statusCode).toBe(403);
    expect(await linksOf(id)).toEqual([]);
    expect((await editor.get(`/v1/creatives/${id}/preview-url`)).statusCode).toBe(200);
    expect((await qa.get(`/v1/creatives/${id}/preview-url`)).statusCode).toBe(200);
    const assetsOnly = await t.injectAs(await t.createUser({ permissions: ['edit assets'] }));
    expect((await assetsOnly.get(`/v1/creatives/${id}/preview-url`)).statusCode).toBe(403);

    const other = await t.createCompany();
    const theirs = await creative(other, await insertCampaign(t.db, { companyId: other, name: 'Theirs' }));
    const deleted = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: 'Gone',
      deleted: true,
    });
    for (const target of [theirs, deleted, 999_999]) {
      const res = await editor.get(`/v1/creatives/${target}/preview-url`);
      expect(res.statusCode).toBe(404);
      expect(await linksOf(target)).toEqual([]);
    }
  });
});
