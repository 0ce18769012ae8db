import { type BulkResult, BulkResultSchema, type User } from '@adstudio/contract';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { collection, type ListPage } from './list';
import { idParam } from './params';
import { idParams } from './route-schemas';

import { type Access, type AnyAction, declare, type Operation, type Refusable } from './routes';

export { action, publicAction, type ResourceAction, routes } from './routes';

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
  access?: Access;
  /** Route config of every route (`sessionOnly`: no bearer token manages tokens). */
  config?: FastifyContextConfig;
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
  actions?: AnyAction[];
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
    keys: (params) => [params.id],
  });
}

type Spec = ResourceRoutes<Keys, z.ZodType, z.ZodType, z.ZodType, z.ZodType, z.ZodType>;
type Call = (user: User, ...args: unknown[]) => Promise<unknown>;

interface Shape {
  /** The collection path's params (a nested one's parent id), if any. */
  collection: z.ZodType | undefined;
  item: z.ZodType;
  itemParam?: string;
  keys(params: Record<string, number>): unknown[];
}

function register(app: FastifyInstance, spec: Spec, shape: Shape): void {
  const { path } = spec;
  const service = spec.service as Record<string, Call | undefined>;
  const itemParam = shape.itemParam ?? 'id';
  const itemPath = `${path}/:${itemParam}`;
  const item = spec.item;
  type Request = Parameters<AnyAction['call']>[1];
  const keys = (request: Request) => shape.keys(request.params as Record<string, number>);
  const id = (request: Request) => (request.params as Record<string, number>)[itemParam];
  /** The standard route `name` where the spec has it: the service's call of that name, on `url`. */
  const standard = (
    name: keyof ResourceCalls<Keys, unknown, unknown, unknown, unknown, unknown>,
    op: Refusable | undefined,
    url: string,
    route: Omit<AnyAction, 'path' | 'call' | 'summary'>,
    call: (run: Call, user: User, request: Request) => Promise<unknown>,
  ) => {
    if (!op) return;
    const run = must(service[name], name);
    const { summary, description, access, refused } = op;
    const words = { summary, description, access, refused };
    declare(
      app,
      spec,
      { ...words, ...route, path: url, call: (user, request) => call(run, user, request) },
      url,
    );
  };
  const onItem = { params: shape.item };

  standard(
    'list',
    spec.list,
    path,
    {
      method: 'GET',
      params: shape.collection,
      querystring: spec.list?.querystring,
      response: spec.list?.response,
    },
    async (list, user, request) => {
      const found = (await list(user, ...keys(request), request.query)) as ListPage<unknown> | unknown[];
      // A list without paging is its items alone; a page carries its counts and links.
      return Array.isArray(found) ? { data: found } : collection(request.raw, found);
    },
  );
  standard(
    'create',
    spec.create,
    path,
    {
      method: 'POST',
      params: shape.collection,
      body: spec.create?.body,
      answer: spec.create?.response ?? item,
      status: 201,
    },
    (create, user, request) => create(user, ...keys(request), request.body),
  );
  standard(
    'bulk',
    spec.bulk && { access: 'read', ...spec.bulk },
    `${path}/bulk`,
    {
      method: 'POST',
      params: shape.collection,
      body: spec.bulk?.body,
      answer: BulkResultSchema,
      list: true,
      stale: spec.plural ?? `${spec.noun}s`,
    },
    (bulk, user, request) => bulk(user, ...keys(request), request.body),
  );
  standard(
    'get',
    spec.show,
    itemPath,
    { method: 'GET', ...onItem, querystring: spec.show?.querystring, answer: item },
    (get, user, request) => get(user, ...keys(request), id(request), request.query),
  );
  standard(
    'update',
    spec.update,
    itemPath,
    {
      method: 'PUT',
      ...onItem,
      body: spec.update?.body,
      answer: item,
      ...(spec.update?.versioned === false ? {} : { stale: spec.noun }),
    },
    (update, user, request) => update(user, ...keys(request), id(request), request.body, request.ifMatch),
  );
  standard(
    'remove',
    spec.remove,
    itemPath,
    { method: 'DELETE', ...onItem, status: 204 },
    (remove, user, request) => remove(user, ...keys(request), id(request)),
  );
  standard(
    'clone',
    spec.clone,
    `${itemPath}/clone`,
    { method: 'POST', ...onItem, answer: item, status: 201 },
    (clone, user, request) => clone(user, ...keys(request), id(request)),
  );
  const restoreMethod = spec.restore?.method ?? 'POST';
  standard(
    'restore',
    spec.restore && { access: 'write', ...spec.restore },
    `${itemPath}/restore`,
    // A GET restore changes state all the same: it needs the XSRF header as a write does.
    {
      method: restoreMethod,
      ...onItem,
      answer: item,
      ...(restoreMethod === 'GET' ? { config: { xsrf: 'always' } } : {}),
    },
    (restore, user, request) => restore(user, ...keys(request), id(request)),
  );
  for (const act of spec.actions ?? []) {
    const onItem = act.on !== 'collection';
    const params = act.params ?? (onItem ? shape.item : shape.collection);
    declare(app, spec, { ...act, params }, `${onItem ? itemPath : path}${act.path}`);
  }
}
