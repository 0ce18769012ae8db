import { type SsoSettings, SsoSettingsSchema, type SsoUpdateInput } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { getData } from '../lib/get-data';
import { useInvalidatingMutation } from '../lib/invalidating-mutation';

/**
 * /v1/sso (admins, signed in): the company's single sign-on — null until set up; PUT the whole
 * settings (the client secret kept when left out; 422 on the fields); DELETE turns it off.
 */
const path = '/v1/sso';
const ssoKey = ['sso'] as const;

export const ssoQueryOptions = () =>
  queryOptions({ queryKey: ssoKey, queryFn: () => getData(SsoSettingsSchema.nullable(), api.get(path)) });
export const useSso = () => useQuery(ssoQueryOptions());

/** PUT /v1/sso → the settings as saved (never the secret). */
export const saveSso = (body: SsoUpdateInput): Promise<SsoSettings> =>
  getData(SsoSettingsSchema, api.put(path, body));

/** The dialog shows the failures on its fields; the answer becomes the cached settings. */
export const useSaveSso = () =>
  useInvalidatingMutation(saveSso, () => [], {
    alertOnError: false,
    keep: (queryClient, answer) => queryClient.setQueryData(ssoKey, answer),
  });

/** DELETE /v1/sso → 204: passwords work again for everyone. */
export async function removeSso(): Promise<void> {
  await api.delete(path);
}
export const useRemoveSso = () => useInvalidatingMutation(removeSso, () => [ssoKey]);
