import { describe, expect, it } from 'vitest';
import { escapeLike, pageMeta } from './list';

describe('pageMeta', () => {
  it('counts pages, at least one', () => {
    expect(pageMeta(2, 25, 51)).toEqual({ current_page: 2, per_page: 25, total: 51, last_page: 3 });
    expect(pageMeta(1, 25, 50)).toEqual({ current_page: 1, per_page: 25, total: 50, last_page: 2 });
    expect(pageMeta(1, 25, 0)).toEqual({ current_page: 1, per_page: 25, total: 0, last_page: 1 });
  });

  it('uses the total as the page size for -1 (all)', () => {
    expect(pageMeta(3, -1, 1000)).toEqual({ current_page: 1, per_page: 1000, total: 1000, last_page: 1 });
  });
});

describe('escapeLike', () => {
  it('makes wildcards and the escape character literal', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('plain')).toBe('plain');
  });
});
