import {
  CampaignBulkSchema,
  CampaignCreateSchema,
  CampaignIncludeQuerySchema,
  CampaignListQuerySchema,
  CampaignListResponseSchema,
  CampaignSchema,
  CampaignUpdateSchema,
  ReportLinkCreateSchema,
  ReportLinkSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, itemParams, resourceRoutes } from '../../lib/resource-routes';

export const campaignsRoutes: FastifyPluginAsync = async (app) => {
  const { campaigns: service } = app.services;

  resourceRoutes(app, {
    path: '/v1/campaigns',
    tags: ['campaigns'],
    noun: 'campaign',
    item: CampaignSchema,
    service,
    access: 'campaigns',
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
    actions: [
      action({
        method: 'POST',
        path: '/report/url',
        summary: 'Create a shareable report link',
        // The SPA may post no body at all: no timeframe, no expiry.
        body: ReportLinkCreateSchema.nullish().transform((body) => body ?? {}),
        answer: ReportLinkSchema,
        status: 201,
        call: (user, { params, body }) => service.createReportLink(user, params.id, body),
      }),
      action({
        method: 'GET',
        path: '/report/links',
        summary: "The campaign's report links that are not revoked",
        answer: ReportLinkSchema,
        list: true,
        call: (user, { params }) => service.reportLinks(user, params.id),
      }),
      action({
        method: 'DELETE',
        path: '/report/links/:linkId',
        summary: 'Revoke a report link',
        params: itemParams('linkId'),
        status: 204,
        call: (user, { params }) => service.revokeReportLink(user, params.id, params.linkId),
      }),
    ],
  });
};
