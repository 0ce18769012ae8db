import {
  type Invitation,
  type InvitationCreateInput,
  InvitationSchema,
  type PasswordResetLink,
  PasswordResetLinkSchema,
  type TeamMember,
  TeamMemberSchema,
  type TeamMemberUpdateInput,
  type UserStatus,
} from '@adstudio/contract';
import { api } from '../lib/api-client';
import { getData } from '../lib/get-data';
import { useInvalidatingMutation } from '../lib/invalidating-mutation';
import { buildListQuery, type ListQueryParams } from '../lib/list-query';
import { resourceApi } from '../lib/resource-api';
import { useItemMutation, useItemsMutation } from '../lib/resource-mutations';

/**
 * /v1/users (admins): the company's users, paged (`filter` on name and email, `status`); PUT with
 * any of name, roles, permissions (422 on `roles` when the company would be left without an active
 * admin; the dialog shows it on its field). Invitations, deactivation and reactivation are actions.
 */
export const usersApi = resourceApi<TeamMember, { update: TeamMemberUpdateInput }>('/v1/users', {
  item: TeamMemberSchema,
  list: { placeholder: 'previous' },
  quiet: ['update'],
});
const { keys, path } = usersApi;

/** The Users card's page of the team, by name. */
export const teamQuery = ({
  filter,
  status,
  page,
  itemsPerPage,
}: {
  filter: string;
  status: UserStatus | null;
  page: number;
  itemsPerPage: number;
}): ListQueryParams => ({
  ...buildListQuery({ sortBy: 'name', filter, page, itemsPerPage }),
  ...(status ? { status } : {}),
});

/**
 * POST /v1/users/invitations → 201 the invitation; `invitation_url` only when the server sends no
 * e-mail, answered this once. 422 {message, errors} (a taken email on `email`).
 */
export const inviteUser = (body: InvitationCreateInput): Promise<Invitation> =>
  getData(InvitationSchema, api.post(`${path}/invitations`, body));

/** The dialog shows its failures on its fields; the link stays out of the cache once the dialog is gone. */
export const useInviteUser = () =>
  useInvalidatingMutation(inviteUser, () => [keys.lists()], { alertOnError: false, gcTime: 0 });

/** POST /v1/users/{id}/invitation → a new link (the old one stops working), e-mailed or answered once. */
export const resendInvitation = (id: number): Promise<Invitation> =>
  getData(InvitationSchema, api.post(`${path}/${id}/invitation`));

export const useResendInvitation = () =>
  useInvalidatingMutation(resendInvitation, () => [keys.lists()], { gcTime: 0 });

/** DELETE /v1/users/{id}/invitation → 204: the link stops working and the invited user is removed. */
export async function revokeInvitation(id: number): Promise<void> {
  await api.delete(`${path}/${id}/invitation`);
}

export const useRevokeInvitation = () => useItemsMutation(keys, revokeInvitation, (id) => [id]);

/** POST /v1/users/{id}/deactivate → the user: their sessions and tokens stop at once; their work stays. */
export const deactivateUser = (id: number): Promise<TeamMember> =>
  getData(TeamMemberSchema, api.post(`${path}/${id}/deactivate`));

export const useDeactivateUser = () => useItemMutation(keys, deactivateUser);

/** POST /v1/users/{id}/activate → the user, who may sign in again. */
export const activateUser = (id: number): Promise<TeamMember> =>
  getData(TeamMemberSchema, api.post(`${path}/${id}/activate`));

export const useActivateUser = () => useItemMutation(keys, activateUser);

/**
 * DELETE /v1/users/{id}/two-factor → 204: the user's two-factor sign-in is off (a lost phone), to be
 * set up again; the list shows it off.
 */
export async function resetTwoFactor(id: number): Promise<void> {
  await api.delete(`${path}/${id}/two-factor`);
}

export const useResetTwoFactor = () => useItemsMutation(keys, resetTwoFactor, (id) => [id]);

/**
 * POST /v1/users/{id}/password-reset → {expires_at, reset_url?}: a link for the user to choose a new
 * password, e-mailed, or answered this once when the server sends no e-mail.
 */
export const sendPasswordReset = (id: number): Promise<PasswordResetLink> =>
  getData(PasswordResetLinkSchema, api.post(`${path}/${id}/password-reset`));

/** The link stays out of the cache once shown. */
export const useSendPasswordReset = () => useInvalidatingMutation(sendPasswordReset, () => [], { gcTime: 0 });
