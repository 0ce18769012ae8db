import { describe, expect, it } from 'vitest';
import { isFiltered, parseListState, toListQuery, toSearchParams, withChanges } from './list-state';

const CONFIG = {
  sorts: ['name', 'status', 'launch_date', 'updated_at'] as const,
  extras: { campaign_id: /^\d{1,10}$/, size: /^\d{1,4}x\d{1,4}$/ },
};
const parse = (query: string) => parseListState(new URLSearchParams(query), CONFIG);

describe('list state <-> URL', () => {
  it('reads every parameter of the list query', () => {
    expect(
      parse(
        'page=3&sort-by=name&sort-order=desc&filter=lumen&date=2026-02-01&items-per-page=-1&status=live,ready&deleted=1&campaign_id=7&size=300x250',
      ),
    ).toEqual({
      page: 3,
      sortBy: 'name',
      sortOrder: 'desc',
      filter: 'lumen',
      date: '2026-02-01',
      itemsPerPage: -1,
      status: ['ready', 'live'],
      deleted: true,
      extra: { campaign_id: '7', size: '300x250' },
    });
  });

  it('falls back to defaults for anything malformed', () => {
    expect(
      parse(
        'page=0&sort-by=url&sort-order=up&date=yesterday&items-per-page=7&status=lost,,&deleted=yes&campaign_id=x&size=big',
      ),
    ).toEqual({
      page: 1,
      sortBy: null,
      sortOrder: null,
      filter: '',
      date: null,
      itemsPerPage: null,
      status: [],
      deleted: false,
      extra: {},
    });
    expect(parse('page=2.5').page).toBe(1);
  });

  it('round-trips, leaving defaults out of the URL', () => {
    const query =
      'page=2&sort-by=launch_date&sort-order=asc&filter=x&date=2026-01-01&items-per-page=50&status=quality+assurance%2Clive&deleted=1&campaign_id=4';
    expect(toSearchParams(parse(query)).toString()).toBe(query);
    expect(toSearchParams(parse('page=1&filter=%20%20&deleted=0')).toString()).toBe('');
  });

  it('keeps statuses once each, in the order of the status table', () => {
    expect(parse('status=live,draft,live').status).toEqual(['draft', 'live']);
    const toggled = withChanges(parse('status=testing'), { status: ['testing', 'draft'] });
    expect(toSearchParams(toggled).get('status')).toBe('draft,testing');
    expect(toListQuery(toggled, 25).status).toBe('draft,testing');
  });

  it("takes a list's own statuses, in its order, when the config names them", () => {
    const config = { sorts: ['name'] as const, statuses: ['new', 'syncing', 'synced', 'failed'] };
    const state = parseListState(new URLSearchParams('status=failed,live,new'), config);
    expect(state.status).toEqual(['new', 'failed']);
    const toggled = withChanges(state, { status: ['failed', 'new', 'synced'] });
    expect(toSearchParams(toggled, config.statuses).get('status')).toBe('new,synced,failed');
    expect(toListQuery(toggled, 25, config.statuses).status).toBe('new,synced,failed');
  });

  it('keeps a sort order only with its column', () => {
    expect(toSearchParams(parse('sort-order=desc')).toString()).toBe('');
  });

  it('starts again at page 1 when anything but the page changes', () => {
    const state = parse('page=4&filter=a&status=live');
    expect(withChanges(state, { filter: 'b' }).page).toBe(1);
    expect(withChanges(state, { itemsPerPage: 100 }).page).toBe(1);
    expect(withChanges(state, { sortBy: 'name', sortOrder: 'asc' }).page).toBe(1);
    expect(withChanges(state, { status: ['live', 'ready'] }).page).toBe(1);
    expect(withChanges(state, { deleted: true }).page).toBe(1);
    expect(withChanges(state, { extra: { size: '728x90' } }).page).toBe(1);
    expect(withChanges(state, { filter: 'a', status: ['live'] }).page).toBe(4);
    expect(withChanges(state, { page: 5 }).page).toBe(5);
  });

  it('tells a filtered list from a whole one', () => {
    expect(isFiltered(parse('sort-by=name&page=2'))).toBe(false);
    expect(isFiltered(parse('status=live'))).toBe(true);
    expect(isFiltered(parse('campaign_id=3'))).toBe(true);
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

  it('sends the statuses comma-separated, deleted=1 and the extra filters', () => {
    expect(toListQuery(parse('status=live,quality%20assurance&deleted=1&size=300x250'), 25)).toEqual({
      page: 1,
      'items-per-page': 25,
      status: 'quality assurance,live',
      deleted: 1,
      size: '300x250',
    });
  });
});
