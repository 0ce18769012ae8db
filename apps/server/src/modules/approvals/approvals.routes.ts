import { ApprovalLinkSchema, ApprovalRequestSchema, CampaignApprovalSchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { idParam } from '../../lib/params';
import { forbiddenAnswer as errors, listOf, noContent, idParams as params } from '../../lib/route-schemas';

export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { approvals: service } = app.services;

  app.get(
    '/v1/campaigns/:id/approvals',
    {
      preHandler: app.requireAccess('campaigns', 'read'),
      schema: {
        tags: ['approvals'],
        summary: "Publishers' approvals of the campaign's creatives",
        description:
          'A decision whose creative changed since (package, fallback image or dynamic content) is ' +
          'back to pending, with reset_reason saying what changed.',
        params,
        response: { 200: listOf(CampaignApprovalSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.ofCampaign(currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/campaigns/:id/approvals',
    {
      preHandler: app.requireAccess('campaigns', 'write'),
      schema: {
        tags: ['approvals'],
        summary: 'Ask publishers to approve creatives of the campaign',
        description:
          'Each chosen publisher gets each chosen creative to decide on (pending; a decision already ' +
          'made stands) and one link to its approvals page — its live link if it has one. Answers ' +
          'the chosen publishers’ links.',
        params,
        body: ApprovalRequestSchema,
        response: { 201: listOf(ApprovalLinkSchema), ...errors },
      },
    },
    async (request, reply) => {
      const links = await service.request(currentUser(request), request.params.id, request.body);
      return reply.code(201).send({ data: links });
    },
  );

  app.get(
    '/v1/campaigns/:id/approvals/links',
    {
      preHandler: app.requireAccess('campaigns', 'read'),
      schema: {
        tags: ['approvals'],
        summary: "The campaign's publisher approval links that are not revoked",
        params,
        response: { 200: listOf(ApprovalLinkSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.links(currentUser(request), request.params.id) }),
  );

  app.delete(
    '/v1/campaigns/:id/approvals/links/:linkId',
    {
      preHandler: app.requireAccess('campaigns', 'write'),
      schema: {
        tags: ['approvals'],
        summary: 'Revoke a publisher approval link',
        description: 'The publisher can no longer open its approvals page with it (410).',
        params: z.object({ id: idParam, linkId: idParam }),
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.revokeLink(currentUser(request), request.params.id, request.params.linkId);
      return reply.code(204).send(null);
    },
  );
};
