import { itemResponse, ProfileTemplateSchema, ProfileTemplateWriteSchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forbiddenAnswer as errors,
  listOf,
  idParams as params,
  refusedAnswer,
  staleAnswer,
} from '../../lib/route-schemas';
import { currentUser } from '../../lib/current-user';

// Templates are part of the profiles section (DESIGN section 6): its tag and its permission.
const tags = ['profiles'];

export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { templates: service } = app.services;
  const read = { preHandler: app.requireAccess('profiles', 'read') };
  const write = { preHandler: app.requireAccess('profiles', 'write') };

  app.get(
    '/v1/profile-templates',
    {
      ...read,
      schema: {
        tags,
        summary: 'Profile templates (for the picker)',
        response: { 200: listOf(ProfileTemplateSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.list(currentUser(request)) }),
  );

  app.get(
    '/v1/profile-templates/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One profile template',
        params,
        response: { 200: itemResponse(ProfileTemplateSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.get(currentUser(request), request.params.id) }),
  );

  app.post(
    '/v1/profile-templates',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create a profile template',
        body: ProfileTemplateWriteSchema,
        response: { 201: itemResponse(ProfileTemplateSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(currentUser(request), request.body) }),
  );

  app.put(
    '/v1/profile-templates/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Edit a profile template',
        description:
          'Sends the `updated_at` it was based on in the body or as `If-Match` (409 when the template ' +
          'changed meanwhile); without either the edit is unconditional.',
        params,
        body: ProfileTemplateWriteSchema,
        response: { 200: itemResponse(ProfileTemplateSchema), ...staleAnswer('template'), ...errors },
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
    '/v1/profile-templates/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Delete a profile template; refused while profiles use it',
        params,
        response: { 204: z.null(), ...refusedAnswer('Profiles use the template.'), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
