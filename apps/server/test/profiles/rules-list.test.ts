import type { ProfileRule } from '@adstudio/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isPostgres } from '../../src/lib/indexed-filter';
import { ruleListStats, ruleListsSettled } from '../../src/modules/profiles/rule-list-index';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { openTransaction } from '../rows';
import { uploadHelpers } from '../uploads/upload-helpers';
import { profileFromUpload } from './feed-profile';

/**
 * Issue 47 at a size a test can sync: a profile's rules list in every sort and with a text filter
 * (decision 0144). Its pages must be the slices of the whole list in that order, whichever end a
 * deep page walks from, with or without a filter (a few matches, or many). Twice: read from the
 * database, and from the list the process keeps of a large feed (decision 0148; RULES_LIST_KEPT_FROM
 * makes this feed large), whose pages must be the database's own whole list (`items-per-page=-1`
 * is always read from the database), also after rules are written by another tool or a re-sync.
 */

let t: TestApp;
let editor: Client;

const KEPT = { 'the database': '0', 'the kept list': '1' } as const;
type Source = keyof typeof KEPT;

const { upload } = uploadHelpers(
  () => t,
  () => editor,
);

/**
 * `n` rows whose Unique_IDs are not in feed order (sku0001, sku0008, … wrapping around) and whose labels
 * sort in yet another order, with mixed case: "Shoes 12" and "SHOES 13" sort together either way.
 */
const ROWS = 2_300;
const feed = (n: number) => {
  const lines = ['Unique_ID,Reporting_Label'];
  for (let i = 0; i < n; i++) {
    const id = `sku${String(((i * 7) % n) + 1).padStart(4, '0')}`;
    const word = ['Shoes', 'COFFEE', 'phones'][i % 3]!;
    lines.push(`${id},${i % 2 ? word.toUpperCase() : word} ${(i * 13) % 1000}%`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
};

interface Page {
  data: ProfileRule[];
  meta: { total: number; last_page: number; total_capped: boolean };
}

let profileId: number;
const list = async (query: string): Promise<Page> => {
  const res = await editor.get(`/v1/profiles/${profileId}/rules?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ids = (page: Page) => page.data.map((rule) => rule.id);

/** Every page of 500 (the largest a page may be), in turn, against the whole list in one answer. */
async function expectPagesOf(query: string) {
  const all = await list(`items-per-page=-1&${query}`);
  const pages: number[] = [];
  const last = Math.max(1, Math.ceil(all.data.length / 500));
  for (let n = 1; n <= last; n++) {
    const page = await list(`items-per-page=500&page=${n}&${query}`);
    expect(page.meta).toMatchObject({ total: all.data.length, last_page: last, total_capped: false });
    pages.push(...ids(page));
  }
  expect(pages).toEqual(ids(all));
  return all.data;
}

describe.each(Object.keys(KEPT) as Source[])(
  'profiles: the rules list of a large feed, from %s',
  (source) => {
    const kept = source === 'the kept list';
    beforeAll(async () => {
      t = await buildTestApp({ RULES_LIST_KEPT_FROM: KEPT[source] });
      editor = await t.injectAs(await t.createUser({ permissions: ['edit profiles'] }));
      const signed = await upload(feed(ROWS), 'text/csv');
      profileId = (await profileFromUpload(t, editor, signed.key, 'Large feed')).id;
      // A filtered page in each sort reads that sort's order: every later page by it is then kept.
      // The database answers while they are read (in the background): wait for them.
      if (kept) for (const sort of ['unique_id', 'reporting_label']) await list(`filter=sku&sort-by=${sort}`);
      await ruleListsSettled();
    });
    afterAll(() => t.close());
    let pagesBefore = 0;
    beforeEach(() => {
      pagesBefore = ruleListStats.pages;
    });
    afterEach(() => {
      // The pages came from where this block says: a kept list answered some, or none.
      if (kept) expect(ruleListStats.pages).toBeGreaterThan(pagesBefore);
      else expect(ruleListStats.pages).toBe(pagesBefore);
    });

    it('pages by Unique_ID and by label, either way, to the last page (walked from the far end)', async () => {
      const byId = await expectPagesOf('sort-by=unique_id');
      expect(byId).toHaveLength(ROWS);
      expect(byId.map((rule) => rule.unique_id)).toEqual(byId.map((rule) => rule.unique_id).sort());
      const down = await expectPagesOf('sort-by=unique_id&sort-order=desc');
      expect(ids({ data: down } as Page)).toEqual(ids({ data: byId } as Page).reverse());

      const byLabel = await expectPagesOf('sort-by=reporting_label&sort-order=desc');
      const folded = byLabel.map((rule) => rule.reporting_label.toLowerCase());
      expect(folded).toEqual([...folded].sort().reverse());
      // Equal labels (case aside) keep their tiebreaker, the id, in the same direction.
      for (let i = 1; i < byLabel.length; i++)
        if (folded[i] === folded[i - 1]) expect(byLabel[i]!.id).toBeLessThan(byLabel[i - 1]!.id);
    });

    it('filters by text: a few matches, most rules, short text, case and LIKE characters', async () => {
      // sku0010…sku0019 (no label holds "u001").
      const few = await expectPagesOf('filter=U001&sort-by=unique_id');
      expect(few.map((rule) => rule.unique_id)).toEqual(
        Array.from({ length: 10 }, (_, i) => `sku${String(10 + i).padStart(4, '0')}`),
      );
      // Every rule, past the middle of the list too.
      expect(await expectPagesOf('filter=SKU&sort-by=reporting_label&sort-order=desc')).toHaveLength(ROWS);
      // A third of the rules, the text in any case.
      const shoes = await expectPagesOf('filter=sHoEs&sort-by=reporting_label');
      expect(shoes).toHaveLength(Math.ceil(ROWS / 3));
      expect(shoes.every((rule) => rule.reporting_label.toLowerCase().startsWith('shoes'))).toBe(true);
      // Shorter than a trigram: every third row is a coffee's.
      const coffee = await expectPagesOf('filter=fF&sort-by=unique_id&sort-order=desc');
      expect(coffee).toHaveLength(Math.floor((ROWS + 1) / 3));
      // `%` is a character to find, not a wildcard; `_` likewise.
      const percent = await expectPagesOf('filter=12%25&sort-by=unique_id');
      expect(percent.length).toBeGreaterThan(0);
      expect(percent.every((rule) => rule.reporting_label.endsWith('12%'))).toBe(true);
      expect((await list('filter=1_')).meta.total).toBe(0);
    });

    it('sees rules written by another tool and by a re-sync', async () => {
      // Another tool (the sqlite3 shell, psql) renames a rule deep in the list by label: it comes first.
      const [renamed] = (await list('sort-by=unique_id&sort-order=desc&items-per-page=1')).data;
      await sql`update profile_rules set reporting_label = ${'AAA first'} where id = ${renamed!.id}`.execute(
        t.db,
      );
      const byLabel = await expectPagesOf('sort-by=reporting_label');
      expect(byLabel[0]!.id).toBe(renamed!.id);
      expect(ids(await list('filter=aaa%20FIRST'))).toEqual([renamed!.id]);

      // A re-sync of fewer rows with other labels: the list is the new one. On PostgreSQL a transaction
      // elsewhere stays open meanwhile (its id below the sync's): the kept list still answers.
      const open = isPostgres(t.db) ? await openTransaction(t.db) : undefined;
      const resynced = feed(ROWS - 300)
        .toString()
        .replaceAll('COFFEE', 'TEA');
      const put = await editor.put(`/v1/profiles/${profileId}`, {
        source: 'upload',
        key: (await upload(Buffer.from(resynced), 'text/csv')).key,
        file_name: 'feed.csv',
        updated_at: (await editor.get(`/v1/profiles/${profileId}`)).json().data.updated_at,
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await editor.get(`/v1/profiles/${profileId}/sync`)).statusCode).toBe(200);
      await t.app.jobs.idle();
      const before = { ...ruleListStats };
      // The first page after it is the database's, and starts reading the new order.
      expect((await list('sort-by=reporting_label&sort-order=desc')).meta.total).toBe(ROWS - 300);
      await ruleListsSettled();
      expect(await expectPagesOf('sort-by=reporting_label&sort-order=desc')).toHaveLength(ROWS - 300);
      // Every page from the kept list, its order read once.
      if (kept)
        expect([ruleListStats.pages - before.pages, ruleListStats.reads - before.reads]).toEqual([
          Math.ceil((ROWS - 300) / 500),
          1,
        ]);
      await open?.close();
      expect((await list('filter=coffee')).meta.total).toBe(0);
      expect((await expectPagesOf('filter=tea&sort-by=unique_id')).length).toBeGreaterThan(500);
    });
  },
);
