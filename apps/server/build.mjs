// Bundles the server and its CLIs into dist/: our code and the workspace contract inlined,
// every npm dependency left external (native modules such as better-sqlite3 must stay so).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@adstudio/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    'cli/user': 'src/cli/user.ts',
    'cli/seed': 'src/cli/seed.ts',
    'cli/migrate': 'src/cli/migrate.ts',
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
});
