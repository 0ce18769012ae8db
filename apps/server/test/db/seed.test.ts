import { STATUSES } from '@adstudio/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/db/seed';
import { verifyPassword } from '../../src/lib/passwords';
import { createTestDb } from '../helper';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

describe('prepareDatabase (first start)', () => {
  it('creates an admin with a random password it reports once, plus demo users and data', async () => {
    const test = await createTestDb();
    drop = test.drop;
    const result = await prepareDatabase(test.db, {
      admin: { email: 'boss@example.com', password: undefined },
      seed: true,
    });
    expect(result.adminPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(result.demoUsers).toEqual(['editor@example.com', 'qa@example.com']);

    const admin = await test.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'boss@example.com')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(admin.roles)).toEqual(['admin']);
    expect(await verifyPassword(admin.password_hash, result.adminPassword!)).toBe(true);

    const statuses = await test.db.selectFrom('campaigns').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual([...STATUSES].sort());
    const scoped = await test.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '!=', admin.company_id)
      .executeTakeFirstOrThrow();
    expect(Number(scoped.n)).toBe(0);
    for (const table of [
      'creatives',
      'profiles',
      'profile_rules',
      'conditions',
      'media_entities',
      'approvals',
    ] as const) {
      const row = await test.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(`${table} ${Number(row.n) > 0}`).toBe(`${table} true`);
    }

    const again = await prepareDatabase(test.db, {
      admin: { email: 'boss@example.com', password: undefined },
      seed: true,
    });
    expect(again).toEqual({ demoUsers: [] });
    expect((await test.db.selectFrom('users').select('id').execute()).length).toBe(3);
  });

  it('with SEED=false creates only the admin, with the given password', async () => {
    const test = await createTestDb();
    drop = test.drop;
    const result = await prepareDatabase(test.db, {
      admin: { email: 'a@example.com', password: 'chosen-password' },
      seed: false,
    });
    expect(result).toEqual({ adminPassword: undefined, demoUsers: [] });
    const users = await test.db.selectFrom('users').select(['email', 'password_hash']).execute();
    expect(users.map((u) => u.email)).toEqual(['a@example.com']);
    expect(await verifyPassword(users[0]!.password_hash, 'chosen-password')).toBe(true);
    expect((await test.db.selectFrom('campaigns').select('id').execute()).length).toBe(0);
  });
});
