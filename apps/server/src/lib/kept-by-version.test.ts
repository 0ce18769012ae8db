import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptByVersion, type VersionedRows } from './kept-by-version';

// The versions table alone, as migration 2026-11-28-1100 makes it (its triggers are tested with the API).
const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
beforeAll(async () => {
  await sql`create table list_versions (company_id integer, section text, v bigint, primary key (company_id, section))`.execute(
    db,
  );
});
afterAll(() => db.destroy());

const setVersion = (companyId: number, v: number, section = 'campaigns') =>
  sql`insert into list_versions values (${companyId}, ${section}, ${v})
      on conflict (company_id, section) do update set v = excluded.v`.execute(db);

/** A read that answers how often it ran. */
function counter() {
  let n = 0;
  return { read: async () => ++n, runs: () => n };
}

describe('keptByVersion', () => {
  const rows: VersionedRows = { section: 'campaigns', companyId: 7001 };

  it('answers what it kept while the version stays, and reads again once it changes', async () => {
    await setVersion(7001, 1);
    const c = counter();
    expect(await keptByVersion(db, rows, 'a', c.read)).toBe(1);
    expect(await keptByVersion(db, rows, 'a', c.read)).toBe(1);
    expect(c.runs()).toBe(1);
    // Another key, another company: kept apart.
    expect(await keptByVersion(db, rows, 'b', c.read)).toBe(2);
    await setVersion(7002, 1);
    expect(await keptByVersion(db, { ...rows, companyId: 7002 }, 'a', c.read)).toBe(3);
    await setVersion(7001, 2);
    expect(await keptByVersion(db, rows, 'a', c.read)).toBe(4);
    expect(await keptByVersion(db, rows, 'a', c.read)).toBe(4);
    // A version seen before names the rows as they were then: what was read at it is gone anyway.
    await setVersion(7001, 1);
    expect(await keptByVersion(db, rows, 'a', c.read)).toBe(5);
  });

  it('keeps nothing without a version, nor inside a transaction', async () => {
    const c = counter();
    const none = { section: 'campaigns' as const, companyId: 7003 };
    await keptByVersion(db, none, 'a', c.read);
    await keptByVersion(db, none, 'a', c.read);
    expect(c.runs()).toBe(2);
    await setVersion(7003, 5);
    await db.transaction().execute(async (trx) => {
      await keptByVersion(trx, none, 'a', c.read);
      await keptByVersion(trx, none, 'a', c.read);
    });
    expect(c.runs()).toBe(4);
    await keptByVersion(db, none, 'a', c.read);
    await keptByVersion(db, none, 'a', c.read);
    expect(c.runs()).toBe(5);
  });

  it('lets the least recently used go when what it keeps grows too heavy, and never keeps a very heavy one', async () => {
    await setVersion(7004, 1);
    const at = { section: 'campaigns' as const, companyId: 7004 };
    const c = counter();
    // 450,000 each: eight fit in the 4,000,000 kept at most, a ninth lets the least recently used go.
    const heavy = () => 450_000;
    for (const key of ['1', '2', '3', '4', '5', '6', '7', '8'])
      await keptByVersion(db, at, key, c.read, heavy);
    await keptByVersion(db, at, '1', c.read, heavy); // used again: now the most recent
    expect(c.runs()).toBe(8);
    await keptByVersion(db, at, '9', c.read, heavy); // '2' goes
    for (const key of ['1', '3', '9']) await keptByVersion(db, at, key, c.read, heavy);
    expect(c.runs()).toBe(9);
    await keptByVersion(db, at, '2', c.read, heavy);
    expect(c.runs()).toBe(10);
    // Over an eighth of it: never kept.
    const c2 = counter();
    await keptByVersion(db, at, 'huge', c2.read, () => 600_000);
    await keptByVersion(db, at, 'huge', c2.read, () => 600_000);
    expect(c2.runs()).toBe(2);
  });

  it('keeps under the versions of several lists, read again when either changes', async () => {
    const both: VersionedRows[] = [
      { section: 'creatives', companyId: 7005 },
      { section: 'campaigns', companyId: 7005 },
    ];
    const c = counter();
    await setVersion(7005, 1, 'creatives');
    // One of them without a version yet: nothing kept.
    await keptByVersion(db, both, 'a', c.read);
    await keptByVersion(db, both, 'a', c.read);
    expect(c.runs()).toBe(2);
    await setVersion(7005, 1);
    await keptByVersion(db, both, 'a', c.read);
    await keptByVersion(db, both, 'a', c.read);
    expect(c.runs()).toBe(3);
    // What one list alone keeps under the same key is kept apart.
    expect(await keptByVersion(db, both[0]!, 'a', c.read)).toBe(4);
    await setVersion(7005, 2);
    expect(await keptByVersion(db, both, 'a', c.read)).toBe(5);
    await setVersion(7005, 2, 'creatives');
    expect(await keptByVersion(db, both, 'a', c.read)).toBe(6);
    expect(await keptByVersion(db, both, 'a', c.read)).toBe(6);
    await expect(
      keptByVersion(db, [both[0]!, { section: 'campaigns', companyId: 7001 }], 'a', c.read),
    ).rejects.toThrow('one company');
  });

  it('tells long keys apart (kept as their digest)', async () => {
    await setVersion(7006, 1);
    const at = { section: 'campaigns' as const, companyId: 7006 };
    const c = counter();
    const long = (last: string) => `${'1,'.repeat(500)}${last}`;
    expect(await keptByVersion(db, at, long('2'), c.read)).toBe(1);
    expect(await keptByVersion(db, at, long('3'), c.read)).toBe(2);
    expect(await keptByVersion(db, at, long('2'), c.read)).toBe(1);
  });
});
