import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { expectDocumentedAnswer } from '../openapi';
import { insertMediaEntity } from './fixtures';

let t: TestApp;
let client: Client;
let companyId: number;
const LIST = { method: 'GET', url: '/v1/media-entities' };

// One company of its own, so the rows of this file are all the list holds.
beforeAll(async () => {
  t = await buildTestApp();
  companyId = await t.createCompany('Listers');
  client = await t.injectAs(await t.createUser({ companyId, permissions: ['edit campaigns'] }));
  const rows = [
    { name: 'Daily Herald', domain: 'dailyherald.example', updatedAt: '2026-01-03T00:00:00.000Z' },
    { name: 'techPulse', domain: 'techpulse.example', updatedAt: '2026-01-05T00:00:00.000Z' },
    { name: 'Outdoor Weekly', domain: null, updatedAt: '2026-01-04T00:00:00.000Z' },
    { name: 'Zeitung 100%', domain: 'zeitung.example', updatedAt: '2026-01-01T00:00:00.000Z' },
    { name: 'Ärzteblatt', domain: 'aerzte.example', updatedAt: '2026-01-02T00:00:00.000Z' },
    { name: 'Gone Gazette', domain: 'gone.example', updatedAt: '2026-01-06T00:00:00.000Z', deleted: true },
  ];
  for (const row of rows) await insertMediaEntity(t.db, { companyId, ...row });
  const other = await t.createCompany('Elsewhere');
  await insertMediaEntity(t.db, { companyId: other, name: 'Daily Elsewhere', domain: 'daily.example' });
});
afterAll(() => t.close());

const list = async (query = '') => {
  const res = await client.get(`/v1/media-entities/${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  expectDocumentedAnswer(t.app.swagger(), LIST, res);
  return res.json();
};
const names = async (query = '') => (await list(query)).data.map((m: { name: string }) => m.name);

describe(`GET /v1/media-entities (${engine})`, () => {
  it('answers a Laravel collection of live publishers, most recently changed first', async () => {
    const body = await list();
    expect(body.data.map((m: { name: string }) => m.name)).toEqual([
      'techPulse',
      'Outdoor Weekly',
      'Daily Herald',
      'Ärzteblatt',
      'Zeitung 100%',
    ]);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      name: 'techPulse',
      domain: 'techpulse.example',
      contact_name: null,
      contact_email: null,
      created_at: '2026-01-05T00:00:00.000Z',
      updated_at: '2026-01-05T00:00:00.000Z',
      deleted_at: null,
    });
    expect(body.meta).toMatchObject({
      current_page: 1,
      from: 1,
      to: 5,
      last_page: 1,
      per_page: 25,
      total: 5,
    });
    expect(body.meta.path).toMatch(/\/v1\/media-entities$/);
    expect(body.links).toMatchObject({ prev: null, next: null });
  });

  it('sorts by name ignoring case, and by domain with publishers without one last both ways', async () => {
    // Where a non-ASCII letter sorts depends on PostgreSQL's collation, so only ASCII names are compared.
    const ascii = async (query: string) => (await names(query)).filter((n: string) => n !== 'Ärzteblatt');
    expect(await ascii('sort-by=name')).toEqual([
      'Daily Herald',
      'Outdoor Weekly',
      'techPulse',
      'Zeitung 100%',
    ]);
    expect(await ascii('sort-by=name&sort-order=desc')).toEqual([
      'Zeitung 100%',
      'techPulse',
      'Outdoor Weekly',
      'Daily Herald',
    ]);
    expect((await names('sort-by=domain')).at(-1)).toBe('Outdoor Weekly');
    expect((await names('sort-by=domain&sort-order=desc')).at(-1)).toBe('Outdoor Weekly');
    expect(await names('sort-by=created_at')).toEqual([
      'Zeitung 100%',
      'Ärzteblatt',
      'Daily Herald',
      'Outdoor Weekly',
      'techPulse',
    ]);
  });

  it('filters name and domain, ignoring case, with % and _ matching only themselves', async () => {
    expect(await names('filter=DAILY')).toEqual(['Daily Herald']);
    expect(await names('filter=pulse.EX')).toEqual(['techPulse']);
    expect(await names('filter=%C3%84RZTE')).toEqual(['Ärzteblatt']);
    expect(await names('filter=100%25')).toEqual(['Zeitung 100%']);
    expect(await names('filter=%25')).toEqual(['Zeitung 100%']);
    expect(await names('filter=_')).toEqual([]);
    expect(await names('filter=nowhere')).toEqual([]);
    // Another company's publisher never matches.
    expect(await names('filter=elsewhere')).toEqual([]);
  });

  it('pages, keeps the query in the links, and lists all with -1', async () => {
    const first = await list('sort-by=created_at&items-per-page=2');
    expect(first.data.map((m: { name: string }) => m.name)).toEqual(['Zeitung 100%', 'Ärzteblatt']);
    expect(first.meta).toMatchObject({
      current_page: 1,
      last_page: 3,
      per_page: 2,
      total: 5,
      from: 1,
      to: 2,
    });
    expect(first.links.next).toMatch(/\?sort-by=created_at&items-per-page=2&page=2$/);
    const last = await list('sort-by=created_at&items-per-page=2&page=3');
    expect(last.data.map((m: { name: string }) => m.name)).toEqual(['techPulse']);
    expect(last.links.next).toBeNull();
    const beyond = await list('items-per-page=2&page=9');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ from: null, to: null, total: 5 });
    const all = await list('items-per-page=-1');
    expect(all.data).toHaveLength(5);
    expect(all.meta).toMatchObject({ per_page: 5, last_page: 1 });
    const none = await list('items-per-page=-1&filter=nowhere');
    expect(none.meta).toMatchObject({ per_page: 1, total: 0 });
  });

  it('lists only deleted publishers with deleted=1', async () => {
    const body = await list('deleted=1');
    expect(body.data.map((m: { name: string }) => m.name)).toEqual(['Gone Gazette']);
    expect(body.data[0].deleted_at).toBe('2026-01-06T00:00:00.000Z');
    expect(await names('deleted=0')).toHaveLength(5);
  });

  it('treats empty parameters as absent and refuses others with Laravel messages', async () => {
    expect(await names('filter=&sort-by=&page=')).toHaveLength(5);
    const bad = async (query: string) => {
      const res = await client.get(`/v1/media-entities?${query}`);
      expect(res.statusCode, query).toBe(422);
      expectDocumentedAnswer(t.app.swagger(), LIST, res);
      return res.json().errors;
    };
    expect(await bad('sort-by=contact_email')).toEqual({ 'sort-by': ['The selected sort-by is invalid.'] });
    expect(await bad('sort-order=up')).toEqual({ 'sort-order': ['The selected sort-order is invalid.'] });
    expect(await bad('items-per-page=0')).toEqual({
      'items-per-page': ['The items-per-page field must be -1 (all) or between 1 and 500.'],
    });
    expect(await bad('deleted=maybe')).toEqual({ deleted: ['The deleted field must be true or false.'] });
  });
});
