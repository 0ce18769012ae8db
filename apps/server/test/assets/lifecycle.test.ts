import type { Asset, User } from '@adstudio/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertAsset, insertCampaign, insertCreative } from '../rows';
import { assetHelpers, image, ownDataDir, storedUnder } from './fixtures';

let t: TestApp;
let editor: Client;
let editorUser: User;
let data: ReturnType<typeof ownDataDir>;
let campaignId: number;
let seq = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  data = ownDataDir();
  t = await buildTestApp(data.env);
  editorUser = await t.createUser({ permissions: ['edit assets', 'edit creatives'] });
  editor = await t.injectAs(editorUser);
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Lifecycle' });
});
afterAll(async () => {
  await t.close();
  data.remove();
});

const { claimOne } = assetHelpers(
  () => t,
  () => editor,
);
const creative = (width = 300, height = 250) =>
  insertCreative(t.db, { companyId: t.companyId, campaignId, name: `Life ${++seq}`, width, height });
const newAsset = async () =>
  claimOne(await creative(), await image('png', 300, 250), 'image/png', 'banner.png');
const auditOf = (type: string, id: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'changes', 'user_id'])
    .where('entity_type', '=', type)
    .where('entity_id', '=', id)
    .orderBy('id')
    .execute();
const rowOf = (id: number) => t.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();

describe('GET /v1/assets/{id}', () => {
  it('answers a live asset, 404 for a deleted, unknown or malformed id', async () => {
    const asset = await newAsset();
    const res = await editor.get(`/v1/assets/${asset.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: asset.id, name: 'banner.png' });
    expect((await editor.delete(`/v1/assets/${asset.id}`)).statusCode).toBe(204);
    for (const id of [asset.id, 999_999, '1e3', '-1']) {
      expect((await editor.get(`/v1/assets/${id}`)).statusCode).toBe(404);
    }
  });
});

describe('PUT /v1/assets/{id}', () => {
  it('renames, based on the current version; a stale one is 409', async () => {
    const asset = await newAsset();
    const renamed = await editor.put(`/v1/assets/${asset.id}`, {
      name: ' Hero 300x250 ',
      updated_at: asset.updated_at,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = renamed.json().data as Asset;
    expect(after).toMatchObject({ name: 'Hero 300x250', original_name: 'banner.png' });
    expect(after.updated_at > asset.updated_at).toBe(true);

    const stale = await editor.put(`/v1/assets/${asset.id}`, { name: 'Lost', updated_at: asset.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'This asset was changed by someone else meanwhile. Reload it and try again.',
    );
    expect((await rowOf(asset.id))?.name).toBe('Hero 300x250');

    // If-Match instead of the body field.
    const matched = await editor.inject({
      method: 'PUT',
      url: `/v1/assets/${asset.id}`,
      payload: { name: 'Via If-Match' },
      headers: { 'if-match': `"${after.updated_at}"` },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect((await auditOf('asset', asset.id)).map((e) => [e.action, JSON.parse(e.changes)])).toEqual([
      ['created', expect.any(Object)],
      ['updated', { name: ['banner.png', 'Hero 300x250'] }],
      ['updated', { name: ['Hero 300x250', 'Via If-Match'] }],
    ]);
  });

  it('needs a name; without a version the edit is unconditional, with a stale one it is 409', async () => {
    const asset = await newAsset();
    const unconditional = await editor.put(`/v1/assets/${asset.id}`, { name: 'No version' });
    expect(unconditional.statusCode, unconditional.body).toBe(200);
    expect(unconditional.json().data.name).toBe('No version');
    const stale = await editor.put(`/v1/assets/${asset.id}`, { name: 'Stale', updated_at: asset.updated_at });
    expect(stale.statusCode).toBe(409);
    asset.updated_at = unconditional.json().data.updated_at;
    const blank = await editor.put(`/v1/assets/${asset.id}`, { name: '', updated_at: asset.updated_at });
    expect(blank.json().errors).toEqual({ name: ['The name field is required.'] });
    const long = await editor.put(`/v1/assets/${asset.id}`, {
      name: 'x'.repeat(256),
      updated_at: asset.updated_at,
    });
    expect(long.json().errors).toEqual({ name: ['The name may not be greater than 255 characters.'] });
    // The same name is no change: even a stale version is no conflict.
    expect(
      (
        await editor.put(`/v1/assets/${asset.id}`, {
          name: 'No version',
          updated_at: stale.json().updated_at,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('DELETE, then GET /v1/assets/{id}/restore', () => {
  it('deletes softly, lists it as deleted, and restores it', async () => {
    const asset = await newAsset();
    const deleted = await editor.delete(`/v1/assets/${asset.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const listed = (await editor.get(`/v1/creatives/${asset.creative_id}/assets?deleted=1`)).json().data;
    expect(listed.map((a: Asset) => a.id)).toEqual([asset.id]);
    expect((await editor.get(`/v1/creatives/${asset.creative_id}/assets`)).json().data).toEqual([]);
    expect((await editor.delete(`/v1/assets/${asset.id}`)).statusCode).toBe(404);

    const restored = await editor.get(`/v1/assets/${asset.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.headers['cache-control']).toBe('no-store');
    expect(restored.json().data).toMatchObject({ id: asset.id, deleted_at: null, purge_at: null });
    expect((await editor.get(`/v1/assets/${asset.id}/restore`)).statusCode).toBe(404);
    expect((await auditOf('asset', asset.id)).map((e) => e.action)).toEqual([
      'created',
      'deleted',
      'restored',
    ]);
  });

  it('restores only with the XSRF header, though it is a GET', async () => {
    const asset = await newAsset();
    await editor.delete(`/v1/assets/${asset.id}`);
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await editor.inject({ method, url: `/v1/assets/${asset.id}/restore`, xsrf: false });
      expect(res.statusCode).toBe(419);
    }
    const wrong = await editor.inject({
      method: 'GET',
      url: `/v1/assets/${asset.id}/restore`,
      headers: { 'x-xsrf-token': 'A'.repeat(43) },
      xsrf: false,
    });
    expect(wrong.statusCode).toBe(419);
    expect(wrong.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect((await rowOf(asset.id))?.deleted_at).not.toBeNull();
  });

  it('restores within 30 days only, and while its creative is live', async () => {
    const old = await newAsset();
    await editor.delete(`/v1/assets/${old.id}`);
    await t.db
      .updateTable('assets')
      .set({ deleted_at: new Date(Date.now() - 30 * DAY - 1000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    const late = await editor.get(`/v1/assets/${old.id}/restore`);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({
      deleted_at: ['This asset was deleted more than 30 days ago and can no longer be restored.'],
    });

    const orphan = await newAsset();
    await editor.delete(`/v1/assets/${orphan.id}`);
    await t.db
      .updateTable('creatives')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', orphan.creative_id)
      .execute();
    const refused = await editor.get(`/v1/assets/${orphan.id}/restore`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ creative_id: ['Restore its creative first.'] });
  });

  it('takes the asset out of a creative’s fallback, audited on the creative', async () => {
    const asset = await newAsset();
    const set = await editor.get(`/v1/creatives/${asset.creative_id}/fallback/${asset.id}`);
    expect(set.statusCode, set.body).toBe(200);
    await editor.delete(`/v1/assets/${asset.id}`);
    const shown = (await editor.get(`/v1/creatives/${asset.creative_id}`)).json().data;
    expect(shown.fallback_asset_id).toBeNull();
    expect((await auditOf('creative', asset.creative_id)).map((e) => JSON.parse(e.changes))).toEqual([
      { fallback_asset_id: [null, asset.id] },
      { fallback_asset_id: [asset.id, null] },
    ]);
    // Restored, it is an asset again, not the fallback.
    expect((await editor.get(`/v1/assets/${asset.id}/restore`)).statusCode).toBe(200);
    expect((await editor.get(`/v1/creatives/${asset.creative_id}`)).json().data.fallback_asset_id).toBeNull();
  });
});

describe('the purge', () => {
  it('removes assets deleted more than 30 days ago, with their files and thumbnails', async () => {
    const creativeId = await creative();
    const png = await image('png', 300, 250);
    const [gone, kept, live] = [
      await claimOne(creativeId, png, 'image/png', 'gone.png'),
      await claimOne(creativeId, png, 'image/png', 'kept.png'),
      await claimOne(creativeId, png, 'image/png', 'live.png'),
    ];
    await editor.delete(`/v1/assets/${gone.id}`);
    await editor.delete(`/v1/assets/${kept.id}`);
    const deletedAt = Date.parse((await rowOf(gone.id))!.deleted_at!);
    await t.db
      .updateTable('assets')
      .set({ deleted_at: new Date(deletedAt - 10 * DAY).toISOString() })
      .where('id', '=', gone.id)
      .execute();
    const files = storedUnder(t, `assets/${t.companyId}/${creativeId}`);
    const thumbnails = storedUnder(t, `thumbnails/${t.companyId}/${creativeId}`);
    expect([files.length, thumbnails.length]).toEqual([3, 3]);

    const service = t.app.services.assets;
    await service.purge(); // what earlier tests left long deleted
    // 25 days on: the one deleted "35 days" ago goes, the one deleted 25 days ago stays restorable.
    expect(await service.purge(deletedAt + 25 * DAY)).toBe(1);
    expect(await rowOf(gone.id)).toBeUndefined();
    expect(await rowOf(kept.id)).toBeDefined();
    expect(storedUnder(t, `assets/${t.companyId}/${creativeId}`)).toHaveLength(2);
    expect(storedUnder(t, `thumbnails/${t.companyId}/${creativeId}`)).toHaveLength(2);
    expect(await service.purge(deletedAt + 25 * DAY)).toBe(0);

    expect(await service.purge(deletedAt + 31 * DAY)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(kept.id)).toBeUndefined();
    expect(await rowOf(live.id)).toBeDefined();
    expect(storedUnder(t, `assets/${t.companyId}/${creativeId}`)).toHaveLength(1);
    expect(storedUnder(t, `thumbnails/${t.companyId}/${creativeId}`)).toHaveLength(1);
    expect((await editor.get(`/v1/assets/${live.id}`)).json().data.duplicate_of).toBeNull();
  });
});

describe('kept counts', () => {
  /** item_counts for assets against a count of the table, every company and deleted-or-not. */
  async function expectAssetCountsExact() {
    const kept = await t.db
      .selectFrom('item_counts')
      .select(['company_id', 'deleted', 'n'])
      .where('section', '=', 'assets')
      .where('n', '<>', 0)
      .orderBy('company_id')
      .orderBy('deleted')
      .execute();
    const counted = await sql<{ company_id: number; deleted: number; n: number }>`
      select company_id, case when deleted_at is null then 0 else 1 end as deleted, count(*) as n
      from assets group by 1, 2 order by 1, 2`.execute(t.db);
    expect(kept.map((r) => [r.company_id, Number(r.deleted), Number(r.n)])).toEqual(
      counted.rows.map((r) => [r.company_id, Number(r.deleted), Number(r.n)]),
    );
  }

  it('stay exact through claims, a refused batch, renames, deletes, restores and the purge', async () => {
    const companyId = await t.createCompany('Counted');
    const admin = await t.injectAs(await t.createUser({ companyId, roles: ['admin'] }));
    const helpers = assetHelpers(
      () => t,
      () => admin,
    );
    const creativeId = await insertCreative(t.db, {
      companyId,
      campaignId: await insertCampaign(t.db, { companyId, name: 'Counted' }),
      name: 'Counted',
    });
    const png = await image('png', 300, 250);
    const many = await admin.post(`/v1/creatives/${creativeId}/assets`, {
      assets: [
        { key: await helpers.uploaded(png, 'image/png'), name: 'a.png' },
        { key: await helpers.uploaded(png, 'image/png'), name: 'b.png' },
        { key: await helpers.uploaded(png, 'image/png'), name: 'c.png' },
      ],
    });
    expect(many.statusCode).toBe(201);
    const refused = await admin.post(`/v1/creatives/${creativeId}/assets`, {
      assets: [
        { key: await helpers.uploaded(png, 'image/png'), name: 'd.png' },
        { key: await helpers.uploaded(png, 'image/jpeg'), name: 'e.png' },
      ],
    });
    expect(refused.statusCode).toBe(422);
    await expectAssetCountsExact();
    const [a, b] = many.json().data as Asset[];
    await admin.put(`/v1/assets/${a!.id}`, { name: 'renamed.png', updated_at: a!.updated_at });
    await admin.delete(`/v1/assets/${a!.id}`);
    await admin.delete(`/v1/assets/${b!.id}`);
    await expectAssetCountsExact();
    await admin.get(`/v1/assets/${b!.id}/restore`);
    await expectAssetCountsExact();
    const list = (await admin.get('/v1/assets')).json();
    expect(list.meta).toMatchObject({ total: 2, total_capped: false });
    expect((await admin.get('/v1/assets?deleted=1')).json().meta.total).toBe(1);
    const dashboard = (await admin.get('/v1/dashboard')).json().data;
    expect(dashboard.sections.assets).toEqual({ total: 2 });
    await t.app.services.assets.purge(Date.now() + 31 * DAY);
    await expectAssetCountsExact();
    expect((await admin.get('/v1/assets?deleted=1')).json().meta.total).toBe(0);
  });
});

describe('assets of another company', () => {
  it('answer 404 to every action and are left as they were', async () => {
    const other = await t.createCompany();
    const theirs = await insertAsset(t.db, {
      companyId: other,
      creativeId: await insertCreative(t.db, {
        companyId: other,
        campaignId: await insertCampaign(t.db, { companyId: other, name: 'Theirs' }),
        name: 'Theirs',
      }),
    });
    const binned = await insertAsset(t.db, {
      companyId: other,
      creativeId: (await rowOf(theirs))!.creative_id,
      deleted: true,
    });
    const before = await t.db.selectFrom('assets').selectAll().where('company_id', '=', other).execute();
    const row = await rowOf(theirs);
    for (const res of [
      await editor.get(`/v1/assets/${theirs}`),
      await editor.put(`/v1/assets/${theirs}`, { name: 'Mine', updated_at: row!.updated_at }),
      await editor.delete(`/v1/assets/${theirs}`),
      await editor.get(`/v1/assets/${binned}/restore`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Cannot find this item' });
    }
    expect(await t.db.selectFrom('assets').selectAll().where('company_id', '=', other).execute()).toEqual(
      before,
    );
  });
});
