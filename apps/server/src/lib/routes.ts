/**
 * Route declarations in the kit's words (docs/design.md §4): one shape for every route a slice
 * declares — its guard, words, schemas, the answers every route has — used by the resource registrar
 * (resource-routes.ts) and by a slice's own routes (`routes`).
 */
import { itemResponse, type Section, type User } from '@adstudio/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyRequest,
  HTTPMethods,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentUser } from './current-user';
import {
  forbiddenAnswer as errors,
  type idParams,
  listOf,
  noContent,
  refusedAnswer,
  staleAnswer,
} from './route-schemas';

export type Guard = preHandlerAsyncHookHandler;

/**
 * Who may call a group's routes: a section, whose read and write permissions guard them
 * (`requireAccess`), or guards of its own (an admin's publishers). Without it the service checks who
 * may (an admin's webhooks).
 */
export type Access = Section | { read: Guard; write: Guard };

/** One operation's own words for the OpenAPI document, and who may call it. */
export interface Operation {
  summary: string;
  description?: string;
  /** The guard; the default is `read` for list, show and bulk, `write` for the rest. */
  access?: 'read' | 'write';
}

/** An operation that may refuse the item as a whole (422): `refused` says when, in the document. */
export interface Refusable extends Operation {
  refused?: string;
}

/**
 * A route beyond a resource's standard ones ("Try it", a webhook's deliveries), or a slice's own
 * route (`routes`), declared in the same words and answered as `{data}` (or as `response` says).
 */
export interface ResourceAction<P extends z.ZodType, B extends z.ZodType, Q extends z.ZodType = z.ZodType>
  extends Refusable {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'DELETE'>;
  /**
   * In a resource: after the item's path (`/try`), or after the collection's with `on: 'collection'`.
   * In `routes`: the whole path.
   */
  path: string;
  on?: 'item' | 'collection';
  /** The path's params where it adds its own (`/deliveries/:deliveryId/redeliver`); default the item's or the collection's. */
  params?: P;
  querystring?: Q;
  body?: B;
  /** What `data` holds: one item, or a list of them with `list`. */
  answer?: z.ZodType;
  list?: boolean;
  /** The whole answer instead, where it is not `{data}` (a page with its counts). */
  response?: z.ZodType;
  /** 201 for an action that makes something, 202 for one that queues work, 204 for one that answers nothing; default 200. */
  status?: 200 | 201 | 202 | 204;
  /** The noun of a versioned write's 409 ("dynamic code"). */
  stale?: string;
  /** Answers of its own beyond those (a 419 the route itself gives); each replaces the kit's of its status. */
  otherAnswers?: Record<number, z.ZodType>;
  config?: FastifyContextConfig;
  call(
    user: User,
    request: {
      params: z.output<P>;
      body: z.output<B>;
      query: z.output<Q>;
      ifMatch: string | undefined;
      /** The request itself, for what the others do not give (a page's links). */
      raw: FastifyRequest;
    },
  ): Promise<unknown>;
}

/** `public`: declared by `publicAction`, whose call no user signs in to make. */
export type AnyAction = ResourceAction<z.ZodType, z.ZodType, z.ZodType> & { public?: true };

/**
 * An action's declaration, its types checked where it is written (`action({...})`); its params are
 * the item's `{id}` unless it gives its own.
 */
export const action = <
  P extends z.ZodType = typeof idParams,
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
>(
  spec: ResourceAction<P, B, Q>,
): AnyAction => spec as unknown as AnyAction;

/**
 * A public route's declaration (a token page's API, whose token in the path is the credential): route
 * config `public`, no 403 (no one is signed in to be refused), and a call that gets the request alone.
 */
export const publicAction = <
  P extends z.ZodType,
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
>(
  spec: Omit<ResourceAction<P, B, Q>, 'call' | 'access'> & {
    call(request: Parameters<ResourceAction<P, B, Q>['call']>[1]): Promise<unknown>;
  },
): AnyAction => {
  const { call, ...rest } = spec;
  const declared: ResourceAction<P, B, Q> & { public: true } = {
    ...rest,
    config: { public: true, ...spec.config },
    public: true,
    call: (_user, request) => call(request),
  };
  return declared as unknown as AnyAction;
};

/** What every route of a group shares: its tags, guards and route config. */
export interface RouteCommon {
  tags: string[];
  access?: Access | undefined;
  /** Route config of every route (`sessionOnly`: no bearer token manages tokens). */
  config?: FastifyContextConfig | undefined;
  /** `false` where every signed-in user may call the routes (their own account): no 403 is documented. */
  forbids?: false;
}

/**
 * Declares one route in the kit's words: its guard (`read` for a GET unless it says otherwise), its
 * summary and schemas, the answers every route has (422 where it is `refused`, 409 where it is
 * `stale`), and a handler that answers the call's result with the route's status.
 */
export function declare(app: FastifyInstance, common: RouteCommon, spec: AnyAction, url = spec.path): void {
  const status = spec.status ?? 200;
  const answer =
    spec.response ??
    (status === 204 ? noContent : spec.list ? listOf(spec.answer!) : itemResponse(spec.answer!));
  const config = { ...common.config, ...spec.config };
  const access = spec.access ?? (spec.method === 'GET' ? 'read' : 'write');
  const guards = common.access;
  const guard =
    guards === undefined || spec.public
      ? undefined
      : typeof guards === 'string'
        ? app.requireAccess(guards, access)
        : guards[access];
  app.withTypeProvider<ZodTypeProvider>().route({
    method: spec.method,
    url,
    ...(Object.keys(config).length > 0 ? { config } : {}),
    ...(guard ? { preHandler: guard } : {}),
    schema: {
      tags: common.tags,
      summary: spec.summary,
      ...(spec.description === undefined ? {} : { description: spec.description }),
      ...(spec.params === undefined ? {} : { params: spec.params }),
      ...(spec.querystring === undefined ? {} : { querystring: spec.querystring }),
      ...(spec.body === undefined ? {} : { body: spec.body }),
      response: {
        [status]: answer,
        ...(spec.stale === undefined ? {} : staleAnswer(spec.stale)),
        ...(spec.refused === undefined ? {} : refusedAnswer(spec.refused)),
        ...(common.forbids === false || spec.public ? {} : errors),
        ...spec.otherAnswers,
      },
    },
    handler: async (request, reply) => {
      const { params, body, query } = request;
      const ifMatch = request.headers['if-match'];
      // A public route's call ignores the user (publicAction): there is none to give it.
      const user = spec.public ? (request.user as User) : currentUser(request);
      const result = await spec.call(user, { params, body, query, ifMatch, raw: request });
      const sent = spec.response || status === 204 ? result : { data: result };
      return status === 200 ? sent : reply.code(status).send(status === 204 ? null : sent);
    },
  });
}

/** A slice's own routes (those of no resource), in the kit's words: `routes(app, {tags, access}, [action({...})])`. */
export function routes(app: FastifyInstance, common: RouteCommon, actions: AnyAction[]): void {
  for (const spec of actions) declare(app, common, spec);
}
