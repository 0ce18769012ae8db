import { ProfileTemplateSchema } from '@adstudio/contract';
import { wholeListQuery } from '../../../lib/list-api';
import { templateKeys } from './template-keys';

/** GET /v1/profile-templates/ → every template of the company. */
export const profileTemplates = wholeListQuery(templateKeys, ProfileTemplateSchema, '/v1/profile-templates/');
export const useProfileTemplates = profileTemplates.useList;
