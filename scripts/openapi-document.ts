import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';

/**
 * The OpenAPI document the server serves at /docs/json, built from the app on a throwaway SQLite
 * database (removed again): what scripts/lint-openapi.ts lints and scripts/dump-openapi.ts writes.
 */
export async function openApiDocument(): Promise<unknown> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-openapi-'));
  try {
    const database = { kind: 'sqlite' as const, file: path.join(dir, 'openapi.sqlite') };
    const db = createDb(database);
    await migrateToLatest(db);
    const config = {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, SEED: 'false', LOG_LEVEL: 'silent' }),
      database,
    };
    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    const document = app.swagger();
    await app.close();
    await db.destroy();
    return document;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
