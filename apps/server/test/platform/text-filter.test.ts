import { encodeSearchQuery } from '@adstudio/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPARSE_MATCHES } from '../../src/lib/indexed-filter';
import { buildTestApp, type Client, type TestApp } from '../helper';

/**
 * The text filter and the search read a trigram index (SQLite FTS5, PostgreSQL pg_trgm) and choose
 * between a sparse and a dense plan; whichever they take, they must answer what a plain scan of the
 * rows answers: the rows whose name (or a campaign's url) contains the text, ignoring case for
 * every letter.
 */
let t: TestApp;
let client: Client;

interface Row {
  id: number;
  name: string;
  url: string | null;
  status: string;
  deleted: boolean;
}
const rows: Row[] = [];

// Letters with case pairs outside ASCII, LIKE's wildcards, quotes and spaces; 'Kaé' makes a
// fragment common enough (> SPARSE_MATCHES rows) for the dense plan.
const ALPHABET = [...'aAbBéÉüÜçÇ _%"\''];
const COMMON = 'Kaé';
const ROWS = SPARSE_MATCHES + 800;

/** A deterministic generator, so a failure names rows that are there on the next run too. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  client = await t.injectAs(await t.createUser({ roles: ['admin'] }));
  const other = await t.createCompany('Other');
  const next = random(7);
  const word = (min: number, max: number) =>
    Array.from(
      { length: min + Math.floor(next() * (max - min + 1)) },
      () => ALPHABET[Math.floor(next() * ALPHABET.length)],
    ).join('');
  const at = '2026-01-01T00:00:00.000Z';
  const values = Array.from({ length: ROWS }, (_, i) => {
    const common = next() < 0.95 ? COMMON : '';
    // Names are unique in a company: a number ends each.
    const name = `${word(0, 6)}${common}${word(1, 6)} ${i}`;
    return {
      company_id: t.companyId,
      name,
      url: next() < 0.3 ? `https://${word(2, 5)}.example` : null,
      ranges: '[]',
      status: next() < 0.5 ? ('draft' as const) : ('live' as const),
      created_at: at,
      updated_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      deleted_at: next() < 0.1 ? at : null,
    };
  });
  for (let from = 0; from < values.length; from += 500) {
    const batch = values.slice(from, from + 500);
    const ids = await t.db.insertInto('campaigns').values(batch).returning('id').execute();
    for (const [k, row] of batch.entries()) {
      rows.push({
        id: ids[k]!.id,
        name: row.name,
        url: row.url,
        status: row.status,
        deleted: row.deleted_at !== null,
      });
    }
  }
  // Another company's rows match too, and must never show.
  await t.db
    .insertInto('campaigns')
    .values(values.slice(0, 300).map((row) => ({ ...row, company_id: other })))
    .execute();
}, 60_000);
afterAll(() => t.close());

const contains = (value: string | null, text: string) =>
  value?.toLowerCase().includes(text.toLowerCase()) ?? false;

/** What a plain scan answers for the list's filter. */
function scan(text: string, { status, deleted }: { status?: string; deleted?: boolean }) {
  return rows
    .filter((row) => row.deleted === Boolean(deleted) && (!status || row.status === status))
    .filter((row) => contains(row.name, text) || contains(row.url, text))
    .map((row) => row.id)
    .sort((a, b) => a - b);
}

async function listed(text: string, { status, deleted }: { status?: string; deleted?: boolean }) {
  const query = new URLSearchParams({ filter: text, 'items-per-page': '-1' });
  if (status) query.set('status', status);
  if (deleted) query.set('deleted', '1');
  const all = await client.get(`/v1/campaigns/?${query}`);
  expect(all.statusCode, all.body).toBe(200);
  query.set('items-per-page', '25');
  const page = (await client.get(`/v1/campaigns/?${query}`)).json();
  return {
    ids: (all.json().data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b),
    total: page.meta.total as number,
  };
}

/** Texts to look for: fragments of stored names (found) and strings of the alphabet (mostly not). */
const texts = fc.oneof(
  fc
    .tuple(fc.nat(ROWS - 1), fc.nat(12), fc.integer({ min: 1, max: 6 }), fc.boolean())
    .map(([i, start, length, upper]) => {
      const fragment = [...rows[i]!.name].slice(start, start + length).join('');
      return upper ? fragment.toUpperCase() : fragment;
    }),
  fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: 5 }).map((chars) => chars.join('')),
  fc.constantFrom(COMMON, COMMON.toUpperCase(), 'kaÉ', 'AÉ', '%', '_', '"', 'é'),
);

describe('the text filter', () => {
  it('answers what a plain scan answers, sparse or dense, with the status and deleted filters', async () => {
    const dense = scan(COMMON.toUpperCase(), {});
    expect(dense.length).toBeGreaterThan(SPARSE_MATCHES);
    await fc.assert(
      fc.asyncProperty(
        texts.filter((text) => text.trim() !== ''),
        fc.constantFrom({}, { status: 'live' }, { deleted: true }),
        async (text, filters) => {
          // The contract trims the filter.
          const expected = scan(text.trim(), filters);
          const { ids, total } = await listed(text, filters);
          expect(ids, JSON.stringify({ text, filters })).toEqual(expected);
          expect(total).toBe(expected.length);
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 40), seed: 9 },
    );
  });

  it('pages through thousands of matches in the order of a plain scan, near the start and deep', async () => {
    // More than SPARSE_MATCHES: the dense plans, a walk testing each row's text or, deep, its id;
    // through the trigram index and, for text shorter than a trigram, without it.
    for (const text of [COMMON, COMMON.slice(0, 2).toLowerCase()]) {
      const matching = rows.filter(
        (row) => !row.deleted && (contains(row.name, text) || contains(row.url, text)),
      );
      expect(matching.length).toBeGreaterThan(SPARSE_MATCHES);
      await pagesInOrder(text, matching);
    }
  });

  async function pagesInOrder(text: string, matching: Row[]) {
    const byUpdated = [...matching].sort((a, b) => b.id - a.id); // updated_at grows with the id
    const orders: { query: Record<string, string>; expected: Row[] }[] = [
      { query: {}, expected: byUpdated },
      { query: { 'sort-by': 'updated_at', 'sort-order': 'asc' }, expected: [...byUpdated].reverse() },
    ];
    for (const { query, expected } of orders) {
      // Page 50 starts past the 1,000th row, where a list reads its page's ids first; from page 80
      // the walk would test more than WALK_BY_IDS rows of text, and tests ids instead.
      const last = Math.ceil(expected.length / 25);
      for (const page of [1, 2, 20, 50, 80, last]) {
        const params = new URLSearchParams({ ...query, filter: text, page: String(page) });
        const answer = (await client.get(`/v1/campaigns/?${params}`)).json();
        const slice = expected.slice((page - 1) * 25, page * 25).map((row) => row.id);
        expect(
          answer.data.map((row: { id: number }) => row.id),
          params.toString(),
        ).toEqual(slice);
        expect(answer.meta.total).toBe(expected.length);
      }
    }
  }

  it("folds case beyond ASCII: 'CAFÉ' finds 'Café'", async () => {
    const id = (
      await t.db
        .insertInto('campaigns')
        .values({
          company_id: t.companyId,
          name: 'Café Ünïcode',
          ranges: '[]',
          created_at: '2020-01-01T00:00:00.000Z',
          updated_at: '2020-01-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    rows.push({ id, name: 'Café Ünïcode', url: null, status: 'draft', deleted: false });
    for (const text of ['CAFÉ', 'café ü', 'ÜNÏ', 'É ÜN'])
      expect((await listed(text, {})).ids, text).toEqual([id]);
    const found = await client.get(`/v1/search/${encodeSearchQuery('FÉ ÜNÏ')}`);
    expect(found.json().data.map((hit: { title: string }) => hit.title)).toEqual(['Café Ünïcode']);
  });
});

describe('the text index', () => {
  it('is kept in step by every write: insert, rename, status, delete, restore, removal', async () => {
    const companyId = await t.createCompany('In step');
    const mine = await t.injectAs(await t.createUser({ roles: ['admin'], companyId }));
    const at = '2026-01-01T00:00:00.000Z';
    const found = async (text: string, query = '') => {
      const params = new URLSearchParams({ filter: text, 'items-per-page': '-1' });
      const answer = await mine.get(`/v1/campaigns/?${params}${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().data as { id: number }[]).map((row) => row.id);
    };
    const { id } = await t.db
      .insertInto('campaigns')
      .values({
        company_id: companyId,
        name: 'Ærøskøbing Launch',
        url: null,
        ranges: '[]',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const creative = await t.db
      .insertInto('creatives')
      .values({
        company_id: companyId,
        campaign_id: id,
        name: 'Øresund banner',
        width: 300,
        height: 250,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await found('RØSKØ')).toEqual([id]);
    expect(await found('Kø')).toEqual([id]); // shorter than a trigram

    const update = (values: Record<string, unknown>) =>
      t.db.updateTable('campaigns').set(values).where('id', '=', id).execute();
    await update({ name: 'Odense Relaunch', url: 'https://Fyn.example/brief' });
    expect(await found('RØSKØ')).toEqual([]);
    expect(await found('Kø')).toEqual([]);
    expect(await found('relaunch')).toEqual([id]);
    expect(await found('FYN.EX')).toEqual([id]);
    expect(await found('yN')).toEqual([id]); // a pair of the url
    await update({ status: 'live' });
    expect(await found('relaunch', '&status=live')).toEqual([id]);
    expect(await found('relaunch', '&status=draft')).toEqual([]);
    await update({ deleted_at: at });
    expect(await found('relaunch')).toEqual([]);
    expect(await found('relaunch', '&deleted=1')).toEqual([id]);
    await update({ deleted_at: null });
    expect(await found('relaunch')).toEqual([id]);

    const creatives = async (text: string) =>
      (
        (await mine.get(`/v1/creatives/?filter=${encodeURIComponent(text)}`)).json().data as { id: number }[]
      ).map((row) => row.id);
    expect(await creatives('ØRESUND')).toEqual([creative.id]);
    expect(await creatives('ØR')).toEqual([creative.id]);
    await t.db
      .updateTable('creatives')
      .set({ name: 'Kattegat banner' })
      .where('id', '=', creative.id)
      .execute();
    expect(await creatives('ØRESUND')).toEqual([]);
    expect(await creatives('ØR')).toEqual([]);
    expect(await creatives('kattegat')).toEqual([creative.id]);
    expect(await creatives('TT')).toEqual([creative.id]);
    await t.db.deleteFrom('creatives').where('id', '=', creative.id).execute();
    expect(await creatives('kattegat')).toEqual([]);
    await t.db.deleteFrom('campaigns').where('id', '=', id).execute();
    expect(await found('relaunch')).toEqual([]);
    expect(await found('re')).toEqual([]);
  });
});
