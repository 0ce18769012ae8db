import { type ProfileTemplate, ProfileTemplateSchema } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { templateKeys } from './keys';

const ResponseSchema = z.object({ data: z.array(ProfileTemplateSchema) });

/** GET /v1/profile-templates/ → every template, for the form's picker. */
export async function getProfileTemplates(): Promise<ProfileTemplate[]> {
  return ResponseSchema.parse((await api.get('/v1/profile-templates/')).data).data;
}

export const profileTemplatesQueryOptions = () =>
  queryOptions({ queryKey: templateKeys.list({}), queryFn: getProfileTemplates });

export const useProfileTemplates = () => useQuery(profileTemplatesQueryOptions());
