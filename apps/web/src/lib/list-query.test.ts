import { describe, expect, it } from 'vitest';
import { ALL_ITEMS, buildListQuery, pageSize } from './list-query';

describe('buildListQuery (spec sections 3 and 5)', () => {
  it('maps every option to its query name', () => {
    expect(
      buildListQuery({
        page: 2,
        sortBy: 'name',
        sortDesc: true,
        date: '2026-11-21',
        filter: ' summer ',
        itemsPerPage: 50,
      }),
    ).toEqual({
      page: 2,
      'sort-by': 'name',
      'sort-order': 'desc',
      date: '2026-11-21',
      filter: 'summer',
      'items-per-page': 50,
    });
  });

  it('adds the sort order only when the descending flag is explicitly true or false', () => {
    expect(buildListQuery({ sortBy: 'name', sortDesc: false })['sort-order']).toBe('asc');
    expect(buildListQuery({ sortBy: 'name', sortDesc: true })['sort-order']).toBe('desc');
    expect(buildListQuery({ sortBy: 'name' })).not.toHaveProperty('sort-order');
    expect(buildListQuery({ sortBy: 'name', sortDesc: null })).not.toHaveProperty('sort-order');
  });

  it('sends -1 for all items', () => {
    expect(buildListQuery({ itemsPerPage: ALL_ITEMS })['items-per-page']).toBe(-1);
    expect(pageSize(-1, 137)).toBe(137);
    expect(pageSize(25, 137)).toBe(25);
  });

  it('leaves out empty values', () => {
    expect(buildListQuery({ filter: '  ', date: '', sortBy: '' })).toEqual({});
    expect(buildListQuery({ page: 0 }).page).toBe(1);
  });
});
