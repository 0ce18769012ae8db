import { loadConfig } from '@adstudio/server/src/config';
import type { Db } from '@adstudio/server/src/db/database';
import { writeUnpacked } from '@adstudio/server/src/modules/packages/packages.seed';
import { objectStoreFor } from '@adstudio/server/src/storage/stores';
import { insertPackage } from '../../apps/server/test/rows';
import { type Session, writeHeaders } from './load-setup';

/** A signed-in call of the API answering its `data`; anything but 2xx throws with the answer. */
export async function api(base: string, session: Session, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: writeHeaders(session),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 400)}`);
  return JSON.parse(text).data as Record<string, unknown>;
}

/**
 * An approved, unpacked two-file package of the creative, as its job would leave it in the server's
 * local storage under `dataDir`: a document whose script sets `clickTag` to `exit` (the render
 * replaces it with the click tracker).
 */
export async function insertServedPackage(
  db: Db,
  dataDir: string,
  { companyId, creativeId, exit }: { companyId: number; creativeId: number; exit: string },
) {
  const packageId = await insertPackage(db, {
    companyId,
    creativeId,
    status: 'approved',
    file_count: 2,
    unpacked_size: 400,
  });
  const config = loadConfig({ DATA_DIR: dataDir, STORAGE: 'local' });
  await writeUnpacked(db, objectStoreFor(config.storage), packageId, [
    {
      name: 'index.html',
      data: '<!doctype html><html><head><meta charset="utf-8"><script src="main.js"></script></head><body><div id="ad"></div></body></html>',
    },
    { name: 'main.js', data: `var clickTag = "${exit}";` },
  ]);
  return packageId;
}
