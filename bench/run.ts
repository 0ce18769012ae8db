import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Runs every benchmark in this folder (or those named), one process each. They print figures; none asserts. */
const here = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'util.ts'].includes(f) && !f.endsWith('.d.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();
const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(tsx, [path.join(here, file)], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
