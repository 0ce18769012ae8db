import type { BuildOptions } from 'esbuild';

/** build.mjs's options for dist/, its entries named as they are written (`feeds/xlsx-worker`). */
export declare const serverBuild: BuildOptions & { entryPoints: Record<string, string> };
