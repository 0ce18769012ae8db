import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverBuild } from '../../build.mjs';
import { readXlsx } from '../../src/feeds/xlsx-reader';
import { engine } from '../helper';

const serverDir = path.resolve(import.meta.dirname, '../..');
const probe = path.join(serverDir, 'test/fixtures/feeds/read-xlsx-probe.ts');
const good = path.join(serverDir, 'test/fixtures/feeds/good.xlsx');

// The bundle is engine-independent: building it once is enough.
describe.skipIf(engine === 'postgres')('the bundle', () => {
  it('starts the XLSX worker beside it, from dist/ and from dist/cli/', async () => {
    // Under dist/, where the bundle's dependencies resolve as they do for dist/server.js. A fresh
    // clone (CI) has not built it yet: made for the test and removed after it then.
    const dist = path.join(serverDir, 'dist');
    const madeDist = !fs.existsSync(dist);
    fs.mkdirSync(dist, { recursive: true });
    const outdir = fs.mkdtempSync(path.join(dist, 'worker-test-'));
    try {
      await build({
        ...serverBuild,
        entryPoints: {
          'feeds/xlsx-worker': serverBuild.entryPoints['feeds/xlsx-worker']!,
          'read-xlsx': probe,
          'cli/read-xlsx': probe,
        },
        outdir,
      });
      const table = await readXlsx(good, [], { worker: 'never' });
      const rows = [];
      for await (const row of table.rows) rows.push(row);
      const expected = JSON.parse(JSON.stringify({ columns: table.columns, rows }));
      for (const entry of ['read-xlsx.js', 'cli/read-xlsx.js']) {
        const { stdout, stderr } = await promisify(execFile)(process.execPath, [
          path.join(outdir, entry),
          good,
        ]);
        expect(stderr, entry).toBe('');
        expect(JSON.parse(stdout), entry).toEqual(expected);
      }
    } finally {
      fs.rmSync(madeDist ? dist : outdir, { recursive: true, force: true });
    }
  }, 60_000);
});
