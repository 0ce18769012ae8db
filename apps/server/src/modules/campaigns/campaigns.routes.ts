import {
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
import { currentUser } from '../../lib/current-user';
import { idParam } from '../../lib/params';
import { resourceRoutes } from '../../lib/resource-routes';
import { forbiddenAnswer as errors, listOf, idParams as params } from '../../lib/route-schemas';

const tags = ['campaigns'];
const linkParams = z.object({ id: idParam, linkId: idParam });

export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { campaigns: service } = app.services;
  const read = app.requireAccess('campaigns', 'read');
  const write = app.requireAccess('campaigns', 'write');

  resourceRoutes(app, {
    path: '/v1/campaigns',
    tags,
    noun: 'campaign',
    item: CampaignSchema,
    service,
    access: { read, write },
    list: {
      summary: 'List campaigns',
      description:
        'filter matches name and url (case-insensitive); date keeps campaigns whose launch–end span ' +
        'contains that day; status=a,b keeps those statuses; deleted=1 lists only deleted campaigns ' +
        '(default order deleted_at desc); items-per-page -1 = all. Default order: updated_at desc.',
      querystring: CampaignListQuerySchema,
      response: CampaignListResponseSchema,
    },
    create: { summary: 'Create a campaign (status draft)', body: CampaignCreateSchema },
    bulk: {
      summary: 'Change the status of, delete or restore many campaigns in one transaction',
      description:
        "Each id answers ok or why it was refused. 'delete' and 'restore' need write access. " +
        'Each action is one statement for all ids.',
      body: CampaignBulkSchema,
      // qa may move statuses; the service refuses the rest.
      access: 'read',
    },
    show: {
      summary: 'One campaign; ?include=history adds its audit history',
      querystring: CampaignIncludeQuerySchema,
    },
    update: {
      summary: 'Edit a campaign and/or move its status',
      body: CampaignUpdateSchema,
      // qa may move statuses out of quality assurance and testing; the service refuses anything more.
      access: 'read',
    },
    remove: {
      summary: 'Delete a campaign (soft); refused while it has live creatives',
      refused: 'Refused: the campaign has live creatives.',
    },
    clone: {
      summary: 'Copy a campaign as a draft named "… (copy)"',
      refused: 'The copy’s name was taken meanwhile; try again.',
    },
    restore: {
      summary: 'Restore a deleted campaign',
      refused: 'A live campaign has taken its name meanwhile.',
    },
  });

  app.post(
    '/v1/campaigns/:id/report/url',
    {
      preHandler: write,
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
      preHandler: read,
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
      preHandler: write,
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
