import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Runs every benchmark in this folder (or those named), one process each. They print figures; none asserts. */
const here = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.d.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();
const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');
// Ctrl-C reaches the running benchmark too: wait for it to remove its database, then stop.
let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
});
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(tsx, [path.join(here, file)], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed++;
  if (interrupted || result.signal || result.status === 130) break;
}
process.exit(failed ? 1 : 0);
