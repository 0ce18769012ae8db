import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
  '/render',
  '/t/',
];

export default defineConfig({
  plugins: [react()],
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
        // (and zod's classic build) into the first load.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]/, sideEffects: false }],
      },
    },
  },
});
