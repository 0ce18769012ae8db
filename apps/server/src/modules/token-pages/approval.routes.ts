import {
  ApprovalDecisionSchema,
  PublisherApprovalSchema,
  PublisherApprovalsQuerySchema,
  PublisherApprovalsSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../lib/params';
import { publicAction, routes } from '../../lib/resource-routes';
import { tokenRoute, viewerOf } from './token-route';

const token = z.string().max(200);

/**
 * The publisher's approvals page API (docs/design.md §9): the token names one campaign and one
 * publisher; the publisher sees and decides only its own approvals of that campaign's creatives.
 */
export const approvalPageRoutes: FastifyPluginAsync = async (app) => {
  const { tokenLinks: links, approvals: service } = app.services;
  routes(app, { tags: ['token pages'] }, [
    publicAction({
      method: 'GET',
      path: '/v1/creatives/publisherapproval/:token/approvals',
      summary: "The publisher's approvals of the link's campaign: pending ones, or all with status=all",
      description:
        'Each with a sandboxed render of the creative (its first variant) and its fallback image. ' +
        'Each call is logged as a view.',
      params: z.object({ token }),
      querystring: PublisherApprovalsQuerySchema,
      answer: PublisherApprovalsSchema,
      config: tokenRoute('token'),
      call: async ({ params, query, raw }) => {
        const link = await links.open('approval', params.token, viewerOf(raw));
        return service.forPublisher(link, { all: query.status === 'all' });
      },
    }),
    publicAction({
      method: 'POST',
      path: '/v1/creatives/publisherapproval/:token/approvals/:approvalId',
      summary: "The publisher's decision on one of its approvals",
      description:
        'Approve, or reject with a comment saying why; the approver gives a name. The time and the ' +
        'address are recorded, with what was decided on (package, fallback, dynamic content): a ' +
        'later change puts the decision back to pending. No session and no XSRF header: the token ' +
        "is the credential. 404 for an approval outside the link's scope.",
      params: z.object({ token, approvalId: idParam }),
      body: ApprovalDecisionSchema,
      answer: PublisherApprovalSchema,
      config: tokenRoute('token', { write: true }),
      call: async ({ params, body, raw }) => {
        const link = await links.check('approval', params.token);
        return service.decide(link, params.approvalId, body, raw.ip);
      },
    }),
  ]);
};
