import { FeedbackBodySchema, FeedbackCreatedResponseSchema } from '@adstudio/contract';
import type { FastifyPluginAsync } from 'fastify';
import { action, routes } from '../../lib/resource-routes';

export const feedbackRoutes: FastifyPluginAsync = async (app) => {
  const { feedback: service } = app.services;
  routes(app, { tags: ['feedback'], forbids: false }, [
    action({
      method: 'POST',
      path: '/v1/feedback',
      summary: 'Send feedback',
      body: FeedbackBodySchema,
      response: FeedbackCreatedResponseSchema,
      status: 201,
      call: async (user, { body }) => ({ data: await service.create(user, body) }),
    }),
  ]);
};
