import { type ProfileTemplate, ProfileTemplateSchema, type ProfileTemplateWrite } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { templateKeys } from './template-keys';

/** POST /v1/profile-templates → 201 the template; 422 {message, errors}. */
export const createProfileTemplate = (body: ProfileTemplateWrite): Promise<ProfileTemplate> =>
  getData(ProfileTemplateSchema, api.post('/v1/profile-templates', body));

/** The dialog shows its failures on its fields. */
export const useCreateProfileTemplate = () =>
  useItemMutation(templateKeys, createProfileTemplate, { alertOnError: false });
