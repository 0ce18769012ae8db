import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Paths that belong to the server, never to the SPA's history-mode fallback. */
const SERVER_PATHS = /^\/(v1|auth|logout|vapor|storage|render|t|docs|healthz)(\/|$|\?)/;

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, and any
 * other GET that accepts HTML answered with index.html. Unknown API paths stay JSON 404s.
 */
export const spaPlugin = fp(
  async (app) => {
    const root = app.config.webDist;
    const built = fs.existsSync(path.join(root, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root,
        index: false,
        wildcard: false,
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn(`SPA not built at ${root}; run "npm run build" to serve it`);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const wantsHtml = request.headers.accept?.includes('text/html') ?? false;
      if (built && request.method === 'GET' && wantsHtml && !SERVER_PATHS.test(request.url)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
      }
      return reply.code(404).send({ message: 'Not found.' });
    });
  },
  { name: 'spa', dependencies: ['config'] },
);
