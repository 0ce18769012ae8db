// Type-checks every TypeScript project, two at a time (CI has two cores): the projects share
// nothing a single tsc run could reuse, so running them side by side halves the wait.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';

const PROJECTS = ['.', 'packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench'];
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const parallel = Math.max(1, Math.min(2, os.availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

const queue = [...PROJECTS];
const failed = [];
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const result = await check(project);
      // Each project's errors print together, not interleaved with another's.
      if (result.output) process.stdout.write(result.output);
      if (result.code !== 0) failed.push(project);
      console.log(`typecheck ${project}: ${result.code === 0 ? 'ok' : 'errors'}`);
    }
  }),
);
if (failed.length > 0) {
  console.error(`typecheck failed in: ${failed.join(', ')}`);
  process.exit(1);
}
