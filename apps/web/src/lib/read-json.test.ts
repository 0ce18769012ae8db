import { describe, expect, it } from 'vitest';
import { readDashboard } from '../features/dashboard/api/get-dashboard';
import {
  array,
  dataOf,
  int,
  JsonShapeError,
  nullable,
  object,
  oneOf,
  optional,
  record,
  string,
} from './read-json';

describe('json readers (the answers the shell reads without zod)', () => {
  it('return the value, or throw naming the path', () => {
    expect(string('a', 'x')).toBe('a');
    expect(int(3, 'x')).toBe(3);
    expect(() => int(3.5, 'data.id')).toThrow(new JsonShapeError('data.id: expected an integer'));
    expect(() => object([], 'data')).toThrow(JsonShapeError);
    expect(oneOf(['a', 'b'])('b', 'x')).toBe('b');
    expect(() => oneOf(['a', 'b'])('c', 'type')).toThrow('type: expected a | b');
  });
  it('read null, absent, arrays and records', () => {
    expect(nullable(string)(null, 'x')).toBeNull();
    expect(() => nullable(string)(undefined, 'x')).toThrow(JsonShapeError);
    expect(nullable(string, 'null')(undefined, 'x')).toBeNull();
    expect(optional(string)(undefined, 'x')).toBeUndefined();
    expect(array(int)([1, 2], 'x')).toEqual([1, 2]);
    expect(() => array(int)([1, 'b'], 'roles')).toThrow('roles[1]: expected an integer');
    expect(record(int)({ live: 2 }, 'x')).toEqual({ live: 2 });
    expect(dataOf({ data: 'x' }, string)).toBe('x');
    expect(() => dataOf('', string)).toThrow(JsonShapeError);
  });
});

describe('the dashboard answer', () => {
  it('keeps the known sections and fills missing lists', () => {
    const dashboard = readDashboard(
      { sections: { campaigns: { total: 3, by_status: { live: 3 } }, assets: { total: 1 }, other: {} } },
      'data',
    );
    expect(dashboard).toEqual({
      sections: {
        campaigns: { total: 3, by_status: { live: 3 } },
        assets: { total: 1, by_status: undefined },
      },
      recent: [],
      qa_queue: [],
    });
  });
  it('reads items, with a missing status or change time as null', () => {
    const item = {
      type: 'creative',
      id: 4,
      title: 'Banner',
      status: 'live',
      updated_at: '2026-03-01T10:00:00Z',
    };
    const { recent } = readDashboard(
      { sections: {}, recent: [item, { type: 'profile', id: '7', title: 'P' }] },
      'data',
    );
    expect(recent).toEqual([item, { type: 'profile', id: '7', title: 'P', status: null, updated_at: null }]);
    expect(() => readDashboard({ recent: [{ ...item, type: 'user' }] }, 'data')).toThrow(
      'data.recent[0].type',
    );
  });
});
