import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';
const serverPaths = [
  '/config.json',
  '/v1',
  '/auth',
  '/logout',
  '/vapor',
  '/storage',
  '/docs',
  '/healthz',
  '/readyz',
  '/render',
  '/t/',
];

const CONTRACT = /[\\/]packages[\\/]contract[\\/]/;
const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const shellByBuild = new WeakMap<ChunkingContext, Set<string>>();

/**
 * The modules main.tsx reaches through static imports (dynamic imports start other chunks). Not
 * through the contract: its index re-exports every schema, of which the shell uses none.
 */
function shellModules(ctx: ChunkingContext): Set<string> {
  let modules = shellByBuild.get(ctx);
  if (modules) return modules;
  modules = new Set();
  const pending = [ENTRY];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (modules.has(id) || CONTRACT.test(id)) continue;
    modules.add(id);
    pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  shellByBuild.set(ctx, modules);
  return modules;
}

const GRID_MATERIAL = /[\\/]@mui[\\/]x-data-grid[\\/]material[\\/]index\.m?js$/;
const MUI_POPPER_USERS = /[\\/]@mui[\\/]material[\\/](Tooltip|Autocomplete)[\\/]\w+\.m?js$/;
/** What the DataGrid binds for what it draws only once opened (menus, panels) or never with our props. */
const DEFERRED_GRID_PARTS = ['Autocomplete', 'Badge', 'Popper', 'Tab', 'Tabs', 'ToggleButton'];
const DEFERRED = '\0deferred:';
const DEFERRED_COMPONENT = fileURLToPath(
  new URL('./src/components/ui/deferred-component.tsx', import.meta.url),
);

function deferredPart(source: string, importer: string): string | null {
  if (GRID_MATERIAL.test(importer)) {
    const part = /^@mui\/material\/(\w+)$/.exec(source)?.[1];
    return part && DEFERRED_GRID_PARTS.includes(part) ? part : null;
  }
  return MUI_POPPER_USERS.test(importer) && source === '../Popper/index.mjs' ? 'Popper' : null;
}

/**
 * MUI parts that a first load carries without drawing them: the DataGrid binds every part a slot
 * may use (the filter panel's Autocomplete, the menus' Popper, Tabs, toggle buttons, badges), and a
 * Tooltip or an Autocomplete brings Popper and popper.js before any popup opens (~20 KB on the wire
 * for a list). Imported from there, these load when first drawn, a popper when it first opens
 * (components/ui/deferred-component.tsx). Elsewhere the app imports MUI as usual.
 */
function deferMuiParts(): Plugin {
  return {
    name: 'adstudio:defer-mui-parts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const part = importer ? deferredPart(source, importer) : null;
      return part ? DEFERRED + part : null;
    },
    load(id) {
      if (!id.startsWith(DEFERRED)) return null;
      return [
        `import { deferredComponent } from ${JSON.stringify(DEFERRED_COMPONENT)};`,
        `export default deferredComponent(() => import('@mui/material/${id.slice(DEFERRED.length)}'));`,
      ].join('\n');
    },
  };
}

const brotli = promisify(zlib.brotliCompress);

/**
 * A Brotli copy (best quality) beside each built file, for a server that sends precompressed files
 * (@fastify/static's `preCompressed`): ~9 % less on the wire than compressing each response at the
 * moderate level a server can afford per request.
 */
function precompress(): Plugin {
  return {
    name: 'adstudio:precompress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (!dir) return;
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(path.join(dir, file));
          if (data.length < 1024) return;
          const params = {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          };
          await fs.writeFile(path.join(dir, `${file}.br`), await brotli(data, { params }));
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [deferMuiParts(), react(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: API, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // The contract is pure declarations: importing `canAccess` must not drag every zod schema
        // (and zod's classic build) into the first load. A module whose constant is used is kept,
        // though, with its top-level schemas: `z` calls are declared pure so that those unused go
        // (a `z.config(…)` run for its effect would go too: the web app has none).
        moduleSideEffects: [{ test: CONTRACT, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          // The first load as one chunk: every module the entry imports statically. Left alone,
          // rolldown splits what the lazy pages share with the shell into a dozen small chunks,
          // each a request that compresses worse.
          groups: [{ name: (id, ctx) => (shellModules(ctx).has(id) ? 'shell' : null) }],
        },
      },
    },
  },
});
