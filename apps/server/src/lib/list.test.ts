import { describe, expect, it } from 'vitest';
import { escapeLike, pageMeta, toCollection } from './list';

describe('pageMeta', () => {
  it('counts pages, at least one', () => {
    expect(pageMeta(2, 25, 51)).toEqual({
      current_page: 2,
      per_page: 25,
      total: 51,
      last_page: 3,
      total_capped: false,
    });
    expect(pageMeta(1, 25, 50)).toEqual({
      current_page: 1,
      per_page: 25,
      total: 50,
      last_page: 2,
      total_capped: false,
    });
    expect(pageMeta(1, 25, 0)).toEqual({
      current_page: 1,
      per_page: 25,
      total: 0,
      last_page: 1,
      total_capped: false,
    });
  });

  it('uses the total as the page size for -1 (all), never 0', () => {
    expect(pageMeta(3, -1, 1000)).toEqual({
      current_page: 1,
      per_page: 1000,
      total: 1000,
      last_page: 1,
      total_capped: false,
    });
    expect(pageMeta(1, -1, 0)).toEqual({
      current_page: 1,
      per_page: 1,
      total: 0,
      last_page: 1,
      total_capped: false,
    });
  });
});

describe('toCollection', () => {
  const at = { appUrl: 'https://ads.example', path: '/v1/things', search: 'filter=a+b&page=2&date=' };
  it('links the neighbours and counts from/to', () => {
    const page = { data: ['x', 'y'], meta: pageMeta(2, 2, 5) };
    expect(toCollection(page, at)).toEqual({
      data: ['x', 'y'],
      links: {
        first: 'https://ads.example/v1/things?filter=a+b&page=1',
        last: 'https://ads.example/v1/things?filter=a+b&page=3',
        prev: 'https://ads.example/v1/things?filter=a+b&page=1',
        next: 'https://ads.example/v1/things?filter=a+b&page=3',
      },
      meta: {
        current_page: 2,
        from: 3,
        last_page: 3,
        path: 'https://ads.example/v1/things',
        per_page: 2,
        to: 4,
        total: 5,
        total_capped: false,
      },
    });
  });

  it('has no from/to on an empty page', () => {
    const meta = toCollection({ data: [], meta: pageMeta(1, 25, 0) }, at).meta;
    expect(meta).toMatchObject({ from: null, to: null, last_page: 1 });
  });
});

describe('escapeLike', () => {
  it('makes wildcards and the escape character literal', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('plain')).toBe('plain');
  });
});
