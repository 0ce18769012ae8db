import { describe, expect, it } from 'vitest';
import { resourceKeys } from './resource-keys';

describe('resourceKeys', () => {
  const keys = resourceKeys('creatives');

  it('nests every key under the section, so invalidating a prefix reaches what is below it', () => {
    expect(keys.all).toEqual(['creatives']);
    expect(keys.lists()).toEqual(['creatives', 'list']);
    expect(keys.list({ page: 2, status: 'live' })).toEqual([
      'creatives',
      'list',
      { page: 2, status: 'live' },
    ]);
    expect(keys.detail(7)).toEqual(['creatives', 'detail', 7]);
    expect(keys.history(7)).toEqual(['creatives', 'detail', 7, 'history']);
    expect(keys.related(7, 'packages')).toEqual(['creatives', 'detail', 7, 'packages']);
  });

  it('gives two sections disjoint keys', () => {
    expect(resourceKeys('campaigns').lists()[0]).not.toBe(keys.lists()[0]);
  });
});
