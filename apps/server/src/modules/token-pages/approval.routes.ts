import {
  ApprovalDecisionSchema,
  itemResponse,
  PublisherApprovalSchema,
  PublisherApprovalsQuerySchema,
  PublisherApprovalsSchema,
} from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/params';
import { tokenRoute } from './token-route';

const token = z.string().max(200);

/**
 * The publisher's approvals page API (the token pages issue): the token names one campaign and one
 * publisher; the publisher sees and decides only its own approvals of that campaign's creatives.
 */
export const approvalPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tokenLinks: links, approvals: service } = app.services;

  app.get(
    '/v1/creatives/publisherapproval/:token/approvals',
    {
      config: tokenRoute('token'),
      schema: {
        tags: ['token pages'],
        summary: "The publisher's approvals of the link's campaign: pending ones, or all with status=all",
        description:
          'Each with a sandboxed render of the creative (its first variant) and its fallback image. ' +
          'Each call is logged as a view.',
        params: z.object({ token }),
        querystring: PublisherApprovalsQuerySchema,
        response: { 200: itemResponse(PublisherApprovalsSchema) },
      },
    },
    async (request) => {
      const link = await links.open('approval', request.params.token, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { data: await service.forPublisher(link, { all: request.query.status === 'all' }) };
    },
  );

  app.post(
    '/v1/creatives/publisherapproval/:token/approvals/:approvalId',
    {
      config: tokenRoute('token', { write: true }),
      schema: {
        tags: ['token pages'],
        summary: "The publisher's decision on one of its approvals",
        description:
          'Approve, or reject with a comment saying why; the approver gives a name. The time and the ' +
          'address are recorded, with what was decided on (package, fallback, dynamic content): a ' +
          'later change puts the decision back to pending. No session and no XSRF header: the token ' +
          "is the credential. 404 for an approval outside the link's scope.",
        params: z.object({ token, approvalId: idParam }),
        body: ApprovalDecisionSchema,
        response: { 200: itemResponse(PublisherApprovalSchema) },
      },
    },
    async (request) => {
      const link = await links.check('approval', request.params.token);
      return {
        data: await service.decide(link, request.params.approvalId, request.body, request.ip),
      };
    },
  );
};
