import fs from 'node:fs';
import path from 'node:path';
import { randomToken } from '../lib/tokens';

/** The signing secret: APP_KEY, else one kept in DATA_DIR/app.key (created on first use, owner-only). */
export function resolveAppKey(appKey: string | undefined, dataDir: string): string {
  if (appKey) return appKey;
  const file = path.join(dataDir, 'app.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const key = randomToken(32);
    try {
      fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      // Another process created it first.
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}
