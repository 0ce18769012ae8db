import { describe, expect, it } from 'vitest';
import { displayedRows, listTotal, totalText } from './list-total';

const meta = (
  total: number,
  extra: { total_capped?: boolean; current_page?: number; last_page?: number } = {},
) => ({
  total,
  current_page: 1,
  last_page: Math.max(1, Math.ceil(total / 25)),
  ...extra,
});
const next = (url: string | null) => ({ next: url });

describe('a list total (the subtitle of a list page)', () => {
  it('says how many items there are, with thousands separators', () => {
    expect(totalText(listTotal(meta(0)))).toBe('0 in total');
    expect(totalText(listTotal(meta(7)))).toBe('7 in total');
    expect(totalText(listTotal(meta(1234)))).toBe('1,234 in total');
    expect(totalText(listTotal(meta(10_000)))).toBe('10,000 in total');
  });

  it('says "10,000+" when the server stopped counting at the cap', () => {
    expect(totalText(listTotal(meta(10_000, { total_capped: true })))).toBe('10,000+ in total');
    expect(totalText(listTotal(meta(10_000, { total_capped: false })))).toBe('10,000 in total');
  });
});

describe('paging past a capped total', () => {
  it('follows links.next, also beyond the last page the cap would give', () => {
    const capped = meta(10_000, { total_capped: true, current_page: 400, last_page: 400 });
    expect(listTotal(capped, next('http://x.test/v1/campaigns/?page=401')).hasNextPage).toBe(true);
    expect(
      listTotal({ ...capped, current_page: 401 }, next('http://x.test/v1/campaigns/?page=402')).hasNextPage,
    ).toBe(true);
    expect(listTotal({ ...capped, current_page: 523 }, next(null)).hasNextPage).toBe(false);
  });

  it('goes by last_page when an answer has no links', () => {
    expect(listTotal(meta(60, { current_page: 2, last_page: 3 })).hasNextPage).toBe(true);
    expect(listTotal(meta(60, { current_page: 3, last_page: 3 })).hasNextPage).toBe(false);
  });

  it('labels the pager "of 10,000+" (or past the cap, of the rows seen so far, plus)', () => {
    const capped = { total: 10_000, capped: true };
    expect(displayedRows({ from: 1, to: 25, count: -1 }, capped)).toBe('1–25 of 10,000+');
    expect(displayedRows({ from: 10_001, to: 10_025, count: -1 }, capped)).toBe('10,001–10,025 of 10,025+');
  });

  it('labels an exact total as the grid does', () => {
    expect(displayedRows({ from: 1, to: 25, count: 1234 }, { total: 1234, capped: false })).toBe(
      '1–25 of 1,234',
    );
    expect(displayedRows({ from: 1, to: 25, count: -1 }, undefined)).toBe('1–25 of more than 25');
  });
});
