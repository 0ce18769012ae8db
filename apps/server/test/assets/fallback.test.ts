import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertAsset, insertCampaign, insertCreative } from '../rows';

let t: TestApp;
let editor: Client;
let campaignId: number;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives', 'edit assets'] }));
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Fallbacks' });
});
afterAll(() => t.close());

/** A 300x250 creative with an image of its size. */
async function fixture(companyId = t.companyId) {
  const campaign =
    companyId === t.companyId
      ? campaignId
      : await insertCampaign(t.db, { companyId, name: `Theirs ${++seq}` });
  const creativeId = await insertCreative(t.db, {
    companyId,
    campaignId: campaign,
    name: `Fallback ${++seq}`,
  });
  const imageId = await insertAsset(t.db, {
    companyId,
    creativeId,
    name: 'backup.png',
    width: 300,
    height: 250,
  });
  return { creativeId, imageId };
}
const fallback = (creativeId: number, assetId: number | string, as = editor) =>
  as.get(`/v1/creatives/${creativeId}/fallback/${assetId}`);
const fallbackOf = async (creativeId: number) =>
  (
    await t.db
      .selectFrom('creatives')
      .select('fallback_asset_id')
      .where('id', '=', creativeId)
      .executeTakeFirstOrThrow()
  ).fallback_asset_id;

describe('GET /v1/creatives/{id}/fallback/{assetId}', () => {
  it('sets an image of the creative’s size as its fallback, audited, and answers the creative', async () => {
    const { creativeId, imageId } = await fixture();
    const before = (await editor.get(`/v1/creatives/${creativeId}`)).json().data;
    const res = await fallback(creativeId, imageId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toMatchObject({ id: creativeId, fallback_asset_id: imageId });
    expect(res.json().data.updated_at > before.updated_at).toBe(true);
    // Again: nothing changes, nothing more is audited.
    expect((await fallback(creativeId, imageId)).statusCode).toBe(200);
    const history = (await editor.get(`/v1/creatives/${creativeId}?include=history`)).json().data.history;
    expect(history.map((h: { action: string; changes: object }) => [h.action, h.changes])).toEqual([
      ['updated', { fallback_asset_id: [null, imageId] }],
    ]);
    // Another image of the size replaces it.
    const other = await insertAsset(t.db, { companyId: t.companyId, creativeId, width: 300, height: 250 });
    expect((await fallback(creativeId, other)).json().data.fallback_asset_id).toBe(other);
  });

  it.each([
    [
      'an image of another size',
      { width: 728, height: 90 },
      'The image is 728x90 but the creative is 300x250.',
    ],
    [
      'a video',
      { content_type: 'video/mp4', extension: 'mp4' },
      'The asset is not an image (video/mp4); the fallback must be an image.',
    ],
    [
      'a CSV',
      { content_type: 'text/csv', extension: 'csv', width: null, height: null },
      'The asset is not an image (text/csv); the fallback must be an image.',
    ],
    ['an image of unknown size', { width: null, height: null }, "The image's size could not be read."],
    ['a deleted image', { deleted: true }, 'The asset is deleted; restore it first.'],
  ])('refuses %s with 422 saying why', async (_name, columns, message) => {
    const { creativeId, imageId } = await fixture();
    await fallback(creativeId, imageId);
    const asset = await insertAsset(t.db, { companyId: t.companyId, creativeId, ...columns });
    const res = await fallback(creativeId, asset);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { fallback_asset_id: [message] } });
    expect(await fallbackOf(creativeId)).toBe(imageId);
  });

  it('refuses another creative’s image', async () => {
    const mine = await fixture();
    const other = await fixture();
    const res = await fallback(mine.creativeId, other.imageId);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ fallback_asset_id: ['The asset belongs to another creative.'] });
  });

  it('answers 404 for another company’s creative or asset, an unknown one, or a deleted creative', async () => {
    const mine = await fixture();
    const theirs = await fixture(await t.createCompany());
    const deleted = await fixture();
    await t.db
      .updateTable('creatives')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', deleted.creativeId)
      .execute();
    for (const [creativeId, assetId] of [
      [theirs.creativeId, theirs.imageId],
      [mine.creativeId, theirs.imageId],
      [theirs.creativeId, mine.imageId],
      [mine.creativeId, 999_999],
      [999_999, mine.imageId],
      [mine.creativeId, 'x'],
      [deleted.creativeId, deleted.imageId],
    ] as const) {
      const res = await fallback(creativeId, assetId);
      expect(res.statusCode, `${creativeId}/${assetId}`).toBe(404);
    }
    expect(await fallbackOf(theirs.creativeId)).toBeNull();
    expect(await fallbackOf(mine.creativeId)).toBeNull();
  });

  it('is a creative edit: needs edit creatives and the XSRF header', async () => {
    const { creativeId, imageId } = await fixture();
    const assetsOnly = await t.injectAs(await t.createUser({ permissions: ['edit assets'] }));
    const qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
    expect((await fallback(creativeId, imageId, assetsOnly)).statusCode).toBe(403);
    expect((await fallback(creativeId, imageId, qa)).statusCode).toBe(403);
    const unguarded = await editor.inject({
      method: 'GET',
      url: `/v1/creatives/${creativeId}/fallback/${imageId}`,
      xsrf: false,
    });
    expect(unguarded.statusCode).toBe(419);
    expect(unguarded.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect(await fallbackOf(creativeId)).toBeNull();
  });
});
