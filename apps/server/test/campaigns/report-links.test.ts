import type { User } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaign } from './fixtures';

let t: TestApp;
let editor: User;
let client: Client;
let campaignId: number;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.createUser({ permissions: ['edit campaigns'] });
  client = await t.injectAs(editor);
  campaignId = await insertCampaign(t.db, { companyId: t.companyId, name: 'Shared report' });
});
afterAll(() => t.close());

const create = (body?: unknown, id = campaignId) => client.post(`/v1/campaigns/${id}/report/url`, body);

describe('POST /v1/campaigns/{id}/report/url', () => {
  it('creates a link with a 256-bit url-safe token and answers its SPA url', async () => {
    const expires = new Date(Date.now() + 7 * 86_400_000);
    const res = await create({ start: '2026-03-01', end: '2026-03-31', expires_at: expires.toISOString() });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(Number),
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      url: `/externalreport/${data.token}`,
      start: '2026-03-01',
      end: '2026-03-31',
      expires_at: expires.toISOString(),
      created_at: expect.stringMatching(/Z$/),
      last_viewed_at: null,
      views: 0,
    });
    expect(Buffer.from(data.token, 'base64url')).toHaveLength(32);
    const row = await t.db
      .selectFrom('report_links')
      .selectAll()
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      company_id: t.companyId,
      campaign_id: campaignId,
      token: data.token,
      created_by: editor.id,
      revoked_at: null,
    });
  });

  it('works without a body: no timeframe, no expiry', async () => {
    const res = await create();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ start: null, end: null, expires_at: null });
  });

  it('stores the expiry in UTC whatever offset was sent', async () => {
    const res = await create({ expires_at: '2099-06-01T12:00:00+02:00' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.expires_at).toBe('2099-06-01T10:00:00.000Z');
  });

  it('gives every link a different, random token', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 40; i++) tokens.add((await create()).json().data.token);
    expect(tokens.size).toBe(40);
    // Crude randomness check: the characters are spread over the alphabet, not a counter.
    const chars = new Set([...tokens].join(''));
    expect(chars.size).toBeGreaterThan(50);
  });

  it.each([
    [{ start: '2026-03-31', end: '2026-03-01' }, 'end', 'The end must not be before the start.'],
    [{ start: '31/03/2026' }, 'start', 'The start must be a valid date (YYYY-MM-DD).'],
    [{ expires_at: '2020-01-01T00:00:00Z' }, 'expires_at', 'The expiry must be in the future.'],
    [{ expires_at: 'tomorrow' }, 'expires_at', 'The expiry must be a valid date and time (ISO 8601).'],
  ])('refuses %j', async (body, field, message) => {
    const res = await create(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('answers 404 for a deleted campaign', async () => {
    const gone = await insertCampaign(t.db, {
      companyId: t.companyId,
      name: 'Gone',
      deleted_at: '2026-01-01T00:00:00.000Z',
    });
    expect((await create({}, gone)).statusCode).toBe(404);
  });
});

describe('GET /v1/campaigns/{id}/report/links and DELETE …/{linkId}', () => {
  it('lists the links newest first and drops revoked ones', async () => {
    const id = await insertCampaign(t.db, { companyId: t.companyId, name: 'Links' });
    const first = (await create({}, id)).json().data;
    const second = (await create({ start: '2026-01-01' }, id)).json().data;
    const third = (await create({}, id)).json().data;
    const listed = async () => (await client.get(`/v1/campaigns/${id}/report/links`)).json().data;
    expect((await listed()).map((l: { id: number }) => l.id)).toEqual([third.id, second.id, first.id]);
    expect((await listed())[1]).toEqual(second);

    const res = await client.delete(`/v1/campaigns/${id}/report/links/${second.id}`);
    expect(res.statusCode).toBe(204);
    expect((await listed()).map((l: { id: number }) => l.id)).toEqual([third.id, first.id]);
    const row = await t.db
      .selectFrom('report_links')
      .selectAll()
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toMatch(/Z$/);
    // Revoking twice, or an unknown link, is a 404.
    expect((await client.delete(`/v1/campaigns/${id}/report/links/${second.id}`)).statusCode).toBe(404);
    expect((await client.delete(`/v1/campaigns/${id}/report/links/999999`)).statusCode).toBe(404);
  });
});
