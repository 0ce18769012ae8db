import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './database';

// The SQLite connection builds row objects itself (raw rows and a compiled builder); they must be
// the objects better-sqlite3 builds.
describe('rows read through the SQLite connection', () => {
  const db = createDb({ kind: 'sqlite', file: ':memory:' });
  afterAll(() => db.destroy());
  const plain = new SQLite(':memory:');
  const queries = [
    `select 1 as id, 'Café' as name, null as note, 2.5 as "weird key "" ö", x'00ff' as bytes`,
    `select 1 as a, 2 as a, 3 as b`,
    `select 2 as "constructor", 3 as "toString", 4 as "hasOwnProperty"`,
    `select value as n from json_each('[1,2,3]') order by n desc`,
    `select 1 as id where 0`,
  ];

  it.each(queries)('%s', async (text) => {
    const expected = plain.prepare(text).all();
    // Twice: the first read compiles the builder, the second reuses the cached statement.
    for (let i = 0; i < 2; i++) {
      const { rows } = await db.executeQuery({
        sql: text,
        parameters: [],
        query: { kind: 'RawNode' } as never,
        queryId: { queryId: String(i) },
      });
      expect(rows).toEqual(expected);
      for (const [j, row] of rows.entries()) {
        expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
        expect(Object.keys(row as object)).toEqual(Object.keys(expected[j] as object));
      }
    }
  });

  it('streams rows the same way', async () => {
    const text = `select value as n, 'x' as s from json_each('[1,2,3]')`;
    const streamed: unknown[] = [];
    for await (const chunk of db
      .getExecutor()
      .stream(
        { sql: text, parameters: [], query: { kind: 'SelectQueryNode' } as never, queryId: { queryId: 's' } },
        1,
      ))
      streamed.push(...chunk.rows);
    expect(streamed).toEqual(plain.prepare(text).all());
  });

  it('reads a column named __proto__ as an own property, never as the prototype', async () => {
    const text = `select json_object('polluted', 1) as "__proto__", 2 as b`;
    const { rows } = await db.executeQuery({
      sql: text,
      parameters: [],
      query: { kind: 'RawNode' } as never,
      queryId: { queryId: 'p' },
    });
    const [row] = rows as Record<string, unknown>[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('{"polluted":1}');
    expect(row?.b).toBe(2);
  });
});
