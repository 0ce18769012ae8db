import { type BulkResult, BulkResultSchema, itemResponse, type User } from '@adstudio/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentUser } from './current-user';
import { collection, type ListPage } from './list';
import {
  forbiddenAnswer as errors,
  listOf,
  noContent,
  idParams as params,
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

/** The service calls the routes make; each is optional, as each route is. */
export interface ResourceCalls<LQ, CB, BB, SQ, UB> {
  /** A page of the list, or the whole list where it has no paging (a picker's few items). */
  list?(user: User, query: LQ): Promise<ListPage<unknown> | unknown[]>;
  create?(user: User, body: CB): Promise<unknown>;
  bulk?(user: User, body: BB): Promise<BulkResult[]>;
  get?(user: User, id: number, query: SQ): Promise<unknown>;
  update?(user: User, id: number, body: UB, ifMatch?: string): Promise<unknown>;
  remove?(user: User, id: number): Promise<void>;
  clone?(user: User, id: number): Promise<unknown>;
  restore?(user: User, id: number): Promise<unknown>;
}

export interface ResourceRoutes<
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
  access: { read: Guard; write: Guard };
  service: ResourceCalls<z.output<LQ>, z.output<CB>, z.output<BB>, z.output<SQ>, z.output<UB>>;
  /** Without `querystring` the list takes no query; its answer is `response` either way. */
  list?: Operation & { querystring?: LQ; response: z.ZodType };
  create?: Operation & { body: CB };
  bulk?: Operation & { body: BB };
  show?: Operation & { querystring?: SQ };
  update?: Operation & { body: UB };
  remove?: Refusable;
  clone?: Refusable;
  /**
   * `method: 'GET'` where the spec has a GET restore (assets): state-changing all the same, so it
   * needs the XSRF header as a write does (spec section 7).
   */
  restore?: Refusable & { method?: 'GET' | 'POST' };
}

const must = <T>(call: T | undefined, name: string): T => {
  if (!call) throw new Error(`resourceRoutes: the service has no ${name}`);
  return call;
};

/**
 * Declares a slice's list / create / bulk / show / update / delete / clone / restore routes (in that
 * order, the ones given) from its contract schemas, with its own summaries, descriptions and guards,
 * and the answers every such route has (201 with the item, 204 for a delete, 409 on a stale edit,
 * 422 where the slice says what refuses it). The slice's other routes stay its own.
 */
export function resourceRoutes<
  LQ extends z.ZodType,
  CB extends z.ZodType,
  BB extends z.ZodType,
  SQ extends z.ZodType,
  UB extends z.ZodType,
>(app: FastifyInstance, spec: ResourceRoutes<LQ, CB, BB, SQ, UB>): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { path, tags, service } = spec;
  const itemPath = `${path}/:id`;
  const item = itemResponse(spec.item);
  const guard = (op: Operation, fallback: 'read' | 'write') => ({
    preHandler: spec.access[op.access ?? fallback],
  });
  const words = (op: Operation) => ({
    tags,
    summary: op.summary,
    ...(op.description === undefined ? {} : { description: op.description }),
  });
  const refusal = (op: Refusable) => (op.refused === undefined ? {} : refusedAnswer(op.refused));
  const id = (request: FastifyRequest) => (request.params as { id: number }).id;

  if (spec.list) {
    const list = must(service.list, 'list');
    const { querystring } = spec.list;
    routes.get(
      path,
      {
        ...guard(spec.list, 'read'),
        schema: {
          ...words(spec.list),
          ...(querystring === undefined ? {} : { querystring }),
          response: { 200: spec.list.response, ...errors },
        },
      },
      async (request) => {
        const found = await list(currentUser(request), request.query as z.output<LQ>);
        // A list without paging is its items alone; a page carries its counts and links.
        return Array.isArray(found) ? { data: found } : collection(request, found);
      },
    );
  }

  if (spec.create) {
    const create = must(service.create, 'create');
    routes.post(
      path,
      {
        ...guard(spec.create, 'write'),
        schema: { ...words(spec.create), body: spec.create.body, response: { 201: item, ...errors } },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await create(currentUser(request), request.body as z.output<CB>) }),
    );
  }

  if (spec.bulk) {
    const bulk = must(service.bulk, 'bulk');
    routes.post(
      `${path}/bulk`,
      {
        ...guard(spec.bulk, 'read'),
        schema: {
          ...words(spec.bulk),
          body: spec.bulk.body,
          response: {
            200: listOf(BulkResultSchema),
            ...staleAnswer(spec.plural ?? `${spec.noun}s`),
            ...errors,
          },
        },
      },
      async (request) => ({ data: await bulk(currentUser(request), request.body as z.output<BB>) }),
    );
  }

  if (spec.show) {
    const get = must(service.get, 'get');
    const { querystring } = spec.show;
    routes.get(
      itemPath,
      {
        ...guard(spec.show, 'read'),
        schema: {
          ...words(spec.show),
          params,
          ...(querystring === undefined ? {} : { querystring }),
          response: { 200: item, ...errors },
        },
      },
      async (request) => ({
        data: await get(currentUser(request), id(request), request.query as z.output<SQ>),
      }),
    );
  }

  if (spec.update) {
    const update = must(service.update, 'update');
    routes.put(
      itemPath,
      {
        ...guard(spec.update, 'write'),
        schema: {
          ...words(spec.update),
          body: spec.update.body,
          params,
          response: { 200: item, ...staleAnswer(spec.noun), ...errors },
        },
      },
      async (request) => ({
        data: await update(
          currentUser(request),
          id(request),
          request.body as z.output<UB>,
          request.headers['if-match'],
        ),
      }),
    );
  }

  if (spec.remove) {
    const remove = must(service.remove, 'remove');
    routes.delete(
      itemPath,
      {
        ...guard(spec.remove, 'write'),
        schema: {
          ...words(spec.remove),
          params,
          response: { 204: noContent, ...refusal(spec.remove), ...errors },
        },
      },
      async (request, reply: FastifyReply) => {
        await remove(currentUser(request), id(request));
        return reply.code(204).send(null);
      },
    );
  }

  if (spec.clone) {
    const clone = must(service.clone, 'clone');
    routes.post(
      `${itemPath}/clone`,
      {
        ...guard(spec.clone, 'write'),
        schema: { ...words(spec.clone), params, response: { 201: item, ...refusal(spec.clone), ...errors } },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await clone(currentUser(request), id(request)) }),
    );
  }

  if (spec.restore) {
    const restore = must(service.restore, 'restore');
    const method = spec.restore.method ?? 'POST';
    routes.route({
      method,
      url: `${itemPath}/restore`,
      ...(method === 'GET' ? { config: { xsrf: 'always' as const } } : {}),
      ...guard(spec.restore, 'write'),
      schema: {
        ...words(spec.restore),
        params,
        response: { 200: item, ...refusal(spec.restore), ...errors },
      },
      handler: async (request) => ({ data: await restore(currentUser(request), id(request)) }),
    });
  }
}
