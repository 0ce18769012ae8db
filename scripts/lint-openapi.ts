/**
 * Lints the OpenAPI document the server serves at /docs/json with Redocly's recommended rules.
 * Builds the app on a throwaway SQLite database, writes the document to a temp file, runs
 * `redocly lint --extends=recommended` on it and exits with its status (non-zero on any error).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { openApiDocument } from './openapi-document';

const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-openapi-'));
let status = 1;
try {
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));

  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const lint = spawnSync(
    process.execPath,
    [cli, 'lint', '--extends=recommended', `--config=${path.join(root, 'redocly.yaml')}`, file],
    { stdio: 'inherit', env: { ...process.env, REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' } },
  );
  status = lint.status ?? 1;
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
