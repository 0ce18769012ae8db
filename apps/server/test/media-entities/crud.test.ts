import type { User } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_MEANWHILE } from '../../src/modules/media-entities/media-entities.service';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { auditOf, INSERTED_AT, insertApprovalOf, insertMediaEntity, rowOf } from './fixtures';

let t: TestApp;
let admin: User;
let client: Client;
let seq = 0;
const unique = (name: string) => `${name} ${++seq}`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.createUser({ name: 'Ada Admin', roles: ['admin'] });
  client = await t.injectAs(admin);
});
afterAll(() => t.close());

/** Sends a request and checks its answer against the OpenAPI document. */
const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  pattern: string,
  id?: number,
  payload?: object,
) => {
  const url = pattern.replace(':id', String(id));
  const res = await client.inject({ method, url, payload });
  expectDocumentedAnswer(t.app.swagger(), { method, url: pattern }, res);
  return res;
};
const ITEM = '/v1/media-entities/:id';
const create = (payload: object) => call('POST', '/v1/media-entities', undefined, payload);
const fresh = (fields: Partial<Parameters<typeof insertMediaEntity>[1]> = {}) =>
  insertMediaEntity(t.db, { companyId: t.companyId, name: unique('Publisher'), ...fields });

const errorsOf = async (res: Awaited<ReturnType<typeof call>>) => {
  expect(res.statusCode, res.body).toBe(422);
  expect(typeof res.json().message).toBe('string');
  return res.json().errors as Record<string, string[]>;
};

describe(`POST /v1/media-entities (${engine})`, () => {
  it('creates a publisher, answers 201 with it and audits the values', async () => {
    const name = unique('Daily Herald');
    const res = await create({
      name: `  ${name} `,
      domain: ' News.DailyHerald.example ',
      contact_name: ' Hannah Reed ',
      contact_email: 'ads@dailyherald.example',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(Number),
      name,
      domain: 'news.dailyherald.example',
      contact_name: 'Hannah Reed',
      contact_email: 'ads@dailyherald.example',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: data.created_at,
      deleted_at: null,
    });
    expect(await rowOf(t.db, data.id)).toMatchObject({ company_id: t.companyId, name });
    expect((await call('GET', ITEM, data.id)).json().data).toEqual(data);
    const [entry, ...rest] = await auditOf(t.db, data.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ company_id: t.companyId, user_id: admin.id, action: 'created' });
    expect(JSON.parse(entry!.changes)).toEqual({
      name: [null, name],
      domain: [null, 'news.dailyherald.example'],
      contact_name: [null, 'Hannah Reed'],
      contact_email: [null, 'ads@dailyherald.example'],
    });
  });

  it('needs only a name; blank optional fields are stored as null', async () => {
    const name = unique('Bare');
    const res = await create({ name, domain: '', contact_name: '   ', contact_email: null });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name, domain: null, contact_name: null, contact_email: null });
  });

  it('names each invalid field with Laravel wording', async () => {
    expect(await errorsOf(await create({}))).toEqual({ name: ['The name field is required.'] });
    expect((await errorsOf(await create({ name: '  ' }))).name).toEqual(['The name field is required.']);
    expect((await errorsOf(await create({ name: 'x'.repeat(256) }))).name).toEqual([
      'The name may not be greater than 255 characters.',
    ]);
    const res = await create({
      name: '',
      domain: 'https://news.example.com/',
      contact_name: 'y'.repeat(256),
      contact_email: 'not an email',
    });
    expect(await errorsOf(res)).toEqual({
      name: ['The name field is required.'],
      domain: ['The domain must be a host name such as news.example.com.'],
      contact_name: ['The contact name may not be greater than 255 characters.'],
      contact_email: ['The contact email must be a valid email address.'],
    });
    expect(res.json().message).toBe('The name field is required. (and 3 more errors)');
  });

  it('keeps names unique among the company’s live publishers, ignoring case', async () => {
    const name = unique('Unique');
    expect((await create({ name })).statusCode).toBe(201);
    const taken = await create({ name: name.toUpperCase() });
    expect(taken.json()).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });
    // A deleted publisher's name, or another company's, is free.
    const gone = unique('Gone');
    await fresh({ name: gone, deleted: true });
    expect((await create({ name: gone })).statusCode).toBe(201);
    const other = await t.createCompany();
    const elsewhere = unique('Elsewhere');
    await insertMediaEntity(t.db, { companyId: other, name: elsewhere });
    expect((await create({ name: elsewhere })).statusCode).toBe(201);
  });
});

describe(`PUT /v1/media-entities/{id} (${engine})`, () => {
  it('changes the fields sent, keeps the others, and audits old → new', async () => {
    const id = await fresh({ domain: 'old.example', contactEmail: 'old@old.example' });
    const before = await rowOf(t.db, id);
    const res = await call('PUT', ITEM, id, {
      contact_name: 'Marco Ruiz',
      domain: '',
      updated_at: INSERTED_AT,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      name: before.name,
      domain: null,
      contact_name: 'Marco Ruiz',
      contact_email: 'old@old.example',
    });
    expect(data.updated_at > INSERTED_AT).toBe(true);
    const entries = await auditOf(t.db, id);
    expect(entries.map((e) => e.action)).toEqual(['updated']);
    expect(JSON.parse(entries[0]!.changes)).toEqual({
      domain: ['old.example', null],
      contact_name: [null, 'Marco Ruiz'],
    });
  });

  it('answers the publisher unchanged, without a version or an audit entry, when nothing changes', async () => {
    const id = await fresh({ domain: 'same.example' });
    const res = await call('PUT', ITEM, id, { domain: 'SAME.example' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.updated_at).toBe(INSERTED_AT);
    expect(await auditOf(t.db, id)).toEqual([]);
  });

  it('refuses a stale edit with 409 and leaves the row as it was', async () => {
    const id = await fresh();
    const first = await call('PUT', ITEM, id, { contact_name: 'First', updated_at: INSERTED_AT });
    expect(first.statusCode, first.body).toBe(200);
    const before = await rowOf(t.db, id);
    const stale = await call('PUT', ITEM, id, { contact_name: 'Second', updated_at: INSERTED_AT });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: CHANGED_MEANWHILE });
    expect(CHANGED_MEANWHILE).toBe(
      'This publisher was changed by someone else meanwhile. Reload it and try again.',
    );
    expect(await rowOf(t.db, id)).toEqual(before);
    expect(await auditOf(t.db, id)).toHaveLength(1);
  });

  it('takes the version from If-Match; without one a change is unconditional', async () => {
    const id = await fresh();
    const ok = await client.inject({
      method: 'PUT',
      url: `/v1/media-entities/${id}`,
      headers: { 'if-match': `W/"${INSERTED_AT}"` },
      payload: { contact_email: 'new@pub.example' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await client.inject({
      method: 'PUT',
      url: `/v1/media-entities/${id}`,
      headers: { 'if-match': `W/"${INSERTED_AT}"` },
      payload: { contact_email: 'stale@pub.example' },
    });
    expect(stale.statusCode).toBe(409);
    expect((await rowOf(t.db, id)).contact_email).toBe('new@pub.example');
    const unconditional = await call('PUT', ITEM, id, { contact_email: 'other@pub.example' });
    expect(unconditional.statusCode, unconditional.body).toBe(200);
    expect((await rowOf(t.db, id)).contact_email).toBe('other@pub.example');
  });

  it('validates fields and refuses a name another live publisher has', async () => {
    const id = await fresh();
    const other = unique('Taken');
    await fresh({ name: other });
    expect(
      await errorsOf(await call('PUT', ITEM, id, { contact_email: 'x@', updated_at: INSERTED_AT })),
    ).toEqual({
      contact_email: ['The contact email must be a valid email address.'],
    });
    expect(await errorsOf(await call('PUT', ITEM, id, { name: '', updated_at: INSERTED_AT }))).toEqual({
      name: ['The name field is required.'],
    });
    expect(
      await errorsOf(await call('PUT', ITEM, id, { name: other.toLowerCase(), updated_at: INSERTED_AT })),
    ).toEqual({ name: ['The name has already been taken.'] });
    // Its own name in another case is no clash.
    const own = (await rowOf(t.db, id)).name;
    const renamed = await call('PUT', ITEM, id, { name: own.toUpperCase(), updated_at: INSERTED_AT });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('answers 404 for a deleted publisher, a missing id and an id that is no number', async () => {
    const gone = await fresh({ deleted: true });
    for (const id of [gone, 999_999]) {
      const res = await call('PUT', ITEM, id, { contact_name: 'x', updated_at: INSERTED_AT });
      expect(res.statusCode).toBe(404);
      expect((await call('GET', ITEM, id)).json()).toEqual({ message: 'Cannot find this item' });
    }
    expect((await client.get('/v1/media-entities/1e3')).statusCode).toBe(404);
  });
});

describe(`DELETE /v1/media-entities/{id} and restore (${engine})`, () => {
  it('deletes softly (204, audited), then restores (200, audited)', async () => {
    const id = await fresh();
    const del = await call('DELETE', ITEM, id);
    expect(del.statusCode, del.body).toBe(204);
    expect(del.body).toBe('');
    const row = await rowOf(t.db, id);
    expect(row.deleted_at).not.toBeNull();
    expect((await call('GET', ITEM, id)).statusCode).toBe(404);
    expect((await call('DELETE', ITEM, id)).statusCode).toBe(404);

    const restored = await call('POST', `${ITEM}/restore`, id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ id, name: row.name, deleted_at: null });
    expect((await call('POST', `${ITEM}/restore`, id)).statusCode).toBe(404);
    const audit = await auditOf(t.db, id);
    expect(audit.map((a) => a.action)).toEqual(['deleted', 'restored']);
    expect(JSON.parse(audit[0]!.changes)).toEqual({ deleted_at: [null, row.deleted_at] });
    expect(JSON.parse(audit[1]!.changes)).toEqual({ deleted_at: [row.deleted_at, null] });
  });

  it('refuses to delete a publisher with approvals of live creatives, naming them by status', async () => {
    const id = await fresh();
    await insertApprovalOf(t.db, {
      companyId: t.companyId,
      mediaEntityId: id,
      name: unique('A'),
      status: 'pending',
    });
    await insertApprovalOf(t.db, {
      companyId: t.companyId,
      mediaEntityId: id,
      name: unique('B'),
      status: 'pending',
    });
    await insertApprovalOf(t.db, {
      companyId: t.companyId,
      mediaEntityId: id,
      name: unique('C'),
      status: 'rejected',
    });
    const res = await call('DELETE', ITEM, id);
    expect(res.statusCode).toBe(422);
    const refusal = 'The publisher has approvals: 2 pending, 1 rejected.';
    expect(res.json()).toEqual({ message: refusal, errors: { id: [refusal] } });
    expect((await rowOf(t.db, id)).deleted_at).toBeNull();
    expect(await auditOf(t.db, id)).toEqual([]);
  });

  it('deletes a publisher whose approvals are all of deleted creatives', async () => {
    const id = await fresh();
    await insertApprovalOf(t.db, {
      companyId: t.companyId,
      mediaEntityId: id,
      name: unique('Old'),
      status: 'approved',
      creativeDeleted: true,
    });
    expect((await call('DELETE', ITEM, id)).statusCode).toBe(204);
  });

  it('refuses a restore (422) when a live publisher has taken the name meanwhile', async () => {
    const name = unique('Twin');
    const id = await fresh({ name, deleted: true });
    await fresh({ name: name.toUpperCase() });
    const res = await call('POST', `${ITEM}/restore`, id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });
    expect((await rowOf(t.db, id)).deleted_at).not.toBeNull();
  });
});
