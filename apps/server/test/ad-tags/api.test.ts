import { AD_TAG_PUBLISHER_INVALID } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { insertCampaign, insertCreative } from '../rows';

let t: TestApp;
let editor: Client;
let reader: Client;
let campaignId: number;
let creativeId: number;
let doc: object;

beforeAll(async () => {
  t = await buildTestApp();
  doc = t.app.swagger();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit creatives'] }));
  reader = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Tagged', status: 'live' });
  creativeId = await insertCreative(t.db, {
    companyId: t.companyId,
    campaignId,
    name: 'Leaderboard',
    width: 728,
    height: 90,
  });
});
afterAll(() => t.close());

const publisher = async (name: string, companyId = t.companyId, deleted = false) =>
  (
    await t.db
      .insertInto('media_entities')
      .values({
        company_id: companyId,
        name,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        deleted_at: deleted ? '2026-01-02T00:00:00.000Z' : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

describe(`a creative's ad tags (${engine})`, () => {
  it('creates a tag with a random token, its serve URL and snippets at the creative’s size', async () => {
    const mediaEntityId = await publisher('Daily Planet');
    const res = await editor.post(`/v1/creatives/${creativeId}/tags`, {
      name: '  Homepage leaderboard ',
      media_entity_id: mediaEntityId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expectDocumentedAnswer(doc, { method: 'POST', url: '/v1/creatives/:id/tags' }, res);
    const tag = res.json().data;
    expect(tag).toEqual({
      id: expect.any(Number),
      name: 'Homepage leaderboard',
      media_entity_id: mediaEntityId,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      // Google Ad Manager unless told otherwise (click-macros.test.ts covers the others).
      ad_server: 'gam',
      serve_url: `${t.config.appUrl}/serve/${tag.token}`,
      js: `<script src="${t.config.appUrl}/serve/${tag.token}.js?click=%%CLICK_URL_ESC%%&amp;cb=%%CACHEBUSTER%%"></script>`,
      iframe: expect.stringContaining(
        `<iframe src="${t.config.appUrl}/serve/${tag.token}?click=%%CLICK_URL_ESC%%&amp;cb=%%CACHEBUSTER%%" width="728" height="90" `,
      ),
      created_at: expect.any(String),
      revoked_at: null,
    });
    // The click-through opens outside the sandbox: a landing page in it has no origin, and Chrome
    // blocks any answer with a Cross-Origin-Opener-Policy there (our click tracker's redirect).
    expect(tag.iframe).toContain('sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"');
    // Never derived from ids: two tags of one creative share nothing.
    const second = (await editor.post(`/v1/creatives/${creativeId}/tags`, { name: 'Second' })).json().data;
    expect(second.media_entity_id).toBeNull();
    expect(second.token).not.toBe(tag.token);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('entity_type', '=', 'ad_tag')
      .where('entity_id', '=', tag.id)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['created']);
  });

  it('serves on RENDER_URL when it is set', async () => {
    const other = await buildTestApp({ RENDER_URL: 'https://render.example' });
    try {
      const client = await other.injectAs(await other.createUser({ permissions: ['edit creatives'] }));
      const campaign = await insertCampaign(other.db, { companyId: other.companyId, name: 'Elsewhere' });
      const creative = await insertCreative(other.db, {
        companyId: other.companyId,
        campaignId: campaign,
        name: 'MPU',
      });
      const tag = (await client.post(`/v1/creatives/${creative}/tags`, { name: 'Rendered apart' })).json()
        .data;
      expect(tag.serve_url).toBe(`https://render.example/serve/${tag.token}`);
      expect(tag.js).toContain('src="https://render.example/serve/');
    } finally {
      await other.close();
    }
  });

  it('refuses a missing name, a bad or foreign publisher with 422', async () => {
    const foreign = await publisher('Elsewhere Gazette', await t.createCompany());
    const gone = await publisher('Gone Gazette', t.companyId, true);
    const cases: [unknown, string, string][] = [
      [{}, 'name', 'The name field is required.'],
      [{ name: 'x'.repeat(101) }, 'name', 'The name may not be greater than 100 characters.'],
      [{ name: 'Ok', media_entity_id: 'one' }, 'media_entity_id', 'The publisher field is required.'],
      [{ name: 'Ok', media_entity_id: foreign }, 'media_entity_id', AD_TAG_PUBLISHER_INVALID],
      [{ name: 'Ok', media_entity_id: gone }, 'media_entity_id', AD_TAG_PUBLISHER_INVALID],
      [{ name: 'Ok', media_entity_id: 999_999 }, 'media_entity_id', AD_TAG_PUBLISHER_INVALID],
    ];
    for (const [body, field, message] of cases) {
      const res = await editor.post(`/v1/creatives/${creativeId}/tags`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
  });

  it('lists the tags, revoked ones too, for readers of creatives', async () => {
    const created = (await editor.post(`/v1/creatives/${creativeId}/tags`, { name: 'To revoke' })).json()
      .data;
    const revoked = await editor.delete(`/v1/creatives/${creativeId}/tags/${created.id}`);
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    // Revoking again changes nothing.
    expect((await editor.delete(`/v1/creatives/${creativeId}/tags/${created.id}`)).statusCode).toBe(204);

    const res = await reader.get(`/v1/creatives/${creativeId}/tags`);
    expect(res.statusCode).toBe(200);
    expectDocumentedAnswer(doc, { method: 'GET', url: '/v1/creatives/:id/tags' }, res);
    const listed = res.json().data as { id: number; name: string; revoked_at: string | null }[];
    expect(listed.map((tag) => tag.name)).toEqual(['Homepage leaderboard', 'Second', 'To revoke']);
    expect(listed.at(-1)!.revoked_at).toEqual(expect.any(String));
    // The publisher is named, for readers too (who may not list publishers).
    expect(
      (res.json().data as { media_entity_name: string | null }[]).map((tag) => tag.media_entity_name),
    ).toEqual(['Daily Planet', null, null]);

    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'ad_tag')
      .where('entity_id', '=', created.id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['created', 'deleted']);
  });

  it('needs the XSRF header to create or revoke', async () => {
    const before = await t.db.selectFrom('ad_tags').select(['id', 'revoked_at']).orderBy('id').execute();
    const create = await editor.inject({
      method: 'POST',
      url: `/v1/creatives/${creativeId}/tags`,
      payload: { name: 'No header' },
      xsrf: false,
    });
    expect(create.statusCode).toBe(419);
    const revoke = await editor.inject({
      method: 'DELETE',
      url: `/v1/creatives/${creativeId}/tags/${before[0]!.id}`,
      xsrf: false,
    });
    expect(revoke.statusCode).toBe(419);
    expect(await t.db.selectFrom('ad_tags').select(['id', 'revoked_at']).orderBy('id').execute()).toEqual(
      before,
    );
  });

  it('answers 404 for another creative’s tag, a deleted creative and ids that are not ids', async () => {
    const tag = (await editor.post(`/v1/creatives/${creativeId}/tags`, { name: 'Mine' })).json().data;
    const other = await insertCreative(t.db, { companyId: t.companyId, campaignId, name: 'Other' });
    const gone = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId,
      name: 'Gone',
      deleted: true,
    });
    expect((await editor.delete(`/v1/creatives/${other}/tags/${tag.id}`)).statusCode).toBe(404);
    for (const url of [
      `/v1/creatives/${gone}/tags`,
      `/v1/creatives/1e3/tags`,
      `/v1/creatives/${creativeId}/tags/-1`,
    ]) {
      const res = url.endsWith('/tags') ? await editor.get(url) : await editor.delete(url);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await editor.post(`/v1/creatives/${gone}/tags`, { name: 'x' })).statusCode).toBe(404);
    const row = await t.db
      .selectFrom('ad_tags')
      .select('revoked_at')
      .where('id', '=', tag.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });
});
