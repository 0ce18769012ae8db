import { CAMPAIGN_SORTS, type CampaignSort, STATUSES } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { insertCampaign, insertCampaigns } from './fixtures';

interface Row {
  id: number;
  name: string;
  url: string | null;
  status: string;
  launch_date: string | null;
  end_date: string | null;
  created_at: string;
  updated_at: string;
}

const N = 1000;
let t: TestApp;
let client: Client;
let rows: Row[];

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const time = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();

beforeAll(async () => {
  t = await buildTestApp();
  const company = await t.createCompany('Listing Co');
  const user = await t.createUser({ companyId: company, permissions: ['qa'] });
  client = await t.injectAs(user);
  // Deterministic variety: mixed case names, shared statuses and dates (ties), missing dates and urls,
  // created and updated in different orders.
  const generated = Array.from({ length: N }, (_, i) => {
    const launch = i % 10 === 0 ? null : day((i * 7) % 365);
    return {
      companyId: company,
      name: `${i % 2 ? 'campaign' : 'Campaign'} ${String((i * 389) % N).padStart(4, '0')}${i % 50 === 0 ? ' 100%_off' : ''}`,
      url: i % 4 === 0 ? null : `https://${['alpha', 'beta', 'gamma'][i % 3]}.example.com/c/${i}`,
      status: STATUSES[i % STATUSES.length]!,
      launch_date: launch,
      end_date: i % 15 === 0 ? null : launch ? day(((i * 7) % 365) + (i % 41)) : day(i % 365),
      created_at: time(i),
      updated_at: time((i * 613) % N),
    };
  });
  const ids = await insertCampaigns(t.db, generated);
  rows = generated.map(({ companyId: _, ...row }, i) => ({ ...row, id: ids[i]! }));
  // Noise that must never show up: another company's campaign and a deleted one.
  await insertCampaign(t.db, { companyId: t.companyId, name: 'Campaign 0001 elsewhere' });
  await insertCampaign(t.db, { companyId: company, name: 'Campaign deleted', deleted_at: time(5) });
}, 60_000);
afterAll(() => t.close());

/** Whole days from launch to end, as the web's Duration column counts them; null without both dates. */
const durationOf = (r: Pick<Row, 'launch_date' | 'end_date'>) =>
  r.launch_date && r.end_date ? (Date.parse(r.end_date) - Date.parse(r.launch_date)) / 86_400_000 : null;

/**
 * The order the contract promises: by the column (name ignoring case, duration computed from the
 * dates), empty values last, then id.
 */
const expected = (by: CampaignSort, order: 'asc' | 'desc', subset = rows) => {
  const value = (r: Row) =>
    by === 'name' ? r.name.toLowerCase() : by === 'duration' ? durationOf(r) : r[by];
  const sign = order === 'asc' ? 1 : -1;
  return [...subset]
    .sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === null && y === null) return sign * (a.id - b.id);
      if (x === null) return 1;
      if (y === null) return -1;
      if (x !== y) return sign * (x < y ? -1 : 1);
      return sign * (a.id - b.id);
    })
    .map((r) => r.id);
};

const list = async (query: string) => {
  const res = await client.get(`/v1/campaigns/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: (Row & { allowed_statuses: string[] })[];
    links: Record<string, string | null>;
    meta: Record<string, number | string | null>;
  };
};

describe('GET /v1/campaigns/', () => {
  it("answers the first 25 by most recently updated, with Laravel's links and meta", async () => {
    const body = await list('');
    const path = `${t.config.appUrl}/v1/campaigns`;
    expect(body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 40,
      path,
      per_page: 25,
      to: 25,
      total: N,
      total_capped: false,
    });
    expect(body.links).toEqual({
      first: `${path}?page=1`,
      last: `${path}?page=40`,
      prev: null,
      next: `${path}?page=2`,
    });
    expect(body.data.map((c) => c.id)).toEqual(expected('updated_at', 'desc').slice(0, 25));
    const first = rows.find((r) => r.id === body.data[0]!.id)!;
    expect(body.data[0]).toMatchObject({
      name: first.name,
      url: first.url,
      status: first.status,
      ranges: [],
    });
    // qa may move only items in quality assurance or testing.
    for (const c of body.data) {
      expect(c.allowed_statuses.length > 0).toBe(c.status === 'quality assurance' || c.status === 'testing');
    }
  });

  it('answers the same without the trailing slash', async () => {
    const res = await client.get('/v1/campaigns?sort-by=name');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await list('sort-by=name'));
  });

  it('walks every row exactly once through the pages, in order', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 7; page++) {
      const body = await list(`sort-by=status&sort-order=desc&items-per-page=150&page=${page}`);
      expect(body.meta).toMatchObject({ current_page: page, per_page: 150, total: N, last_page: 7 });
      expect(body.meta.from).toBe((page - 1) * 150 + 1);
      expect(body.meta.to).toBe(Math.min(page * 150, N));
      seen.push(...body.data.map((c) => c.id));
    }
    expect(seen).toEqual(expected('status', 'desc'));
    expect(new Set(seen).size).toBe(N);
  });

  it.each(['asc', 'desc'] as const)(
    'walks every row exactly once by duration %s, page by page',
    async (order) => {
      // Durations repeat (ties the id breaks) and some are missing (last both ways).
      const durations = rows.map(durationOf);
      expect(durations.filter((d) => d === null).length).toBeGreaterThan(100);
      expect(new Set(durations).size).toBeLessThan(N / 10);
      const seen: number[] = [];
      for (let page = 1; page <= 9; page++) {
        const body = await list(`sort-by=duration&sort-order=${order}&items-per-page=120&page=${page}`);
        expect(body.meta).toMatchObject({ current_page: page, per_page: 120, total: N, last_page: 9 });
        seen.push(...body.data.map((c) => c.id));
      }
      expect(seen).toEqual(expected('duration', order));
      expect(new Set(seen).size).toBe(N);
      // In duration order, empty last: what the Duration column shows, page after page.
      const shown = seen.map((id) => durationOf(rows.find((r) => r.id === id)!));
      const known = shown.filter((d) => d !== null);
      expect(shown.slice(known.length).every((d) => d === null)).toBe(true);
      expect(known).toEqual([...known].sort((a, b) => (order === 'asc' ? a - b : b - a)));
    },
  );

  it('answers an empty page past the last one', async () => {
    const body = await list('page=41');
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({
      current_page: 41,
      from: null,
      to: null,
      per_page: 25,
      total: N,
      last_page: 40,
    });
    expect(body.links).toMatchObject({ prev: `${t.config.appUrl}/v1/campaigns?page=40`, next: null });
  });

  it('keeps the rest of the query in its links', async () => {
    const body = await list('filter=beta&sort-by=name&items-per-page=10&page=2');
    const path = `${t.config.appUrl}/v1/campaigns`;
    expect(body.links.next).toBe(`${path}?filter=beta&sort-by=name&items-per-page=10&page=3`);
    expect(body.links.prev).toBe(`${path}?filter=beta&sort-by=name&items-per-page=10&page=1`);
  });

  it('treats empty parameters as absent', async () => {
    expect(await list('filter=&page=&sort-by=&sort-order=&date=&items-per-page=')).toEqual(await list(''));
  });

  it('never answers per_page 0, even when "all" finds nothing', async () => {
    const body = await list('filter=no-such-campaign-anywhere&items-per-page=-1');
    expect(body.meta).toMatchObject({ total: 0, per_page: 1, from: null, to: null, last_page: 1 });
  });

  it.each(CAMPAIGN_SORTS)('sorts by %s both ways, empty values last', async (by) => {
    const asc = await list(`sort-by=${by}&items-per-page=-1`);
    expect(asc.data.map((c) => c.id)).toEqual(expected(by, 'asc'));
    const desc = await list(`sort-by=${by}&sort-order=desc&items-per-page=-1`);
    expect(desc.data.map((c) => c.id)).toEqual(expected(by, 'desc'));
  });

  it('applies a sort-order without sort-by to the default column', async () => {
    const body = await list('sort-order=asc&items-per-page=10');
    expect(body.data.map((c) => c.id)).toEqual(expected('updated_at', 'asc').slice(0, 10));
  });

  it('answers everything on one page for items-per-page=-1', async () => {
    const body = await list('items-per-page=-1&page=3');
    expect(body.data).toHaveLength(N);
    expect(body.meta).toMatchObject({ current_page: 1, per_page: N, total: N, last_page: 1, from: 1, to: N });
  });

  it('filters on name and url, ignoring case', async () => {
    const byName = await list('filter=CAMPAIGN%200042&items-per-page=-1');
    expect(byName.data.map((c) => c.name.toLowerCase())).toEqual(['campaign 0042']);
    const byUrl = await list('filter=GAMMA.example&sort-by=name&items-per-page=-1');
    const gamma = rows.filter((r) => r.url?.includes('gamma.example'));
    expect(gamma.length).toBeGreaterThan(100);
    expect(byUrl.data.map((c) => c.id)).toEqual(expected('name', 'asc', gamma));
    expect(byUrl.meta.total).toBe(gamma.length);
  });

  it('treats % and _ in the filter as plain text', async () => {
    const body = await list('filter=100%25_off&items-per-page=-1');
    expect(body.meta.total).toBe(N / 50);
    expect(body.data.every((c) => c.name.endsWith('100%_off'))).toBe(true);
    expect((await list('filter=%25&items-per-page=-1')).meta.total).toBe(N / 50);
    expect((await list('filter=_&items-per-page=-1')).meta.total).toBe(N / 50);
  });

  it('keeps the campaigns whose launch–end span contains the date', async () => {
    for (const date of [day(0), day(100), day(364), '2030-01-01']) {
      const inSpan = rows.filter(
        (r) =>
          (r.launch_date !== null || r.end_date !== null) &&
          (r.launch_date === null || r.launch_date <= date) &&
          (r.end_date === null || r.end_date >= date),
      );
      expect(inSpan.length).toBeGreaterThan(date === '2030-01-01' ? 0 : 10);
      const body = await list(`date=${date}&sort-by=launch_date&items-per-page=-1`);
      expect(body.data.map((c) => c.id)).toEqual(expected('launch_date', 'asc', inSpan));
    }
    // A campaign spanning exactly one day contains that day.
    const one = rows.find((r) => r.launch_date && r.launch_date === r.end_date)!;
    const body = await list(`date=${one.launch_date}&items-per-page=-1`);
    expect(body.data.map((c) => c.id)).toContain(one.id);
  });

  it('combines filter, date, sort and paging', async () => {
    const date = day(150);
    const matching = rows.filter(
      (r) =>
        r.url?.includes('beta') &&
        (r.launch_date !== null || r.end_date !== null) &&
        (r.launch_date === null || r.launch_date <= date) &&
        (r.end_date === null || r.end_date >= date),
    );
    const body = await list(
      `filter=beta&date=${date}&sort-by=end_date&sort-order=desc&items-per-page=5&page=2`,
    );
    expect(body.meta).toMatchObject({
      current_page: 2,
      per_page: 5,
      total: matching.length,
      last_page: Math.max(1, Math.ceil(matching.length / 5)),
    });
    expect(body.data.map((c) => c.id)).toEqual(expected('end_date', 'desc', matching).slice(5, 10));
  });

  it.each([
    ['sort-by=url', 'sort-by'],
    ['sort-by=company_id', 'sort-by'],
    ['sort-by=name;drop table campaigns', 'sort-by'],
    ['sort-order=up', 'sort-order'],
    ['page=0', 'page'],
    ['page=x', 'page'],
    ['items-per-page=0', 'items-per-page'],
    ['items-per-page=501', 'items-per-page'],
    ['items-per-page=-2', 'items-per-page'],
    ['date=2026-13-01', 'date'],
  ])('refuses %s with 422 on that field', async (query, field) => {
    const res = await client.get(`/v1/campaigns/?${query}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it.each([
    ['sort-by=url', 'sort-by', 'The selected sort-by is invalid.'],
    ['sort-order=up', 'sort-order', 'The selected sort-order is invalid.'],
    ['page=0', 'page', 'The page field must be at least 1.'],
    ['page=x', 'page', 'The page field must be an integer.'],
    ['page=1.5', 'page', 'The page field must be an integer.'],
    ['items-per-page=0', 'items-per-page', 'The items-per-page field must be -1 (all) or between 1 and 500.'],
    ['date=2026-13-01', 'date', 'The date field must match the format Y-m-d.'],
    [`filter=${'x'.repeat(201)}`, 'filter', 'The filter field must not be greater than 200 characters.'],
  ])('words the refusal of %s as Laravel does', async (query, field, message) => {
    const res = await client.get(`/v1/campaigns/?${query}`);
    expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
  });
});
