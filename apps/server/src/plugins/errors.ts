import { SERVER_ERROR_MESSAGE } from '@adstudio/contract';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/db-errors';
import { reportError } from '../lib/error-reporting';
import { groupByField } from '../lib/field-errors';
import { HttpError } from '../lib/http-errors';
import { type IssueLike, unionIssues } from '../lib/union-issues';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable. Try again in a moment.';
/** Seconds a client waits before retrying while the database is down (a restart takes about that). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Field path of a validation issue: `/ranges/0/start` → `ranges.0.start`. */
const fieldOf = (instancePath: string, context: string | undefined) =>
  instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'request';

/** Laravel's summary line: the first message, and how many more there are. */
export function summarize(errors: Record<string, string[]>): string {
  const all = Object.values(errors).flat();
  if (all.length === 0) return 'The given data was invalid.';
  const rest = all.length - 1;
  return rest === 0 ? all[0]! : `${all[0]} (and ${rest} more error${rest === 1 ? '' : 's'})`;
}

/** One shape for every failure: `{message, errors?}`; 5xx details stay in the log. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const context = error.validationContext;
        const issues: IssueLike[] = error.validation.map((issue) => ({
          path: (issue.instancePath ?? '').split('/').filter(Boolean),
          message: issue.message ?? 'Invalid value.',
          code: issue.keyword,
          errors: (issue.params as { errors?: IssueLike[][] } | undefined)?.errors,
        }));
        // The part of the request that failed validation (body, querystring, params or headers).
        const input = context ? (request as unknown as Record<string, unknown>)[context] : undefined;
        const errors = groupByField(
          unionIssues(issues, input).map((issue) => ({
            field: fieldOf(`/${issue.path.join('/')}`, context),
            message: issue.message,
          })),
        );
        return reply.code(422).send({ message: summarize(errors), errors });
      }
      if (error instanceof HttpError) {
        // A 422 always names where it applies, as Laravel's do: a refusal of the item as a whole
        // (a delete while in use) is on `id`.
        const errors = error.errors ?? (error.statusCode === 422 ? { id: [error.message] } : undefined);
        const body = errors ? { message: error.message, errors } : { message: error.message };
        return reply.code(error.statusCode).send(body);
      }
      if (isDatabaseUnavailable(error)) {
        // An outage passes by itself and is seen on /readyz: a warning, not one report per request.
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
      }
      const status = error.statusCode ?? 500;
      if (status < 500 && !isResponseSerializationError(error)) {
        const errors = status === 422 ? { errors: { request: [error.message] } } : {};
        return reply.code(status).send({ message: error.message, ...errors });
      }
      request.log.error({ err: error }, 'request failed');
      reportError(error, { requestId: request.id, url: request.url });
      return reply.code(500).send({ message: SERVER_ERROR_MESSAGE, request_id: request.id });
    });
  },
  { name: 'errors' },
);
