import { ErrorBodySchema, ServerErrorBodySchema, ValidationErrorBodySchema } from '@adstudio/contract';
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { needsXsrf, routeGuard, SESSION_COOKIE, takesBearer } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The path parameter that carries a token link (DESIGN section 9), e.g. `'token'`: with
     * `public: true` the token is the route's only credential. Documented with 404 and 410.
     */
    tokenParam?: string;
  }
}

/** The API's credentials (components.securitySchemes), named in every operation's `security`. */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie (HttpOnly) that `POST /auth/login` sets.',
  },
  xsrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description:
      'The URL-decoded value of the `XSRF-TOKEN` cookie, which every answer sets (e.g. ' +
      '`GET /sanctum/csrf-cookie`). Needed on state-changing requests.',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal access token, `{id}|{secret}` (`POST /v1/user/tokens`), instead of the cookie: no ' +
      'XSRF header. A `read` token may only read (403 on a write); never with a session cookie (400).',
  },
} as const;
type Scheme = keyof typeof SECURITY_SCHEMES;

/** Path parameters that name a row: a bad or unknown one answers 404 (DESIGN section 4). */
const ID_PARAM = /^(id|[a-z][A-Za-z0-9]*Id)$/;

const error = (description: string) => ErrorBodySchema.describe(description);
const ANSWERS = {
  400: error('The body is not well-formed (e.g. broken JSON).'),
  401: error('Not signed in: `{"message":"Unauthenticated."}`.'),
  404: error('Not found, or not visible to this user.'),
  410: error('The token link was revoked or has expired.'),
  413: error('The body is larger than the server accepts.'),
  415: error('The body has a content type this route does not read.'),
  419: {
    session: error('The session has expired.'),
    xsrf: error('CSRF token mismatch: `X-XSRF-TOKEN` does not echo the `XSRF-TOKEN` cookie.'),
    both: error('The session has expired, or CSRF token mismatch (`X-XSRF-TOKEN` missing or wrong).'),
  },
  422: ValidationErrorBodySchema.describe(
    'Invalid input: `errors` maps each field to its messages (a refusal of the whole item: `id`).',
  ),
  429: error('Too many requests; retry after the seconds in the Retry-After header.'),
  500: ServerErrorBodySchema.describe('Unexpected failure, logged under `request_id`.'),
  bearer400: error('Broken body, or a bearer token sent with a session cookie (send one of the two).'),
  bearer403: error('A permission is missing, or the bearer token has the read ability only.'),
};

const STATE_CHANGING_GET_NOTE =
  'A GET that changes state (as the spec names it): because a link or an image could trigger it, ' +
  'it needs the `X-XSRF-TOKEN` header like a write (419 without), and its answer is never cached ' +
  '(`Cache-Control: no-store`).';
const VERSION_NOTE =
  'Send the `updated_at` the change is based on, in the body or as `If-Match`: when the item changed ' +
  'since, the answer is 409 and nothing is written. Without either the change is unconditional.';
const PATCH_NOTE = "`PATCH` on the same path is the same call (as Laravel's resource routes answer both).";

/** What the document is made from: a route as registered (an `onRoute` hook's options fit). */
export interface DocumentedRoute {
  method: string | readonly string[];
  url: string;
  config?: FastifyContextConfig;
  schema?: FastifySchema;
}

/**
 * The answers every route of its kind can give, from its guard, config and schema; the route's own
 * `schema.response` adds what is specific to it (its successes, 403, 409) and wins on a clash.
 */
export function defaultAnswers(method: string, route: DocumentedRoute): Record<number, z.ZodType> {
  const guard = routeGuard(route.url, route.config);
  const schema = route.schema ?? {};
  const params = paramNames(route.url);
  const session = !guard.public;
  const xsrf = needsXsrf(guard, method);
  const answers: Record<number, z.ZodType> = { 500: ANSWERS[500] };
  // Outside the per-IP ceiling, a token route still answers 429 to an address that missed too often.
  if (route.config?.rateLimit !== false || route.config?.tokenParam) answers[429] = ANSWERS[429];
  if (session) answers[401] = ANSWERS[401];
  if (session || xsrf) answers[419] = ANSWERS[419][session && xsrf ? 'both' : session ? 'session' : 'xsrf'];
  if (schema.body) Object.assign(answers, { 400: ANSWERS[400], 413: ANSWERS[413], 415: ANSWERS[415] });
  if (schema.body || schema.querystring || schema.headers || canReject(schema.params))
    answers[422] = ANSWERS[422];
  if (params.some((name) => ID_PARAM.test(name))) answers[404] = ANSWERS[404];
  if (route.config?.tokenParam) Object.assign(answers, { 404: ANSWERS[404], 410: ANSWERS[410] });
  if (documentsBearer(route.url, guard)) {
    answers[400] = ANSWERS.bearer400;
    // A route's own 403 (a missing permission) wins; a read-only token's refusal is one too.
    if (xsrf) answers[403] = ANSWERS.bearer403;
  }
  return answers;
}

/** Whether a bearer token may call the route (the session plugin's rule), but to manage tokens. */
const documentsBearer = (url: string, guard: { public: boolean }) =>
  takesBearer(url, guard) && !/^\/v1\/(user\/)?tokens/.test(url);

/**
 * Who may call the route, as an OpenAPI security requirement (`[]`: anyone, e.g. a public token
 * route, whose token in the path is no scheme OpenAPI can name).
 */
export function securityOf(method: string, route: DocumentedRoute): Record<string, string[]>[] {
  const guard = routeGuard(route.url, route.config);
  const schemes: Scheme[] = [];
  if (!guard.public) schemes.push('session');
  if (needsXsrf(guard, method)) schemes.push('xsrf');
  if (schemes.length === 0) return [];
  const signedIn = Object.fromEntries(schemes.map((name) => [name, []]));
  // Or a script's bearer token on the API (not to manage tokens: that is done signed in).
  return documentsBearer(route.url, guard) ? [signedIn, { bearer: [] }] : [signedIn];
}

/**
 * A stable operationId from method and path, without the version segment:
 * `GET /v1/campaigns/:id/report/links` → `getCampaignsByIdReportLinks`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment, index) => segment !== '' && !(index === 1 && /^v\d+$/.test(segment)))
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1).replace(/\(.*$/, '')}` : segment))
    .map((segment) => (segment === '*' ? 'any' : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** The route's schema, completed for the document and for serializing its error answers. */
export function documentRoute(route: DocumentedRoute): FastifySchema {
  const methods = [route.method].flat();
  if (methods.length !== 1) {
    throw new Error(
      `${route.url}: register one route per method, so each operation gets its own operationId`,
    );
  }
  const method = methods[0]!;
  const schema = route.schema ?? {};
  const notes = [
    route.config?.tokenParam
      ? `Authorized by the token in the path (\`{${route.config.tokenParam}}\`), not by a session.`
      : undefined,
    method === 'GET' && route.config?.xsrf === 'always' ? STATE_CHANGING_GET_NOTE : undefined,
    takesVersion(schema.body) ? VERSION_NOTE : undefined,
    method === 'PUT' && route.url.startsWith('/v1/') ? PATCH_NOTE : undefined,
  ].filter(Boolean);
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, route.url),
    security: schema.security ?? securityOf(method, route),
    ...(notes.length > 0 ? { description: [schema.description, ...notes].filter(Boolean).join('\n\n') } : {}),
    response: { ...defaultAnswers(method, route), ...(schema.response as object | undefined) },
  };
}

/**
 * Completes every documented route as it is registered, so a route added later is documented
 * without anyone remembering: an operationId, its security and the answers its guard, rate limit
 * and validation can give. Must be registered before the routes.
 */
export const routeDocsPlugin = fp(
  async (app) => {
    const operations = new Map<string, string>();
    app.addHook('onRoute', (route) => {
      if (route.schema?.hide) return;
      route.schema = documentRoute(route);
      // Fastify copies a GET route as HEAD, which the document leaves out.
      if (route.method === 'HEAD') return;
      const id = route.schema.operationId!;
      const where = `${route.method} ${route.url}`;
      const taken = operations.get(id);
      if (taken && taken !== where)
        throw new Error(`operationId ${id} of ${where} is already used by ${taken}`);
      operations.set(id, where);
    });
  },
  { name: 'route-docs', dependencies: ['errors', 'security', 'session'] },
);

/** Whether a body schema carries the version an edit is based on (`updated_at`). */
function takesVersion(body: unknown): boolean {
  let schema = body;
  // Through the wrappers a body may have (optional, nullable, a transform's input).
  for (let depth = 0; depth < 5 && schema instanceof z.ZodType; depth++) {
    if (schema instanceof z.ZodObject) return 'updated_at' in schema.shape;
    const def = schema.def as { innerType?: unknown; in?: unknown };
    schema = def.innerType ?? def.in;
  }
  return false;
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** Whether a params schema can refuse a path: a `.catch()` or a bare string never does. */
function canReject(params: unknown): boolean {
  if (params === undefined) return false;
  if (!(params instanceof z.ZodObject)) return true;
  return Object.values(params.shape as Record<string, z.ZodType>).some((field) => {
    if (field instanceof z.ZodCatch) return false;
    if (field instanceof z.ZodString) return field.format !== null || (field.def.checks?.length ?? 0) > 0;
    return true;
  });
}
