import type { User } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignsRepository } from '../../src/modules/campaigns/campaigns.repository';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { auditOf, insertCampaign, insertCreative } from './fixtures';

let t: TestApp;
let editor: User;
let client: Client;
let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.createUser({ name: 'Erin Editor', permissions: ['edit campaigns'] });
  client = await t.injectAs(editor);
});
afterAll(() => t.close());

const valid = () => ({
  name: unique('Winter Blend'),
  url: 'https://lumen.example.com/brief',
  launch_date: '2026-12-01',
  end_date: '2026-12-31',
  ranges: [
    { start: '2026-12-10', end: '2026-12-20' },
    { start: '2026-12-01', end: '2026-12-05' },
  ],
});

const errorsOf = async (payload: unknown, url = '/v1/campaigns', method: 'post' | 'put' = 'post') => {
  const res = await client[method](url, payload);
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json();
  expect(typeof body.message).toBe('string');
  return body.errors as Record<string, string[]>;
};

describe('POST /v1/campaigns', () => {
  it('creates a draft and answers 201 with the stored campaign', async () => {
    const body = valid();
    const res = await client.post('/v1/campaigns', body);
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      name: body.name,
      url: body.url,
      launch_date: '2026-12-01',
      end_date: '2026-12-31',
      status: 'draft',
      allowed_statuses: ['quality assurance', 'testing'],
    });
    // Ranges are stored in date order whatever order the form sent.
    expect(data.ranges).toEqual([
      { start: '2026-12-01', end: '2026-12-05' },
      { start: '2026-12-10', end: '2026-12-20' },
    ]);
    expect(data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const row = await t.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: t.companyId, created_by: editor.id, status: 'draft' });
    expect((await client.get(`/v1/campaigns/${data.id}`)).json().data).toEqual(data);
  });

  it('ignores a status in the body: new campaigns are drafts', async () => {
    const res = await client.post('/v1/campaigns', { ...valid(), status: 'live' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.status).toBe('draft');
  });

  it('needs only a name; empty optional fields are stored as null', async () => {
    const name = unique('Bare');
    const res = await client.post('/v1/campaigns', {
      name: `  ${name}  `,
      url: '',
      launch_date: '',
      end_date: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name, url: null, launch_date: null, end_date: null, ranges: [] });
  });

  it('requires a name', async () => {
    expect((await errorsOf({})).name).toEqual(['The name field is required.']);
    expect((await errorsOf({ name: '   ' })).name).toEqual(['The name field is required.']);
    expect((await errorsOf({ name: 42 })).name).toEqual(['The name field is required.']);
  });

  it('limits the name to 200 characters', async () => {
    expect((await errorsOf({ name: 'x'.repeat(201) })).name).toEqual([
      'The name may not be greater than 200 characters.',
    ]);
    expect(
      (await client.post('/v1/campaigns', { name: `${'y'.repeat(195)}${++seq}`.slice(0, 200) })).statusCode,
    ).toBe(201);
  });

  it('keeps names unique within the company, ignoring case', async () => {
    const { name } = (await client.post('/v1/campaigns', valid())).json().data;
    const errors = await errorsOf({ name: name.toUpperCase() });
    expect(errors.name).toEqual(['The name has already been taken.']);
    const other = await t.createCompany();
    await insertCampaign(t.db, { companyId: other, name: unique('Elsewhere') });
    const elsewhere = await t.db
      .selectFrom('campaigns')
      .select('name')
      .where('company_id', '=', other)
      .executeTakeFirstOrThrow();
    expect((await client.post('/v1/campaigns', { name: elsewhere.name })).statusCode).toBe(201);
  });

  it('accepts only http(s) URLs', async () => {
    for (const url of [
      'ftp://files.example.com',
      'javascript:alert(1)',
      'not a url',
      'https://',
      'http://nohost',
    ]) {
      const errors = await errorsOf({ name: unique('Url'), url });
      expect(errors.url, url).toEqual(['The URL must be a valid http:// or https:// address.']);
    }
    const res = await client.post('/v1/campaigns', {
      name: unique('Url'),
      url: 'http://shop.example.co.uk/a?b=c',
    });
    expect(res.statusCode).toBe(201);
  });

  it('checks dates are dates', async () => {
    const errors = await errorsOf({
      name: unique('Dates'),
      launch_date: '2026-02-30',
      end_date: '31/12/2026',
    });
    expect(errors.launch_date).toEqual(['The launch date must be a valid date (YYYY-MM-DD).']);
    expect(errors.end_date).toEqual(['The end date must be a valid date (YYYY-MM-DD).']);
  });

  it('refuses an end date before the launch date, but accepts the same day', async () => {
    const errors = await errorsOf({
      name: unique('Dates'),
      launch_date: '2026-05-02',
      end_date: '2026-05-01',
    });
    expect(errors.end_date).toEqual(['The end date must not be before the launch date.']);
    const res = await client.post('/v1/campaigns', {
      name: unique('Dates'),
      launch_date: '2026-05-02',
      end_date: '2026-05-02',
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses ranges that end before they start, leave launch–end, or overlap', async () => {
    const base = { launch_date: '2026-03-01', end_date: '2026-03-31' };
    expect(
      (await errorsOf({ ...base, name: unique('R'), ranges: [{ start: '2026-03-10', end: '2026-03-09' }] }))[
        'ranges.0.end'
      ],
    ).toEqual(['The range must not end before it starts.']);
    expect(
      (await errorsOf({ ...base, name: unique('R'), ranges: [{ start: '2026-02-28', end: '2026-03-09' }] }))[
        'ranges.0.start'
      ],
    ).toEqual(['The range must not start before the launch date.']);
    expect(
      (await errorsOf({ ...base, name: unique('R'), ranges: [{ start: '2026-03-20', end: '2026-04-01' }] }))[
        'ranges.0.end'
      ],
    ).toEqual(['The range must not end after the end date.']);
    const overlap = await errorsOf({
      ...base,
      name: unique('R'),
      ranges: [
        { start: '2026-03-01', end: '2026-03-10' },
        { start: '2026-03-15', end: '2026-03-20' },
        { start: '2026-03-10', end: '2026-03-12' },
      ],
    });
    expect(overlap['ranges.2.start']).toEqual(['The range overlaps range 1.']);
    expect(overlap['ranges.1.start']).toBeUndefined();
    expect(
      (await errorsOf({ ...base, name: unique('R'), ranges: [{ start: 'soon', end: '2026-03-02' }] }))[
        'ranges.0.start'
      ],
    ).toEqual(['The range start must be a valid date (YYYY-MM-DD).']);
    // Adjacent ranges touching at the ends are fine; so are ranges without campaign dates.
    const ok = await client.post('/v1/campaigns', {
      name: unique('R'),
      ranges: [
        { start: '2026-03-01', end: '2026-03-10' },
        { start: '2026-03-11', end: '2026-03-12' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('reports every invalid field at once, Laravel style', async () => {
    const res = await client.post('/v1/campaigns', { name: '', url: 'nope', launch_date: 'x' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(['launch_date', 'name', 'url']);
    expect(body.message).toMatch(/\(and 2 more errors\)$/);
  });

  it('writes a created audit entry naming who and the values', async () => {
    const body = valid();
    const { data } = (await client.post('/v1/campaigns', body)).json();
    const [entry, ...rest] = await auditOf(t.db, data.id);
    expect(rest).toHaveLength(0);
    expect(entry).toMatchObject({ company_id: t.companyId, user_id: editor.id, action: 'created' });
    expect(JSON.parse(entry!.changes)).toMatchObject({
      name: [null, body.name],
      url: [null, body.url],
      status: [null, 'draft'],
      launch_date: [null, '2026-12-01'],
    });
  });
});

describe('PUT /v1/campaigns/{id}', () => {
  const create = async (overrides: Record<string, unknown> = {}) =>
    (await client.post('/v1/campaigns', { ...valid(), ...overrides })).json().data;

  it('changes the fields sent, keeps the others, and logs old → new', async () => {
    const before = await create();
    const name = unique('Renamed');
    const res = await client.put(`/v1/campaigns/${before.id}`, {
      name,
      url: null,
      updated_at: before.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ name, url: null, launch_date: before.launch_date, ranges: before.ranges });
    expect(data.updated_at > before.updated_at).toBe(true);
    expect((await client.get(`/v1/campaigns/${before.id}`)).json().data.name).toBe(name);
    const entries = await auditOf(t.db, before.id);
    expect(entries.map((e) => e.action)).toEqual(['created', 'updated']);
    expect(JSON.parse(entries[1]!.changes)).toEqual({ name: [before.name, name], url: [before.url, null] });
  });

  it('validates the merged record: a new end date must still follow the stored launch date', async () => {
    const before = await create({ ranges: [] });
    const { updated_at } = before;
    const errors = await errorsOf(
      { end_date: '2026-11-30', updated_at },
      `/v1/campaigns/${before.id}`,
      'put',
    );
    expect(errors.end_date).toEqual(['The end date must not be before the launch date.']);
    const ranges = await errorsOf(
      { ranges: [{ start: '2027-01-01', end: '2027-01-02' }], updated_at },
      `/v1/campaigns/${before.id}`,
      'put',
    );
    expect(ranges['ranges.0.end']).toEqual(['The range must not end after the end date.']);
    const row = await t.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(row.end_date).toBe('2026-12-31');
  });

  it('refuses a name another campaign has, but allows changing the case of its own', async () => {
    const a = await create();
    const b = await create();
    const errors = await errorsOf(
      { name: a.name.toLowerCase(), updated_at: b.updated_at },
      `/v1/campaigns/${b.id}`,
      'put',
    );
    expect(errors.name).toEqual(['The name has already been taken.']);
    const res = await client.put(`/v1/campaigns/${a.id}`, {
      name: a.name.toUpperCase(),
      updated_at: a.updated_at,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe(a.name.toUpperCase());
  });

  it('applies the same field rules as create', async () => {
    const { id } = await create();
    const errors = await errorsOf({ name: '', url: 'ftp://x.example.com' }, `/v1/campaigns/${id}`, 'put');
    expect(errors).toEqual({
      name: ['The name field is required.'],
      url: ['The URL must be a valid http:// or https:// address.'],
    });
  });

  it('writes nothing when nothing changes', async () => {
    const before = await create();
    const res = await client.put(`/v1/campaigns/${before.id}`, {
      name: before.name,
      url: before.url,
      ranges: [...before.ranges].reverse(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.updated_at).toBe(before.updated_at);
    expect((await auditOf(t.db, before.id)).map((e) => e.action)).toEqual(['created']);
  });

  it('does not overwrite a row changed since it was read (the lost-update guard behind 409)', async () => {
    const before = await create();
    const repository = createCampaignsRepository(t.db);
    const stale = await repository.update(t.companyId, before.id, '2000-01-01T00:00:00.000Z', {
      name: 'Lost',
    });
    expect(stale).toBeUndefined();
    const fresh = await repository.update(t.companyId, before.id, before.updated_at, {
      name: unique('Kept'),
    });
    expect(fresh?.name).toMatch(/^Kept/);
  });
});

describe('GET /v1/campaigns/{id}', () => {
  it('answers 404 for unknown, malformed and huge ids', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '99999999999', '1.5']) {
      const res = await client.get(`/v1/campaigns/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Cannot find this item' });
    }
  });

  it('includes the history, newest first, on ?include=history', async () => {
    const { data } = (await client.post('/v1/campaigns', valid())).json();
    const moved = (await client.put(`/v1/campaigns/${data.id}`, { status: 'testing' })).json().data;
    await client.put(`/v1/campaigns/${data.id}`, {
      url: 'https://new.example.com',
      updated_at: moved.updated_at,
    });
    const plain = (await client.get(`/v1/campaigns/${data.id}`)).json().data;
    expect(plain.history).toBeUndefined();
    const res = await client.get(`/v1/campaigns/${data.id}?include=history`);
    expect(res.statusCode).toBe(200);
    const { history } = res.json().data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['updated', 'status', 'created']);
    expect(history[0]).toMatchObject({
      user: { id: editor.id, name: 'Erin Editor' },
      changes: { url: [data.url, 'https://new.example.com'] },
    });
    expect(history[1].changes).toEqual({ status: ['draft', 'testing'] });
    expect(history[2].created_at).toMatch(/Z$/);
    expect((await client.get(`/v1/campaigns/${data.id}?include=everything`)).statusCode).toBe(422);
  });
});

describe('DELETE /v1/campaigns/{id}', () => {
  it('soft deletes: 204, gone from GET and list, row kept with deleted_at, name free again', async () => {
    const { data } = (await client.post('/v1/campaigns', valid())).json();
    const res = await client.delete(`/v1/campaigns/${data.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await client.get(`/v1/campaigns/${data.id}`)).statusCode).toBe(404);
    const list = (
      await client.get(`/v1/campaigns?items-per-page=-1&filter=${encodeURIComponent(data.name)}`)
    ).json();
    expect(list.data).toEqual([]);
    const row = await t.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toMatch(/Z$/);
    expect((await client.delete(`/v1/campaigns/${data.id}`)).statusCode).toBe(404);
    expect(
      (await client.put(`/v1/campaigns/${data.id}`, { name: 'x', updated_at: data.updated_at })).statusCode,
    ).toBe(404);
    expect((await client.post('/v1/campaigns', { name: data.name })).statusCode).toBe(201);
    expect((await auditOf(t.db, data.id)).map((e) => e.action)).toEqual(['created', 'deleted']);
  });

  it('refuses with 422 while the campaign has a live creative', async () => {
    const { data } = (await client.post('/v1/campaigns', valid())).json();
    await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: data.id,
      name: 'Paused',
      status: 'finished',
    });
    const live = await insertCreative(t.db, {
      companyId: t.companyId,
      campaignId: data.id,
      name: 'On air',
      status: 'live',
    });
    const res = await client.delete(`/v1/campaigns/${data.id}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Cannot delete a campaign while it has live creatives.');
    expect((await client.get(`/v1/campaigns/${data.id}`)).statusCode).toBe(200);
    // A deleted live creative no longer holds the campaign.
    await t.db
      .updateTable('creatives')
      .set({ deleted_at: '2026-01-02T00:00:00.000Z' })
      .where('id', '=', live)
      .execute();
    expect((await client.delete(`/v1/campaigns/${data.id}`)).statusCode).toBe(204);
  });
});

describe('POST /v1/campaigns/{id}/clone', () => {
  it('copies url, dates and ranges as a draft named "(copy)", then "(copy 2)"', async () => {
    const { data: source } = (await client.post('/v1/campaigns', valid())).json();
    await client.put(`/v1/campaigns/${source.id}`, { status: 'testing' });
    const first = await client.post(`/v1/campaigns/${source.id}/clone`);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      name: `${source.name} (copy)`,
      status: 'draft',
      url: source.url,
      launch_date: source.launch_date,
      end_date: source.end_date,
      ranges: source.ranges,
    });
    expect(first.json().data.id).not.toBe(source.id);
    const second = (await client.post(`/v1/campaigns/${source.id}/clone`)).json().data;
    expect(second.name).toBe(`${source.name} (copy 2)`);
    const third = (await client.post(`/v1/campaigns/${source.id}/clone`)).json().data;
    expect(third.name).toBe(`${source.name} (copy 3)`);
    const audit = await auditOf(t.db, second.id);
    expect(audit.map((e) => e.action)).toEqual(['created']);
    expect(JSON.parse(audit[0]!.changes).cloned_from).toEqual([null, source.id]);
  });

  it('keeps the copy name within 200 characters', async () => {
    const name = `${'z'.repeat(196)}${++seq}`.slice(0, 200);
    const { data } = (await client.post('/v1/campaigns', { name })).json();
    const copy = (await client.post(`/v1/campaigns/${data.id}/clone`)).json().data;
    expect(copy.name).toHaveLength(200);
    expect(copy.name.endsWith(' (copy)')).toBe(true);
  });
});
