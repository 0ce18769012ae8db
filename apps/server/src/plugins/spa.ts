import fs from 'node:fs';
import path from 'node:path';
import { NOT_FOUND_MESSAGE } from '@adstudio/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_PARAM_LENGTH } from '../lib/params';

/**
 * Paths that belong to the server, never to the SPA's history-mode fallback. `/logout` is both:
 * the API signs out on POST, and a page opened at `/logout` (a typed address, a new tab) is the
 * SPA's sign-out route, whose loader posts there and goes on to sign-in.
 */
const SERVER_PATHS = /^\/(v1|auth|vapor|sanctum|serve|storage|render|t|docs|healthz|readyz|demo)(\/|$|\?)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * A path no SPA route has, decoded: its last segment names a file (`index-Ab12.js`, `robots.txt`;
 * routes and tokens have no dot), or it climbs with `..` (a probe for files outside the web root).
 */
const NOT_A_ROUTE = /\/[^/]*\.[a-z0-9]+$|(^|\/)\.\.?(\/|$)/i;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * A request no route takes: 405 with `Allow` when its path is a route's under other methods (as
 * Laravel answers, e.g. `DELETE /v1/campaigns`), else our JSON 404. The SPA's catch-all `/*`
 * matches every GET (its `*` is the whole path) and so names no route.
 */
const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

function notRouted(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const url = request.url.split('?')[0]!;
  // A segment past the router's limit names no route under any method (the router answers each
  // such lookup with its own error handler, which is no route either).
  if (url.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH))
    return reply.code(404).send({ message: NOT_FOUND_MESSAGE });
  const allowed = METHODS.filter((method) => {
    const found = app.findRoute({ method, url });
    const star = (found?.params as Record<string, string> | undefined)?.['*'];
    return found !== null && star !== url.slice(1) && star !== decoded(url.slice(1));
  });
  // OPTIONS is CORS's preflight: an origin it does not name gets nothing, as before (plugins/cors).
  if (
    allowed.length === 0 ||
    request.method === 'OPTIONS' ||
    allowed.includes(request.method as (typeof METHODS)[number])
  )
    return reply.code(404).send({ message: NOT_FOUND_MESSAGE });
  return reply
    .code(405)
    .header('allow', allowed.join(', '))
    .send({
      message: `The ${request.method} method is not supported for this route. Supported methods: ${allowed.join(', ')}.`,
    });
}

/**
 * What a GET of a path that is no file and no server path asks for: a browser names text/html; a
 * link checker, a mail scanner or curl accepts anything (any type, or no Accept header at all) and
 * gets the page too, as a link in an e-mail must. A client that names JSON but not HTML (the api
 * client; axios sends JSON, text and anything) wants JSON, and keeps the JSON 404. A missing file
 * (a stale script after a deploy, robots.txt) gets the page only when HTML is named: a script tag
 * accepts anything, and must fail rather than run a page (NOT_A_ROUTE).
 */
function wantsPage(accept: string | undefined, urlPath: string) {
  const types = (accept ?? '*/*')
    .toLowerCase()
    .split(',')
    .map((part) => part.split(';')[0]!.trim());
  if (types.includes('text/html')) return true;
  if (NOT_A_ROUTE.test(decoded(urlPath))) return false;
  if (types.some((type) => type === 'application/json' || type.endsWith('+json'))) return false;
  return types.includes('*/*') || types.includes('text/*');
}

/**
 * Serves the built SPA: hashed assets cached for a year, other files revalidated, and any other
 * GET that would take a page answered with index.html (history mode, `wantsPage`); precompressed
 * copies where the build made them. Files are looked up per request,
 * so a rebuild is served without a restart. Unknown API paths stay JSON 404s.
 */
export const spaPlugin = fp(
  async (app) => {
    const root = app.config.webDist;
    const built = fs.existsSync(path.join(root, 'index.html'));
    if (!built) app.log.warn(`SPA not built at ${root}; run "npm run build" to serve it`);
    // The build writes a best-quality Brotli copy beside each asset (`x.js.br`): served as is to
    // browsers that accept it, instead of compressing every answer anew at a lower level.
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

    // The SPA's runtime configuration (integrations, links), from the server's environment.
    app.get('/config.json', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .send({ ...app.config.web, sentryEnvironment: app.config.env }),
    );

    const fileIn = async (urlPath: string) => {
      let relative: string;
      try {
        relative = decodeURIComponent(urlPath).replace(/^\/+/, '');
      } catch {
        return undefined;
      }
      if (!relative || relative === 'index.html') return undefined;
      const absolute = path.resolve(root, relative);
      if (!absolute.startsWith(root + path.sep)) return undefined;
      const stat = await fs.promises.stat(absolute).catch(() => undefined);
      return stat?.isFile() ? path.relative(root, absolute) : undefined;
    };

    const fallback: RouteHandlerMethod = async (request, reply) => {
      const urlPath = request.url.split('?')[0]!;
      if (SERVER_PATHS.test(urlPath)) return notRouted(app, request, reply);
      const file = built ? await fileIn(urlPath) : undefined;
      if (file) {
        const hashed = file.startsWith(`assets${path.sep}`);
        return reply
          .header('cache-control', hashed ? IMMUTABLE : 'no-cache')
          .sendFile(file, { cacheControl: false });
      }
      if (built && wantsPage(request.headers.accept, urlPath)) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
      }
      return notRouted(app, request, reply);
    };
    app.get('/*', { config: { public: true }, schema: { hide: true } }, fallback);

    app.setNotFoundHandler(async (request, reply) => notRouted(app, request, reply));
  },
  { name: 'spa', dependencies: ['config'] },
);
