import { ApprovalLinkSchema, ApprovalRequestSchema, CampaignApprovalSchema } from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, itemParams, routes } from '../../lib/resource-routes';
import { idParams as params } from '../../lib/route-schemas';

export const approvalsRoutes: FastifyPluginAsync = async (app) => {
  const { approvals: service } = app.services;
  routes(app, { tags: ['approvals'], access: 'campaigns' }, [
    action({
      method: 'GET',
      path: '/v1/campaigns/:id/approvals',
      summary: "Publishers' approvals of the campaign's creatives",
      description:
        'A decision whose creative changed since (package, fallback image or dynamic content) is ' +
        'back to pending, with reset_reason saying what changed.',
      params,
      answer: CampaignApprovalSchema,
      list: true,
      call: (user, { params }) => service.ofCampaign(user, params.id),
    }),
    action({
      method: 'POST',
      path: '/v1/campaigns/:id/approvals',
      summary: 'Ask publishers to approve creatives of the campaign',
      description:
        'Each chosen publisher gets each chosen creative to decide on (pending; a decision already ' +
        'made stands) and one link to its approvals page — its live link if it has one. Answers ' +
        'the chosen publishers’ links.',
      params,
      body: ApprovalRequestSchema,
      answer: ApprovalLinkSchema,
      list: true,
      status: 201,
      call: (user, { params, body }) => service.request(user, params.id, body),
    }),
    action({
      method: 'GET',
      path: '/v1/campaigns/:id/approvals/links',
      summary: "The campaign's publisher approval links that are not revoked",
      params,
      answer: ApprovalLinkSchema,
      list: true,
      call: (user, { params }) => service.links(user, params.id),
    }),
    action({
      method: 'DELETE',
      path: '/v1/campaigns/:id/approvals/links/:linkId',
      summary: 'Revoke a publisher approval link',
      description: 'The publisher can no longer open its approvals page with it (410).',
      params: itemParams('linkId'),
      status: 204,
      call: (user, { params }) => service.revokeLink(user, params.id, params.linkId),
    }),
  ]);
};
