import { type BulkResult, BulkResultSchema, itemResponse, type User } from '@adstudio/contract';
import type { FastifyInstance, FastifyRequest, HTTPMethods, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from './current-user';
import { collection, type ListPage } from './list';
import { idParam } from './params';
import {
  forbiddenAnswer as errors,
  idParams,
  listOf,
  noContent,
  refusedAnswer,
  staleAnswer,
} from './route-schemas';

type Guard = preHandlerAsyncHookHandler;

/** One operation's own words for the OpenAPI document, and who may call it. */
interface Operation {
  summary: string;
  description?: string;
  /** The guard; the default is `read` for list, show and bulk, `write` for the rest. */
  access?: 'read' | 'write';
}

/** An operation that may refuse the item as a whole (422): `refused` says when, in the document. */
interface Refusable extends Operation {
  refused?: string;
}

/**
 * The path ids before the item's own: none for a top-level resource (`/v1/campaigns`), the parent's
 * for a nested one (`/v1/creatives/{id}/tags` → `[creativeId]`).
 */
type Keys = [] | [number];

/** The service calls the routes make, each after the user and the collection's `keys`; each is optional, as each route is. */
export interface ResourceCalls<K extends Keys, LQ, CB, BB, SQ, UB> {
  /** A page of the list, or the whole list where it has no paging (a picker's few items). */
  list?(user: User, ...args: [...K, LQ]): Promise<ListPage<unknown> | unknown[]>;
  create?(user: User, ...args: [...K, CB]): Promise<unknown>;
  bulk?(user: User, ...args: [...K, BB]): Promise<BulkResult[]>;
  get?(user: User, ...args: [...K, number, SQ]): Promise<unknown>;
  update?(user: User, ...args: [...K, number, UB, string | undefined]): Promise<unknown>;
  remove?(user: User, ...args: [...K, number]): Promise<void>;
  clone?(user: User, ...args: [...K, number]): Promise<unknown>;
  restore?(user: User, ...args: [...K, number]): Promise<unknown>;
}

/**
 * A route of the resource beyond the standard ones ("Try it", a webhook's deliveries), declared in
 * the same words and answered as `{data}`.
 */
export interface ResourceAction<P extends z.ZodType, B extends z.ZodType> extends Refusable {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'DELETE'>;
  /** After the item's path (`/try`), or after the collection's with `on: 'collection'`. */
  path: string;
  on?: 'item' | 'collection';
  /** The path's params where it adds its own (`/deliveries/:deliveryId/redeliver`); default the item's or the collection's. */
  params?: P;
  body?: B;
  /** What `data` holds: one item, or a list of them with `list`. */
  answer: z.ZodType;
  list?: boolean;
  /** 201 for an action that makes something; default 200. */
  status?: 200 | 201;
  call(user: User, request: { params: z.output<P>; body: z.output<B> }): Promise<unknown>;
}

/**
 * An action's declaration, its types checked where it is written (`action({...})`); its params are
 * the item's `{id}` unless it gives its own.
 */
export const action = <P extends z.ZodType = typeof idParams, B extends z.ZodType = z.ZodType>(
  spec: ResourceAction<P, B>,
): ResourceAction<z.ZodType, z.ZodType> => spec as unknown as ResourceAction<z.ZodType, z.ZodType>;

export interface ResourceRoutes<
  K extends Keys,
  LQ extends z.ZodType,
  CB extends z.ZodType,
  BB extends z.ZodType,
  SQ extends z.ZodType,
  UB extends z.ZodType,
> {
  /** '/v1/campaigns': the collection; items are `${path}/:id`. */
  path: string;
  tags: string[];
  /** The item's noun in the 409's description: "The campaign changed meanwhile". */
  noun: string;
  /** Its plural, for the bulk's 409. */
  plural?: string;
  item: z.ZodType;
  /** The permission guards; without them the service checks who may (an admin's webhooks). */
  access?: { read: Guard; write: Guard };
  /** Route config of every route (`sessionOnly`: no bearer token manages tokens). */
  config?: Record<string, unknown>;
  service: ResourceCalls<K, z.output<LQ>, z.output<CB>, z.output<BB>, z.output<SQ>, z.output<UB>>;
  /** Without `querystring` the list takes no query; its answer is `response` either way. */
  list?: Operation & { querystring?: LQ; response: z.ZodType };
  /** `response`: the item as created, where it shows more than the item (a secret shown once). */
  create?: Refusable & { body: CB; response?: z.ZodType };
  bulk?: Operation & { body: BB };
  show?: Operation & { querystring?: SQ };
  /** `versioned: false` where the item has no version to be stale against (no 409). */
  update?: Refusable & { body: UB; versioned?: false };
  remove?: Refusable;
  clone?: Refusable;
  /**
   * `method: 'GET'` where the spec has a GET restore (assets): state-changing all the same, so it
   * needs the XSRF header as a write does (spec section 7).
   */
  restore?: Refusable & { method?: 'GET' | 'POST' };
  /** The resource's other routes, declared after the standard ones. */
  actions?: ResourceAction<z.ZodType, z.ZodType>[];
}

/** A nested resource's spec: the parent's id is `:id` in `path`, the item's own is `:${itemParam}`. */
export interface NestedResourceRoutes<
  LQ extends z.ZodType,
  CB extends z.ZodType,
  BB extends z.ZodType,
  SQ extends z.ZodType,
  UB extends z.ZodType,
> extends ResourceRoutes<[number], LQ, CB, BB, SQ, UB> {
  /** '/v1/creatives/:id/tags' */
  path: `${string}/:id/${string}`;
  /** 'tagId': `/v1/creatives/:id/tags/:tagId`. */
  itemParam: string;
}

/** The params of an item under its parent's `:id` (`/v1/creatives/:id/tags/:tagId` → `itemParams('tagId')`). */
export const itemParams = <N extends string>(name: N) =>
  z.object({ id: idParam, [name]: idParam } as { id: typeof idParam } & Record<N, typeof idParam>);

const must = <T>(call: T | undefined, name: string): T => {
  if (!call) throw new Error(`resourceRoutes: the service has no ${name}`);
  return call;
};

/**
 * Declares a top-level slice's list / create / bulk / show / update / delete / clone / restore routes
 * (in that order, the ones given), then its `actions`, from its contract schemas, with its own
 * summaries, descriptions and guards, and the answers every such route has (201 with the item, 204
 * for a delete, 409 on a stale edit, 422 where the slice says what refuses it).
 */
export function resourceRoutes<
  LQ extends z.ZodType,
  CB extends z.ZodType,
  BB extends z.ZodType,
  SQ extends z.ZodType,
  UB extends z.ZodType,
>(app: FastifyInstance, spec: ResourceRoutes<[], LQ, CB, BB, SQ, UB>): void {
  register(app, spec as Spec, { collection: undefined, item: idParams, keys: () => [] });
}

/**
 * The same for a resource that lives under another's item (`/v1/creatives/{id}/tags`): each service
 * call gets the parent's id after the user, and the item's id after that.
 */
export function nestedResourceRoutes<
  LQ extends z.ZodType,
  CB extends z.ZodType,
  BB extends z.ZodType,
  SQ extends z.ZodType,
  UB extends z.ZodType,
>(app: FastifyInstance, spec: NestedResourceRoutes<LQ, CB, BB, SQ, UB>): void {
  register(app, spec as unknown as Spec, {
    collection: idParams,
    item: itemParams(spec.itemParam),
    itemParam: spec.itemParam,
    keys: (request) => [(request.params as { id: number }).id],
  });
}

type Spec = ResourceRoutes<Keys, z.ZodType, z.ZodType, z.ZodType, z.ZodType, z.ZodType>;
type Call = (user: User, ...args: unknown[]) => Promise<unknown>;

interface Shape {
  /** The collection path's params (a nested one's parent id), if any. */
  collection: z.ZodType | undefined;
  item: z.ZodType;
  itemParam?: string;
  keys(request: FastifyRequest): unknown[];
}

function register(app: FastifyInstance, spec: Spec, shape: Shape): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { path, tags, config } = spec;
  const service = spec.service as Record<string, Call | undefined>;
  const itemParam = shape.itemParam ?? 'id';
  const itemPath = `${path}/:${itemParam}`;
  const item = itemResponse(spec.item);

  /** Declares one route: its guard, its words and params, and a handler that answers the service's result. */
  const route = (
    method: HTTPMethods,
    url: string,
    op: Refusable,
    fallback: 'read' | 'write',
    schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType; response: object },
    handler: (request: FastifyRequest, user: User, keys: unknown[]) => Promise<unknown>,
    status = 200,
    extraConfig: Record<string, unknown> = {},
  ) =>
    routes.route({
      method,
      url,
      ...(config || Object.keys(extraConfig).length > 0 ? { config: { ...config, ...extraConfig } } : {}),
      ...(spec.access ? { preHandler: spec.access[op.access ?? fallback] } : {}),
      schema: {
        tags,
        summary: op.summary,
        ...(op.description === undefined ? {} : { description: op.description }),
        ...(schema.params === undefined ? {} : { params: schema.params }),
        ...(schema.querystring === undefined ? {} : { querystring: schema.querystring }),
        ...(schema.body === undefined ? {} : { body: schema.body }),
        response: {
          ...schema.response,
          ...(op.refused === undefined ? {} : refusedAnswer(op.refused)),
          ...errors,
        },
      },
      handler: async (request, reply) => {
        const answer = await handler(request, currentUser(request), shape.keys(request));
        if (status === 204) return reply.code(204).send(null);
        return status === 200 ? answer : reply.code(status).send(answer);
      },
    });
  const id = (request: FastifyRequest) => (request.params as Record<string, number>)[itemParam];
  const data = async (answer: Promise<unknown>) => ({ data: await answer });

  if (spec.list) {
    const list = must(service.list, 'list');
    const { querystring, response } = spec.list;
    route(
      'GET',
      path,
      spec.list,
      'read',
      { params: shape.collection, querystring, response: { 200: response } },
      async (request, user, keys) => {
        const found = (await list(user, ...keys, request.query)) as ListPage<unknown> | unknown[];
        // A list without paging is its items alone; a page carries its counts and links.
        return Array.isArray(found) ? { data: found } : collection(request, found);
      },
    );
  }
  if (spec.create) {
    const create = must(service.create, 'create');
    const answer = spec.create.response ? itemResponse(spec.create.response) : item;
    route(
      'POST',
      path,
      spec.create,
      'write',
      { params: shape.collection, body: spec.create.body, response: { 201: answer } },
      (request, user, keys) => data(create(user, ...keys, request.body)),
      201,
    );
  }
  if (spec.bulk) {
    const bulk = must(service.bulk, 'bulk');
    const response = { 200: listOf(BulkResultSchema), ...staleAnswer(spec.plural ?? `${spec.noun}s`) };
    route(
      'POST',
      `${path}/bulk`,
      spec.bulk,
      'read',
      { params: shape.collection, body: spec.bulk.body, response },
      (request, user, keys) => data(bulk(user, ...keys, request.body)),
    );
  }
  if (spec.show) {
    const get = must(service.get, 'get');
    route(
      'GET',
      itemPath,
      spec.show,
      'read',
      { params: shape.item, querystring: spec.show.querystring, response: { 200: item } },
      (request, user, keys) => data(get(user, ...keys, id(request), request.query)),
    );
  }
  if (spec.update) {
    const update = must(service.update, 'update');
    const stale = spec.update.versioned === false ? {} : staleAnswer(spec.noun);
    route(
      'PUT',
      itemPath,
      spec.update,
      'write',
      { body: spec.update.body, params: shape.item, response: { 200: item, ...stale } },
      (request, user, keys) =>
        data(update(user, ...keys, id(request), request.body, request.headers['if-match'])),
    );
  }
  if (spec.remove) {
    const remove = must(service.remove, 'remove');
    route(
      'DELETE',
      itemPath,
      spec.remove,
      'write',
      { params: shape.item, response: { 204: noContent } },
      (_request, user, keys) => remove(user, ...keys, id(_request)),
      204,
    );
  }
  if (spec.clone) {
    const clone = must(service.clone, 'clone');
    route(
      'POST',
      `${itemPath}/clone`,
      spec.clone,
      'write',
      { params: shape.item, response: { 201: item } },
      (request, user, keys) => data(clone(user, ...keys, id(request))),
      201,
    );
  }
  if (spec.restore) {
    const restore = must(service.restore, 'restore');
    const method = spec.restore.method ?? 'POST';
    route(
      method,
      `${itemPath}/restore`,
      spec.restore,
      'write',
      { params: shape.item, response: { 200: item } },
      (request, user, keys) => data(restore(user, ...keys, id(request))),
      200,
      method === 'GET' ? { xsrf: 'always' } : {},
    );
  }
  for (const act of spec.actions ?? []) {
    const onItem = act.on !== 'collection';
    const status = act.status ?? 200;
    const answer = act.list ? listOf(act.answer) : itemResponse(act.answer);
    route(
      act.method,
      `${onItem ? itemPath : path}${act.path}`,
      act,
      act.method === 'GET' ? 'read' : 'write',
      {
        params: act.params ?? (onItem ? shape.item : shape.collection),
        body: act.body,
        response: { [status]: answer },
      },
      (request, user) => data(act.call(user, { params: request.params, body: request.body })),
      status,
    );
  }
}
