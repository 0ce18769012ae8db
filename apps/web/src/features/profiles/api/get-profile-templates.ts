import { ProfileTemplateSchema } from '@adstudio/contract';
import { wholeListQuery } from '../../../lib/list-api';
import { templateKeys } from './keys';

/** GET /v1/profile-templates/ → every template, for the form's picker. */
export const profileTemplates = wholeListQuery(templateKeys, ProfileTemplateSchema, '/v1/profile-templates/');
export const useProfileTemplates = profileTemplates.useList;
