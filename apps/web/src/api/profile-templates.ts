import { type ProfileTemplate, ProfileTemplateSchema, type ProfileTemplateWrite } from '@adstudio/contract';
import { wholeListQuery } from '../lib/list-api';
import { resourceApi } from '../lib/resource-api';

/**
 * /v1/profile-templates (Settings writes them; the profile form picks from them): create and PUT
 * (409 when the `updated_at` it was based on is stale; the dialog shows failures on its fields),
 * delete (422 naming the profiles that use it).
 */
export const profileTemplatesApi = resourceApi<
  ProfileTemplate,
  { create: ProfileTemplateWrite; update: ProfileTemplateWrite }
>('/v1/profile-templates', { item: ProfileTemplateSchema, quiet: ['create', 'update'] });

/** GET /v1/profile-templates/ → every template of the company, answered whole. */
export const profileTemplates = wholeListQuery(
  profileTemplatesApi.keys,
  ProfileTemplateSchema,
  `${profileTemplatesApi.path}/`,
);
export const useProfileTemplates = profileTemplates.useList;
