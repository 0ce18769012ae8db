// Bundles the server and its CLIs into dist/: our code and the workspace contract inlined,
// every npm dependency left external (native modules such as better-sqlite3 must stay so).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@adstudio/'));

/** esbuild's options for dist/; the XLSX worker's test bundles its entry with them. */
export const serverBuild = {
  absWorkingDir: import.meta.dirname,
  entryPoints: {
    server: 'src/server.ts',
    'cli/user': 'src/cli/user.ts',
    'cli/seed': 'src/cli/seed.ts',
    'cli/migrate': 'src/cli/migrate.ts',
    // A worker thread's own file, which src/feeds/xlsx-worker-table.ts finds beside the bundle.
    'feeds/xlsx-worker': 'src/feeds/xlsx-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // import.meta.dirname must point at apps/server/dist, as src/ does for config.ts.
  logLevel: 'warning',
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await build(serverBuild);
