/**
 * Writes the OpenAPI document the server serves at /docs/json to the file given (default stdout),
 * with its keys sorted, so a refactor can show the document is unchanged: `diff` two dumps.
 * Usage: npx tsx scripts/dump-openapi.ts /tmp/before.json
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';

const sorted = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, sorted(v)]),
    );
  return value;
};

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
  const text = `${JSON.stringify(sorted(app.swagger()), null, 2)}\n`;
  await app.close();
  await db.destroy();
  const out = process.argv[2];
  if (out) fs.writeFileSync(out, text);
  else process.stdout.write(text);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
