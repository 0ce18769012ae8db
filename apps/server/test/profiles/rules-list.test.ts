import type { ProfileRule } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, type TestApp } from '../helper';
import { uploadHelpers } from '../uploads/upload-helpers';
import { profileFromUpload } from './feed-profile';

/**
 * Issue 47 at a size a test can sync: a profile's rules list in every sort and with a text filter
 * (decision 0144). Its pages must be the slices of the whole list in that order, whichever end a
 * deep page walks from, with or without a filter (a few matches, or many).
 */

let t: TestApp;
let editor: Client;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.injectAs(await t.createUser({ permissions: ['edit profiles'] }));
});
afterAll(() => t.close());

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

describe('profiles: the rules list of a large feed', () => {
  beforeAll(async () => {
    const signed = await upload(feed(ROWS), 'text/csv');
    profileId = (await profileFromUpload(t, editor, signed.key, 'Large feed')).id;
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
});
