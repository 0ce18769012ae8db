import type { Status } from '@adstudio/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANGED_MEANWHILE } from '../../src/modules/campaigns/campaigns.service';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { auditOf, INSERTED_AT, insertCampaign } from './fixtures';

let t: TestApp;
let editor: Client;
let qa: Client;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit campaigns'] }));
  qa = await t.injectAs(await t.createUser({ permissions: ['qa'] }));
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const fresh = (fields: { status?: Status; url?: string } = {}) =>
  insertCampaign(t.db, { companyId: t.companyId, name: `Lost update ${++seq}`, ...fields });

const rowOf = (id: number) =>
  t.db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const putWithIfMatch = (client: Client, id: number, ifMatch: string, payload: object) =>
  client.inject({ method: 'PUT', url: `/v1/campaigns/${id}`, headers: { 'if-match': ifMatch }, payload });

describe(`PUT /v1/campaigns/{id} refuses lost updates (${engine})`, () => {
  it('lets exactly one of 100 concurrent edits based on the same read win; the others get 409', async () => {
    const id = await fresh();
    const read = (await editor.get(`/v1/campaigns/${id}`)).json().data;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        editor.put(`/v1/campaigns/${id}`, {
          url: `https://writer-${i}.example.com`,
          updated_at: read.updated_at,
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(99);
    for (const res of answers.filter((r) => r.statusCode === 409)) {
      expect(res.json()).toEqual({ message: CHANGED_MEANWHILE });
    }
    const winner = answers.find((res) => res.statusCode === 200)!.json().data;
    const row = await rowOf(id);
    expect(row.url).toBe(winner.url);
    expect(row.updated_at).toBe(winner.updated_at);
    expect(row.updated_at > read.updated_at).toBe(true);
    expect((await auditOf(t.db, id)).map((entry) => entry.action)).toEqual(['updated']);
  });

  it('answers 409 to an edit based on a stale read and leaves the row as it was', async () => {
    const id = await fresh();
    const first = await editor.put(`/v1/campaigns/${id}`, {
      name: `Theirs ${++seq}`,
      updated_at: INSERTED_AT,
    });
    expect(first.statusCode, first.body).toBe(200);
    const before = await rowOf(id);
    const stale = await editor.put(`/v1/campaigns/${id}`, {
      url: 'https://mine.example.com',
      updated_at: INSERTED_AT,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: CHANGED_MEANWHILE });
    expect(await rowOf(id)).toEqual(before);
    expect(await auditOf(t.db, id)).toHaveLength(1);
  });

  it('takes the version from If-Match: raw, quoted or weak', async () => {
    const id = await fresh();
    let current = INSERTED_AT;
    for (const [i, header] of [
      (v: string) => v,
      (v: string) => `"${v}"`,
      (v: string) => `W/"${v}"`,
    ].entries()) {
      const res = await putWithIfMatch(editor, id, header(current), {
        url: `https://if-match-${i}.example.com`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.updated_at > current).toBe(true);
      current = res.json().data.updated_at;
    }
    const stale = await putWithIfMatch(editor, id, `"${INSERTED_AT}"`, { url: 'https://stale.example.com' });
    expect(stale.statusCode).toBe(409);
    expect((await rowOf(id)).url).toBe('https://if-match-2.example.com');
  });

  it('compares versions as instants, so another spelling of the same time matches', async () => {
    const id = await fresh();
    const res = await editor.put(`/v1/campaigns/${id}`, {
      url: 'https://same-instant.example.com',
      updated_at: '2026-01-01T01:00:00+01:00',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a version that is no timestamp with 422', async () => {
    const id = await fresh();
    const body = await editor.put(`/v1/campaigns/${id}`, {
      url: 'https://x.example.com',
      updated_at: 'yesterday',
    });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors.updated_at).toEqual([
      'The updated at must be a valid date and time (ISO 8601).',
    ]);
    const header = await putWithIfMatch(editor, id, '"yesterday"', { url: 'https://x.example.com' });
    expect(header.statusCode).toBe(422);
    expect(header.json().errors).toEqual({
      updated_at: ['The updated at must be a valid date and time (ISO 8601).'],
    });
    expect((await rowOf(id)).url).toBeNull();
  });

  it('edits unconditionally when no version is sent (a script that did not read first)', async () => {
    const id = await fresh();
    const name = `Unversioned ${++seq}`;
    const res = await editor.put(`/v1/campaigns/${id}`, { name });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(id)).name).toBe(name);
    expect((await rowOf(id)).updated_at > INSERTED_AT).toBe(true);
    expect((await auditOf(t.db, id)).map((entry) => entry.action)).toEqual(['updated']);
  });

  it('moves the status of the current row without a version, and ignores a stale one', async () => {
    const id = await fresh();
    const moved = await editor.put(`/v1/campaigns/${id}`, { status: 'testing' });
    expect(moved.statusCode, moved.body).toBe(200);
    const again = await editor.put(`/v1/campaigns/${id}`, { status: 'ready', updated_at: INSERTED_AT });
    expect(again.statusCode, again.body).toBe(200);
    expect((await rowOf(id)).status).toBe('ready');
  });

  it("lets qa send the whole form back with a new status, but not a form older than someone's edit", async () => {
    const id = await fresh({ status: 'quality assurance', url: 'https://qa.example.com' });
    const read = (await qa.get(`/v1/campaigns/${id}`)).json().data;
    const { name, url, ranges, launch_date, end_date } = read;
    const form = { name, url, ranges, launch_date, end_date, updated_at: read.updated_at };
    const edited = await editor.put(`/v1/campaigns/${id}`, {
      url: 'https://edited.example.com',
      updated_at: read.updated_at,
    });
    expect(edited.statusCode).toBe(200);
    // The old URL in qa's form would undo the edit: that is a stale write, not a status move.
    const stale = await qa.put(`/v1/campaigns/${id}`, { ...form, status: 'testing' });
    expect(stale.statusCode).toBe(409);
    const current = (await qa.get(`/v1/campaigns/${id}`)).json().data;
    const ok = await qa.put(`/v1/campaigns/${id}`, {
      ...form,
      url: current.url,
      updated_at: current.updated_at,
      status: 'testing',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'testing', url: 'https://edited.example.com' });
  });

  it('gives every write a later updated_at, even two in the same millisecond', async () => {
    const id = await fresh();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T12:00:00.000Z') });
    const first = (
      await editor.put(`/v1/campaigns/${id}`, { url: 'https://one.example.com', updated_at: INSERTED_AT })
    ).json().data;
    expect(first.updated_at).toBe('2026-06-01T12:00:00.000Z');
    const second = await editor.put(`/v1/campaigns/${id}`, {
      url: 'https://two.example.com',
      updated_at: first.updated_at,
    });
    expect(second.json().data.updated_at).toBe('2026-06-01T12:00:00.001Z');
    const status = await editor.put(`/v1/campaigns/${id}`, { status: 'testing' });
    expect(status.json().data.updated_at).toBe('2026-06-01T12:00:00.002Z');
    const bulk = await editor.post('/v1/campaigns/bulk', { action: 'status', status: 'ready', ids: [id] });
    expect(bulk.json().data).toEqual([{ id, ok: true }]);
    expect((await rowOf(id)).updated_at).toBe('2026-06-01T12:00:00.003Z');
    // Based on the first write, made in that same millisecond: still stale.
    const stale = await editor.put(`/v1/campaigns/${id}`, {
      url: 'https://lost.example.com',
      updated_at: first.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect((await rowOf(id)).url).toBe('https://two.example.com');
  });
});
