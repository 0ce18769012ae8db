import { describe, expect, it } from 'vitest';
import { created, diff } from './audit-changes';

describe('diff', () => {
  it('lists changed fields as [old, new]', () => {
    expect(
      diff({ name: 'A', url: null, status: 'draft' }, { name: 'B', url: null, status: 'draft' }),
    ).toEqual({
      name: ['A', 'B'],
    });
  });

  it('compares lists by value and ignores fields not given', () => {
    const ranges = [{ start: '2026-01-01', end: '2026-01-31' }];
    expect(diff({ ranges, name: 'A' }, { ranges: [{ start: '2026-01-01', end: '2026-01-31' }] })).toEqual({});
    expect(diff({ ranges, name: 'A' }, { ranges: [] })).toEqual({ ranges: [ranges, []] });
  });

  it('records clearing a value', () => {
    expect(diff({ launch_date: '2026-01-01' as string | null }, { launch_date: null })).toEqual({
      launch_date: ['2026-01-01', null],
    });
  });
});

describe('created', () => {
  it('lists set fields from null', () => {
    expect(created({ name: 'A', url: null, ranges: [] })).toEqual({ name: [null, 'A'], ranges: [null, []] });
  });
});
