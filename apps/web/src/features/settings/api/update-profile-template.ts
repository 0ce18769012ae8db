import { type ProfileTemplate, ProfileTemplateSchema, type ProfileTemplateWrite } from '@adstudio/contract';
import { api } from '../../../lib/api-client';
import { getData } from '../../../lib/get-data';
import { useItemMutation } from '../../../lib/resource-mutations';
import { templateKeys } from './template-keys';

/** PUT /v1/profile-templates/{id} with the `updated_at` it was based on; 409 when stale. */
export const updateProfileTemplate = ({
  id,
  body,
}: {
  id: number;
  body: ProfileTemplateWrite;
}): Promise<ProfileTemplate> => getData(ProfileTemplateSchema, api.put(`/v1/profile-templates/${id}`, body));

/** The dialog shows its failures on its fields. */
export const useUpdateProfileTemplate = () =>
  useItemMutation(templateKeys, updateProfileTemplate, { alertOnError: false });
