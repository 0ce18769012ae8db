import { describe, expect, it } from 'vitest';
import { parseListState, toListQuery, toSearchParams, withChanges } from './list-state';

const parse = (query: string) => parseListState(new URLSearchParams(query));

describe('campaign list state <-> URL', () => {
  it('reads every parameter of the list query', () => {
    expect(
      parse('page=3&sort-by=name&sort-order=desc&filter=lumen&date=2026-02-01&items-per-page=-1'),
    ).toEqual({
      page: 3,
      sortBy: 'name',
      sortOrder: 'desc',
      filter: 'lumen',
      date: '2026-02-01',
      itemsPerPage: -1,
    });
  });

  it('falls back to defaults for anything malformed', () => {
    expect(parse('page=0&sort-by=url&sort-order=up&date=yesterday&items-per-page=7')).toEqual({
      page: 1,
      sortBy: null,
      sortOrder: null,
      filter: '',
      date: null,
      itemsPerPage: null,
    });
    expect(parse('page=2.5').page).toBe(1);
  });

  it('round-trips, leaving defaults out of the URL', () => {
    const query = 'page=2&sort-by=launch_date&sort-order=asc&filter=x&date=2026-01-01&items-per-page=50';
    expect(toSearchParams(parse(query)).toString()).toBe(query);
    expect(toSearchParams(parse('page=1&filter=%20%20')).toString()).toBe('');
  });

  it('keeps a sort order only with its column', () => {
    expect(toSearchParams(parse('sort-order=desc')).toString()).toBe('');
  });

  it('starts again at page 1 when the filter, date, sort or page size changes', () => {
    const state = parse('page=4&filter=a');
    expect(withChanges(state, { filter: 'b' }).page).toBe(1);
    expect(withChanges(state, { itemsPerPage: 100 }).page).toBe(1);
    expect(withChanges(state, { sortBy: 'name', sortOrder: 'asc' }).page).toBe(1);
    expect(withChanges(state, { filter: 'a' }).page).toBe(4);
    expect(withChanges(state, { page: 5 }).page).toBe(5);
  });
});

describe('toListQuery', () => {
  it("builds the API query, with the user's page size when the URL names none", () => {
    expect(toListQuery(parse('filter=%20spring%20&sort-by=name&sort-order=desc'), 50)).toEqual({
      page: 1,
      'sort-by': 'name',
      'sort-order': 'desc',
      filter: 'spring',
      'items-per-page': 50,
    });
  });

  it("sends -1 for 'All' and no sort order when none is set", () => {
    expect(toListQuery(parse('items-per-page=-1&sort-by=status'), 25)).toEqual({
      page: 1,
      'sort-by': 'status',
      'items-per-page': -1,
    });
  });
});
