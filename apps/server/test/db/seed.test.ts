import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { IAB_SIZES, STATUS_TRANSITIONS, STATUSES, type Status, statusPath } from '@adstudio/contract';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/cli/seed-demo';
import { verifyPassword } from '../../src/lib/passwords';
import { packageFileKey } from '../../src/storage/package-files';
import { inspectPackage } from '../../src/storage/package-zip';
import { createTestDb } from '../helper';

const APP_URL = 'http://adstudio.test';
let drop: (() => Promise<void>) | undefined;
/** Where a seed stores its demo files; a fresh directory per test. */
let storageDir = '';
const fresh = () => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-seed-'));
  return storageDir;
};
afterEach(async () => {
  await drop?.();
  drop = undefined;
  if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
  storageDir = '';
});

/**
 * A new test database prepared as `npm start` prepares one: the admin given, the demo seeded unless
 * `seed` is false, its files in a fresh directory. The database is dropped after the test.
 */
async function prepared(admin: { email: string; password: string | undefined }, { seed = true } = {}) {
  const test = await createTestDb();
  drop = test.drop;
  const result = await prepareDatabase(test.db, {
    admin,
    seed,
    storage: { driver: 'local', dir: fresh() },
    appUrl: APP_URL,
  });
  return { test, result };
}

describe('statusPath', () => {
  it.each(STATUSES)('reaches %s from draft by allowed moves only', (target) => {
    const path = statusPath('draft', target)!;
    expect(path[0]).toBe('draft');
    expect(path.at(-1)).toBe(target);
    for (let i = 1; i < path.length; i++) expect(STATUS_TRANSITIONS[path[i - 1]!]).toContain(path[i]);
  });
});

/** Seeding the demo (images included) is heavy: a bound for a loaded 2-core machine, not a timing claim. */
const SEED_BOUND_MS = 90_000;

/**
 * One demo seeded for the tests that only read it: seeding (images and packages included) is the
 * heavy part, 13–15 s on a loaded 2-core machine, once instead of once a test.
 */
describe('the seeded demo', () => {
  let test: Awaited<ReturnType<typeof createTestDb>>;
  let demoDir = '';
  beforeAll(async () => {
    test = await createTestDb();
    demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-seed-'));
    await prepareDatabase(test.db, {
      admin: { email: 'demo@example.com', password: 'demo-pass' },
      seed: true,
      storage: { driver: 'local', dir: demoDir },
      appUrl: APP_URL,
    });
  }, SEED_BOUND_MS);
  afterAll(async () => {
    await test?.drop();
    if (demoDir) fs.rmSync(demoDir, { recursive: true, force: true });
  });

  it(
    'gives every demo campaign a created entry and status moves that end at its status',
    async () => {
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
    },
    SEED_BOUND_MS,
  );

  it(
    'gives each campaign 2–5 creatives in IAB sizes, every status across them, and a history the app could write',
    async () => {
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
        expect(
          IAB_SIZES.some((size) => size.width === creative.width && size.height === creative.height),
        ).toBe(true);
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
    },
    SEED_BOUND_MS,
  );

  it(
    'gives every creative 2–3 real PNGs with WebP thumbnails on disk, its fallback the one of its size',
    async () => {
      const creatives = await test.db
        .selectFrom('creatives')
        .select(['id', 'width', 'height', 'fallback_asset_id'])
        .execute();
      const assets = await test.db.selectFrom('assets').selectAll().execute();
      const file = (key: string) => path.join(demoDir, ...key.split('/'));
      for (const creative of creatives) {
        const own = assets.filter((a) => a.creative_id === creative.id);
        expect(own.length).toBeGreaterThanOrEqual(2);
        expect(own.length).toBeLessThanOrEqual(3);
        const fallback = own.find((a) => a.id === creative.fallback_asset_id);
        expect([fallback?.width, fallback?.height]).toEqual([creative.width, creative.height]);
      }
      // Each size is drawn once; check one asset of each.
      const bySize = new Map(assets.map((a) => [`${a.width}x${a.height}`, a]));
      for (const asset of bySize.values()) {
        expect(asset.storage_key).toMatch(
          new RegExp(`^assets/${asset.company_id}/${asset.creative_id}/[0-9a-f-]+\\.png$`),
        );
        const meta = await sharp(file(asset.storage_key)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', asset.width, asset.height]);
        expect(fs.statSync(file(asset.storage_key)).size).toBe(asset.size);
        expect(asset.sha256).toMatch(/^[0-9a-f]{64}$/);
        const thumbnail = await sharp(file(asset.thumbnail_key!)).metadata();
        expect(thumbnail.format).toBe('webp');
        expect(Math.max(thumbnail.width!, thumbnail.height!)).toBeLessThanOrEqual(320);
      }
      const audited = await test.db
        .selectFrom('audit_log')
        .select('entity_id')
        .where('entity_type', '=', 'asset')
        .where('action', '=', 'created')
        .execute();
      expect(audited.length).toBe(assets.length);

      // One approved HTML5 package per creative, unpacked, whose files are the zip's own.
      const packages = await test.db.selectFrom('packages').selectAll().execute();
      expect(packages.map((p) => p.creative_id).sort()).toEqual(creatives.map((c) => c.id).sort());
      const codes = await test.db.selectFrom('dynamic_codes').select(['creative_id', 'code']).execute();
      // The feed's sample image URLs in a pasted dynamic code are outside hosts, rightly warned of.
      const unexpected = (creativeId: number, findings: { code: string; file?: string }[]) =>
        findings.filter(
          (f) =>
            !(
              codes.some((c) => c.creative_id === creativeId) &&
              f.code === 'outside-host' &&
              f.file === 'dynamic.js'
            ),
        );
      const feedDriven = packages.filter((p) => codes.some((c) => c.creative_id === p.creative_id));
      for (const pkg of [...packages.slice(0, 5), ...feedDriven.slice(0, 2)]) {
        expect(pkg).toMatchObject({
          status: 'approved',
          processing: 'ready',
          version: 1,
          entry_file: 'index.html',
        });
        expect(unexpected(pkg.creative_id, JSON.parse(pkg.findings))).toEqual([]);
        const creative = creatives.find((c) => c.id === pkg.creative_id)!;
        const inspection = await inspectPackage(file(pkg.storage_key), creative);
        expect(unexpected(pkg.creative_id, inspection.findings)).toEqual([]);
        // Unpacked as the job does: each file of the zip recorded in the live folder, and nothing else.
        const recorded = await test.db
          .selectFrom('package_files')
          .select(['path', 'size'])
          .where('prefix', '=', pkg.files_prefix!)
          .execute();
        const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);
        expect(recorded.sort(byPath)).toEqual(
          inspection.files.map(({ path, size }) => ({ path, size })).sort(byPath),
        );
        for (const entry of inspection.files) {
          const unpacked = fs.readFileSync(file(packageFileKey(pkg.files_prefix!, entry.path)));
          expect(unpacked.length, entry.path).toBe(entry.size);
        }
        expect(fs.readFileSync(file(packageFileKey(pkg.files_prefix!, 'index.html')), 'utf8')).toContain(
          `width=${creative.width},height=${creative.height}`,
        );
      }

      // A feed-driven creative's package reads the feed: its scripts, run in page order, show the
      // first row's headline and price and click through to the row's exit URL.
      expect(codes.length).toBeGreaterThan(0);
      for (const { creative_id, code } of codes) {
        const pkg = packages.find((p) => p.creative_id === creative_id)!;
        const read = (name: string) => fs.readFileSync(file(packageFileKey(pkg.files_prefix!, name)), 'utf8');
        expect(read('dynamic.js')).toBe(code);
        const scripts = [...read('index.html').matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
        expect(scripts).toEqual(['enabler.js', 'dynamic.js', 'ad.js']);
        const shown: Record<string, { textContent: string }> = {
          '.headline': { textContent: 'Summer sale' },
          '.cta': { textContent: 'Shop now' },
        };
        const page = vm.createContext({
          document: {
            querySelector: (selector: string) => shown[selector],
            getElementById: () => ({ addEventListener: () => {} }),
          },
        });
        page.window = page;
        for (const script of scripts) vm.runInContext(read(script), page);
        const sample = page.dynamicContent as Record<string, Record<string, unknown>[]>;
        const row = Object.values(sample)[0]![0]!;
        expect(shown['.headline']!.textContent).toBe(String(row.Headline ?? row.Product_Name));
        expect(shown['.cta']!.textContent).toContain(String(row.Price ?? row.Price_From));
        expect(page.clickTag).toBe(row.Exit_URL);
      }
    },
    SEED_BOUND_MS,
  );
});

describe('prepareDatabase (first start)', () => {
  it(
    'creates an admin with a random password it reports once, plus demo users and data',
    async () => {
      const { test, result } = await prepared({ email: 'boss@example.com', password: undefined });
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
        storage: { driver: 'local', dir: storageDir },
        appUrl: APP_URL,
      });
      expect(again).toEqual({ demoUsers: [] });
      expect((await test.db.selectFrom('users').select('id').execute()).length).toBe(3);
    },
    SEED_BOUND_MS,
  );

  it(
    'with SEED=false creates only the admin, with the given password',
    async () => {
      const { test, result } = await prepared(
        { email: 'a@example.com', password: 'chosen-password' },
        { seed: false },
      );
      expect(result).toEqual({ adminPassword: undefined, demoUsers: [] });
      const users = await test.db.selectFrom('users').select(['email', 'password_hash']).execute();
      expect(users.map((u) => u.email)).toEqual(['a@example.com']);
      expect(await verifyPassword(users[0]!.password_hash, 'chosen-password')).toBe(true);
      expect((await test.db.selectFrom('campaigns').select('id').execute()).length).toBe(0);
    },
    SEED_BOUND_MS,
  );
});
