import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { User } from '@adstudio/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { type App, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createDb, type Db } from '../src/db/database';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { pgBossSchemaFor } from '../src/jobs/pg-boss-queue';
import { hashPassword } from '../src/lib/passwords';
import type { Random } from '../src/lib/random';
import { randomToken } from '../src/lib/tokens';
import {
  createCompaniesRepository,
  createUsersRepository,
  toUser,
} from '../src/modules/users/users.repository';
import { createServices, type ServicesOptions } from '../src/services';
import type { LocalDisk } from '../src/storage/local-disk';

export const PASSWORD = 'correct horse battery';
export const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDbOptions {
  /**
   * PostgreSQL only: the URL the returned database connects to, instead of TEST_DATABASE_URL (the
   * same server reached another way, e.g. through a proxy a test cuts). The schema is still created
   * and dropped over TEST_DATABASE_URL.
   */
  postgresUrl?: string;
  /** The last migration to run, instead of all of them (a migration's test runs the next on old data). */
  migrateTo?: string;
}

/** A fresh, migrated database of the engine under test: a temp SQLite file or a new PostgreSQL schema. */
export async function createTestDb({ postgresUrl, migrateTo: last }: TestDbOptions = {}): Promise<{
  db: Db;
  database: Config['database'];
  drop: () => Promise<void>;
}> {
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomToken(9)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
    const admin = createDb({ kind: 'postgres', url });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    const database = { kind: 'postgres' as const, url: postgresUrl ?? url, schema };
    const db = createDb(database);
    await (last ? migrateTo(db, last, schema) : migrateToLatest(db, schema));
    return {
      db,
      database,
      drop: async () => {
        await db.destroy();
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
        // The app's job queue keeps its tables beside the test schema (plugins/jobs.ts).
        await sql`drop schema if exists ${sql.id(pgBossSchemaFor(database))} cascade`.execute(admin);
        await admin.destroy();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-test-'));
  const database = { kind: 'sqlite' as const, file: path.join(dir, 'test.sqlite') };
  const db = createDb(database);
  await (last ? migrateTo(db, last) : migrateToLatest(db));
  return {
    db,
    database,
    drop: async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestUserInput {
  name?: string;
  email?: string;
  roles?: string[];
  permissions?: string[];
  companyId?: number;
}

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  /** The first company; `createCompany` makes others. */
  companyId: number;
  createCompany(name?: string): Promise<number>;
  createUser(input?: TestUserInput): Promise<User>;
  /** Signs the user in through the real sign-in endpoint and returns a client carrying its cookies and XSRF header. */
  injectAs(user: User): Promise<Client>;
  /** A client with no session (but a valid guest XSRF token). */
  guest(): Promise<Client>;
  close(): Promise<void>;
}

export interface Client {
  cookies: Record<string, string>;
  xsrf: string;
  inject(options: InjectOptions & { xsrf?: boolean }): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

let counter = 0;

/**
 * Another server on the test app's database, as a second process behind the same balancer would be:
 * built, ready, on a connection of its own. Close it before the test app.
 */
export async function secondInstance(
  t: Pick<TestApp, 'config'>,
): Promise<{ app: App; close(): Promise<void> }> {
  const db = createDb(t.config.database);
  const app = await buildApp({ config: t.config, db, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      // An app built on a given database leaves it open.
      await db.destroy();
    },
  };
}

export async function buildTestApp(
  env: Record<string, string> = {},
  dbOptions: TestDbOptions = {},
  { random }: { random?: Random } = {},
): Promise<TestApp> {
  const { db, database, drop } = await createTestDb(dbOptions);
  // Each app its own files: ids restart with every test database, so a shared folder would mix them.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-test-data-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SEED: 'false',
      LOG_LEVEL: 'silent',
      ...env,
    }),
    database,
  };
  const app = await buildApp({ config, db, logger: false, random });
  await app.ready();
  const passwordHash = await hashPassword(PASSWORD);
  const companies = createCompaniesRepository(db);
  const users = createUsersRepository(db);
  const companyId = (await companies.insert('Acme')).id;

  const makeClient = (cookies: Record<string, string>): Client => {
    const client: Client = {
      cookies,
      get xsrf() {
        return cookies['XSRF-TOKEN'] ?? '';
      },
      async inject({ xsrf = true, ...options }) {
        const headers = { ...(options.headers ?? {}) } as Record<string, string>;
        if (xsrf && client.xsrf) headers['x-xsrf-token'] = client.xsrf;
        const res = await app.inject({ ...options, headers, cookies: { ...cookies } });
        for (const c of res.cookies) {
          if (c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) delete cookies[c.name];
          else cookies[c.name] = c.value;
        }
        return res;
      },
      get: (url) => client.inject({ method: 'GET', url }),
      post: (url, payload) =>
        client.inject({ method: 'POST', url, payload: payload as InjectOptions['payload'] }),
      put: (url, payload) =>
        client.inject({ method: 'PUT', url, payload: payload as InjectOptions['payload'] }),
      delete: (url) => client.inject({ method: 'DELETE', url }),
    };
    return client;
  };

  const guest = async () => {
    const client = makeClient({});
    await client.get('/healthz');
    return client;
  };

  return {
    app,
    db,
    config,
    companyId,
    createCompany: async (name = `Company ${++counter}`) => (await companies.insert(name)).id,
    createUser: async (input = {}) => {
      const row = await users.insert({
        company_id: input.companyId ?? companyId,
        name: input.name ?? `User ${++counter}`,
        email: input.email ?? `user${++counter}-${randomToken(4)}@example.com`,
        password_hash: passwordHash,
        roles: JSON.stringify(input.roles ?? []),
        permissions: JSON.stringify(input.permissions ?? []),
      });
      return toUser(row);
    },
    injectAs: async (user) => {
      const client = await guest();
      const res = await client.post('/auth/login', { email: user.email, password: PASSWORD });
      if (res.statusCode !== 200)
        throw new Error(`sign-in failed for ${user.email}: ${res.statusCode} ${res.body}`);
      return client;
    },
    guest,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app's services built again over other parts (the composition root, `src/services.ts`): a
 * database with a plugin, lower upload limits, another way of measuring files.
 */
export function servicesWith(
  app: FastifyInstance,
  { db = app.db, config = app.config, ...options }: ServicesOptions & { db?: Db; config?: Config } = {},
) {
  return createServices({ db, storage: app.storage, jobs: app.jobs, config, log: app.log }, options);
}

/** The app's local-disk store, for tests that look at its files (every test app stores on local disk). */
export function diskOf(app: FastifyInstance): LocalDisk {
  const { store } = app.storage;
  if (store.driver !== 'local') throw new Error('This test needs the local-disk store.');
  return store as LocalDisk;
}
