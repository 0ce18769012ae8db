import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Executor } from '../../db/database';
import { nowIso } from '../../lib/time';
import { type ObjectStore, scratchFile } from '../../storage/object-store';
import { attemptPrefix, packageFileKey } from '../../storage/package-files';
import { inspectPackage, type PackageInspection } from '../../storage/package-zip';
import { buildZip } from '../../storage/zip-writer';
import { seedCreations } from '../audit';
import { createPackagesRepository } from './packages.repository';

// Demo rows go straight into the tables, as a migration's data would, inside cli/seed-demo.ts's transaction.

/**
 * A minimal Studio `Enabler` for running a package outside an ad server: the dynamic code's
 * `setDevDynamicContent` makes its sample the `dynamicContent` the package reads. An ad server's
 * (or our render route's) own Enabler, loaded first, wins.
 */
const ENABLER_SHIM = `window.Enabler = window.Enabler || {
  setProfileId: function () {},
  setDevDynamicContent: function (content) { window.dynamicContent = content; },
  getParameter: function () { return null; },
  exit: function (name, url) { window.open(url || window.clickTag); }
};
`;

/**
 * Reads the first row of the first feed in `dynamicContent`, whatever the feed is called: the
 * product or destination as the headline, the price on the button, the row's exit URL as clickTag.
 */
const DYNAMIC_AD_JS = `var clickTag = "https://www.example.com/summer-sale";
(function () {
  var content = window.dynamicContent || {};
  var row = null;
  for (var feed in content) {
    if (Object.prototype.toString.call(content[feed]) === '[object Array]' && content[feed][0]) {
      row = content[feed][0];
      break;
    }
  }
  if (!row) return;
  var first = function (names) {
    for (var i = 0; i < names.length; i++) {
      var value = row[names[i]];
      if (value !== undefined && value !== null && value !== '') return String(value);
    }
    return null;
  };
  var headline = first(['Headline', 'Product_Name', 'Destination', 'Reporting_Label']);
  var price = first(['Price', 'Price_From']);
  var exit = first(['Exit_URL']);
  if (headline) document.querySelector('.headline').textContent = headline;
  if (price) document.querySelector('.cta').textContent = isNaN(Number(price)) ? price : 'From ' + price;
  if (exit && /^https?:/.test(exit)) clickTag = exit;
})();
`;

/**
 * The files of a small animated HTML5 banner of `width`×`height`, as a producer would upload it.
 * With `dynamicCode` (a creative's generated code) it reads its headline, price and exit from the
 * feed's content, pasted in before its own script as Studio producers do.
 */
export function demoBannerFiles(
  width: number,
  height: number,
  dynamicCode?: string,
): { name: string; data: string }[] {
  const tall = height > width;
  const dynamicScripts = dynamicCode
    ? '<script src="enabler.js"></script>\n<script src="dynamic.js"></script>\n'
    : '';
  const files = [
    {
      name: 'index.html',
      data: `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="ad.size" content="width=${width},height=${height}">
<title>Northwind Media demo banner</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<a id="ad" href="#" class="${tall ? 'tall' : 'wide'}">
  <span class="brand">Northwind Media</span>
  <span class="headline">Summer sale</span>
  <span class="cta">Shop now</span>
</a>
${dynamicScripts}<script src="ad.js"></script>
</body>
</html>
`,
    },
    {
      name: 'style.css',
      data: `html, body { margin: 0; width: ${width}px; height: ${height}px; overflow: hidden; }
#ad { box-sizing: border-box; display: flex; width: 100%; height: 100%; padding: 8px; gap: 8px;
  align-items: center; justify-content: space-between; text-decoration: none; color: #fff;
  font: 600 14px/1.2 system-ui, sans-serif; background: linear-gradient(135deg, #1e3a8a, #0ea5e9); }
#ad.tall { flex-direction: column; justify-content: center; text-align: center; }
.brand { opacity: 0.85; font-size: 12px; }
.headline { font-size: ${Math.max(14, Math.min(32, Math.round(Math.min(width, height) / 6)))}px;
  animation: pop 1.6s ease-out both; }
.cta { background: #facc15; color: #1e293b; padding: 6px 10px; border-radius: 4px;
  animation: pop 1.6s 0.8s ease-out both; }
@keyframes pop { from { opacity: 0; transform: scale(0.8); } to { opacity: 1; transform: none; } }
`,
    },
    {
      name: 'ad.js',
      data: `${dynamicCode ? DYNAMIC_AD_JS : 'var clickTag = "https://www.example.com/summer-sale";\n'}document.getElementById('ad').addEventListener('click', function (event) {
  event.preventDefault();
  window.open(window.clickTag);
});
`,
    },
  ];
  return dynamicCode
    ? [...files, { name: 'enabler.js', data: ENABLER_SHIM }, { name: 'dynamic.js', data: dynamicCode }]
    : files;
}

/**
 * Stores a package's unpacked files as its unpack job does (package-unpack.ts): in an attempt
 * folder of its own, each recorded once written, then live as the package turns ready. Answers
 * the folder.
 */
export async function writeUnpacked(
  db: Executor,
  disk: ObjectStore,
  id: number,
  files: readonly { name: string; data: string | Buffer }[],
): Promise<string> {
  const packages = createPackagesRepository(db);
  const prefix = attemptPrefix(id);
  await packages.startUnpack(id, prefix, db);
  for (const file of files) {
    const size = await disk.writeBytes(packageFileKey(prefix, file.name), Buffer.from(file.data));
    await packages.recordFile(id, prefix, { path: file.name, size }, db);
  }
  await packages.publish(id, prefix, {}, db);
  return prefix;
}

/**
 * One approved HTML5 package per demo creative, stored as an upload and its unpack job would store
 * it (the zip, then its files in a folder under `packages/{id}/`), judged by the real inspection.
 * Each size is built and inspected once.
 */
export async function seedPackages(
  db: Executor,
  disk: ObjectStore,
  scope: { companyId: number; userId: number },
  creatives: readonly { id: number; width: number; height: number }[],
): Promise<void> {
  const bySize = new Map<string, Promise<{ zip: Buffer; inspection: PackageInspection }>>();
  const packageOf = (width: number, height: number, dynamicCode?: string) => {
    // A creative's own dynamic code makes its package its own.
    if (dynamicCode) return inspected(width, height, dynamicCode);
    const key = `${width}x${height}`;
    let built = bySize.get(key);
    if (!built) {
      built = inspected(width, height);
      bySize.set(key, built);
    }
    return built;
  };
  // Feed-driven creatives get a package that reads their feed (their generated dynamic code).
  const codes = new Map(
    creatives.length === 0
      ? []
      : (
          await db
            .selectFrom('dynamic_codes')
            .select(['creative_id', 'code'])
            .where('company_id', '=', scope.companyId)
            .where(
              'creative_id',
              'in',
              creatives.map((creative) => creative.id),
            )
            .execute()
        ).map((row) => [row.creative_id, row.code]),
  );
  const now = nowIso();
  const creations = [];
  for (const creative of creatives) {
    const dynamicCode = codes.get(creative.id);
    const { zip, inspection } = await packageOf(creative.width, creative.height, dynamicCode);
    const storageKey = `package-zips/${scope.companyId}/${creative.id}/${randomUUID()}.zip`;
    await disk.writeBytes(storageKey, zip);
    const fields = {
      creative_id: creative.id,
      version: 1,
      original_name: `banner-${creative.width}x${creative.height}.zip`,
      size: zip.length,
      notes: 'Demo package.',
      status: 'approved' as const,
    };
    const row = await db
      .insertInto('packages')
      .values({
        ...fields,
        company_id: scope.companyId,
        storage_key: storageKey,
        created_by: scope.userId,
        processing: 'queued',
        entry_file: inspection.entryFile,
        file_count: inspection.fileCount,
        unpacked_size: inspection.unpackedSize,
        findings: JSON.stringify(inspection.findings),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeUnpacked(db, disk, row.id, demoBannerFiles(creative.width, creative.height, dynamicCode));
    creations.push({ entityId: row.id, fields });
  }
  await seedCreations(db, { ...scope, entityType: 'package' }, now, creations);
}

async function inspected(width: number, height: number, dynamicCode?: string) {
  const zip = buildZip(demoBannerFiles(width, height, dynamicCode));
  const scratch = await scratchFile('demo.zip', 'adstudio-seed-');
  await fs.promises.writeFile(scratch.path, zip);
  try {
    const inspection = await inspectPackage(scratch.path, { width, height });
    if (!inspection.ok) throw new Error(`The demo package of ${width}x${height} has errors.`);
    return { zip, inspection };
  } finally {
    await scratch.release();
  }
}
