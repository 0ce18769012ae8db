import { ProfileTemplateSchema, ProfileTemplateWriteSchema } from '@adstudio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../lib/resource-routes';
import { listOf } from '../../lib/route-schemas';

/** Templates are part of the profiles section (docs/design.md §6): its tag and its permission. */
export const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  resourceRoutes(app, {
    path: '/v1/profile-templates',
    tags: ['profiles'],
    noun: 'template',
    item: ProfileTemplateSchema,
    service: app.services.templates,
    access: 'profiles',
    list: { summary: 'Profile templates (for the picker)', response: listOf(ProfileTemplateSchema) },
    create: { summary: 'Create a profile template', body: ProfileTemplateWriteSchema },
    show: { summary: 'One profile template' },
    update: {
      summary: 'Edit a profile template',
      description:
        'Sends the `updated_at` it was based on in the body or as `If-Match` (409 when the template ' +
        'changed meanwhile); without either the edit is unconditional.',
      body: ProfileTemplateWriteSchema,
    },
    remove: {
      summary: 'Delete a profile template; refused while profiles use it',
      refused: 'Profiles use the template.',
    },
  });
};
