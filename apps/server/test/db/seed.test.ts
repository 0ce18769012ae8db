import { IAB_SIZES, STATUS_TRANSITIONS, STATUSES, type Status } from '@adstudio/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/db/seed';
import { verifyPassword } from '../../src/lib/passwords';
import { statusPath } from '../../src/lib/status-moves';
import { createTestDb } from '../helper';

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

describe('statusPath', () => {
  it.each(STATUSES)('reaches %s from draft by allowed moves only', (target) => {
    const path = statusPath(target);
    expect(path[0]).toBe('draft');
    expect(path.at(-1)).toBe(target);
    for (let i = 1; i < path.length; i++) expect(STATUS_TRANSITIONS[path[i - 1]!]).toContain(path[i]);
  });
});

describe('seeded history', () => {
  it('gives every demo campaign a created entry and status moves that end at its status', async () => {
    const test = await createTestDb();
    drop = test.drop;
    await prepareDatabase(test.db, {
      admin: { email: 'h@example.com', password: 'history-pass' },
      seed: true,
    });
    const campaigns = await test.db.selectFrom('campaigns').select(['id', 'status']).execute();
    for (const campaign of campaigns) {
      const entries = await test.db
        .selectFrom('audit_log')
        .select(['action', 'changes'])
        .where('entity_type', '=', 'campaign')
        .where('entity_id', '=', campaign.id)
        .orderBy('created_at')
        .execute();
      expect(entries[0]?.action).toBe('created');
      const last = JSON.parse(entries.at(-1)!.changes).status;
      expect(last[1]).toBe(campaign.status);
    }
  });
});

describe('seeded creatives', () => {
  it('gives each campaign 2–5 creatives in IAB sizes, every status across them, and a history the app could write', async () => {
    const test = await createTestDb();
    drop = test.drop;
    await prepareDatabase(test.db, {
      admin: { email: 'c@example.com', password: 'creative-pass' },
      seed: true,
    });
    const campaigns = await test.db.selectFrom('campaigns').select('id').execute();
    const creatives = await test.db
      .selectFrom('creatives')
      .select(['id', 'campaign_id', 'name', 'width', 'height', 'status', 'click_url'])
      .execute();
    for (const campaign of campaigns) {
      const own = creatives.filter((c) => c.campaign_id === campaign.id);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(5);
      expect(new Set(own.map((c) => c.name.toLowerCase())).size).toBe(own.length);
    }
    for (const creative of creatives) {
      expect(IAB_SIZES.some((size) => size.width === creative.width && size.height === creative.height)).toBe(
        true,
      );
      expect(creative.click_url).toMatch(/^https:\/\//);
    }
    expect([...new Set(creatives.map((c) => c.status))].sort()).toEqual([...STATUSES].sort());

    const audit = await test.db
      .selectFrom('audit_log')
      .select(['entity_id', 'action', 'changes', 'created_at'])
      .where('entity_type', '=', 'creative')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const creative of creatives) {
      const entries = audit.filter((a) => a.entity_id === creative.id);
      expect(entries[0]?.action).toBe('created');
      expect(JSON.parse(entries[0]!.changes).status).toEqual([null, 'draft']);
      let at: Status = 'draft';
      for (const entry of entries.slice(1)) {
        expect(entry.action).toBe('status');
        const [from, to] = JSON.parse(entry.changes).status as [Status, Status];
        expect(from).toBe(at);
        expect(STATUS_TRANSITIONS[from]).toContain(to);
        at = to;
      }
      expect(at).toBe(creative.status);
    }
  });
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
