import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/database';
import { writeUnpacked } from '../../src/modules/packages/packages.seed';
import { objectStoreFor } from '../../src/storage/stores';
import { insertPackage } from '../rows';

/**
 * An approved, unpacked two-file package of the creative, as its job would leave it in the server's
 * local storage under `dataDir`: a document whose script sets `clickTag` to `exit` (the render
 * replaces it with the click tracker). What a served tag of the creative plays.
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
