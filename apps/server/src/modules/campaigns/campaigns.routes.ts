import {
  BulkResultSchema,
  CampaignBulkSchema,
  CampaignCreateSchema,
  CampaignIncludeQuerySchema,
  CampaignListQuerySchema,
  CampaignListResponseSchema,
  CampaignSchema,
  CampaignUpdateSchema,
  itemResponse,
  ReportLinkCreateSchema,
  ReportLinkSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collection } from '../../lib/list';
import { idParam } from '../../lib/params';
import {
  forbiddenAnswer as errors,
  listOf,
  idParams as params,
  refusedAnswer,
  staleAnswer,
} from '../../lib/route-schemas';
import { currentUser } from '../../types';

const tags = ['campaigns'];
const linkParams = z.object({ id: idParam, linkId: idParam });

export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { campaigns: service } = app.services;
  const read = { preHandler: app.requireAccess('campaigns', 'read') };
  const write = { preHandler: app.requireAccess('campaigns', 'write') };
  app.get(
    '/v1/campaigns',
    {
      ...read,
      schema: {
        tags,
        summary: 'List campaigns',
        description:
          'filter matches name and url (case-insensitive); date keeps campaigns whose launch–end span ' +
          'contains that day; status=a,b keeps those statuses; deleted=1 lists only deleted campaigns ' +
          '(default order deleted_at desc); items-per-page -1 = all. Default order: updated_at desc.',
        querystring: CampaignListQuerySchema,
        response: { 200: CampaignListResponseSchema, ...errors },
      },
    },
    async (request) => collection(request, await service.list(currentUser(request), request.query)),
  );

  app.post(
    '/v1/campaigns',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create a campaign (status draft)',
        body: CampaignCreateSchema,
        response: { 201: itemResponse(CampaignSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(currentUser(request), request.body) }),
  );

  app.post(
    '/v1/campaigns/bulk',
    {
      ...read,
      schema: {
        tags,
        summary: 'Change the status of, delete or restore many campaigns in one transaction',
        description:
          "Each id answers ok or why it was refused. 'delete' and 'restore' need write access. " +
          'Each action is one statement for all ids.',
        body: CampaignBulkSchema,
        response: { 200: listOf(BulkResultSchema), ...staleAnswer('campaigns'), ...errors },
      },
    },
    async (request) => ({ data: await service.bulk(currentUser(request), request.body) }),
  );

  app.get(
    '/v1/campaigns/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One campaign; ?include=history adds its audit history',
        params,
        querystring: CampaignIncludeQuerySchema,
        response: { 200: itemResponse(CampaignSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.get(currentUser(request), request.params.id, request.query.include),
    }),
  );

  app.put(
    '/v1/campaigns/:id',
    {
      // qa may move statuses out of quality assurance and testing; the service refuses anything more.
      ...read,
      schema: {
        tags,
        summary: 'Edit a campaign and/or move its status',
        body: CampaignUpdateSchema,
        params,
        response: {
          200: itemResponse(CampaignSchema),
          ...staleAnswer('campaign'),
          ...errors,
        },
      },
    },
    async (request) => ({
      data: await service.update(
        currentUser(request),
        request.params.id,
        request.body,
        request.headers['if-match'],
      ),
    }),
  );

  app.delete(
    '/v1/campaigns/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a campaign (soft); refused while it has live creatives',
        params,
        response: {
          204: z.null(),
          ...refusedAnswer('Refused: the campaign has live creatives.'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/campaigns/:id/clone',
    {
      ...write,
      schema: {
        tags,
        summary: 'Copy a campaign as a draft named "… (copy)"',
        params,
        response: {
          201: itemResponse(CampaignSchema),
          ...refusedAnswer('The copy’s name was taken meanwhile; try again.'),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.clone(currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/campaigns/:id/restore',
    {
      ...write,
      schema: {
        tags,
        summary: 'Restore a deleted campaign',
        params,
        response: {
          200: itemResponse(CampaignSchema),
          ...refusedAnswer('A live campaign has taken its name meanwhile.'),
          ...errors,
        },
      },
    },
    async (request) => ({ data: await service.restore(currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/campaigns/:id/report/url',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create a shareable report link',
        params,
        // The SPA may post no body at all: no timeframe, no expiry.
        body: ReportLinkCreateSchema.nullish().transform((body) => body ?? {}),
        response: { 201: itemResponse(ReportLinkSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await service.createReportLink(currentUser(request), request.params.id, request.body),
      }),
  );

  app.get(
    '/v1/campaigns/:id/report/links',
    {
      ...read,
      schema: {
        tags,
        summary: "The campaign's report links that are not revoked",
        params,
        response: { 200: listOf(ReportLinkSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.reportLinks(currentUser(request), request.params.id) }),
  );

  app.delete(
    '/v1/campaigns/:id/report/links/:linkId',
    {
      ...write,
      schema: {
        tags,
        summary: 'Revoke a report link',
        params: linkParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.revokeReportLink(currentUser(request), request.params.id, request.params.linkId);
      return reply.code(204).send(null);
    },
  );
};
