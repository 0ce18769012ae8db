// The XLSX worker (xlsx-worker.ts) started from the TypeScript sources, in development and tests:
// Node 20 does not apply a loader given in a Worker's execArgv (`--import tsx`) to the worker's own
// file, so the worker registers tsx itself. The bundle starts dist/feeds/xlsx-worker.js instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./xlsx-worker.ts', import.meta.url);
