import { type Invitation, LAST_ADMIN, type TeamMember } from '@adstudio/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAlert } from '../../../lib/alert';
import type { ApiRequest, ApiResponse } from '../../../lib/api-client';
import { setUser } from '../../../lib/auth';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { onePage, testUser } from '../../../lib/test-fixtures';
import { byLabel, byText, click, renderLoaded, tableRows, type, waitFor } from '../../../lib/test-render';
import { UsersCard } from './users-card';

const member = (changes: Partial<TeamMember>): TeamMember => ({
  id: 1,
  email: 'ada@example.com',
  name: 'Ada',
  status: 'active',
  roles: ['admin'],
  permissions: [],
  two_factor: true,
  last_sign_in_at: '2026-11-20T10:00:00',
  invited_at: null,
  expires_at: null,
  deactivated_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  ...changes,
});
const ADA = member({});
const GRACE = member({
  id: 2,
  email: 'grace@example.com',
  name: 'Grace',
  roles: [],
  permissions: ['qa', 'edit campaigns'],
  two_factor: false,
});
const ALAN = member({
  id: 3,
  email: 'alan@example.com',
  name: 'Alan',
  status: 'invited',
  roles: [],
  permissions: [],
  two_factor: false,
  last_sign_in_at: null,
  invited_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2099-11-27T10:30:00',
});
const invitation = (changes: Partial<Invitation> = {}): Invitation => ({
  id: 4,
  email: 'new@example.com',
  name: 'New One',
  status: 'invited',
  roles: [],
  permissions: ['edit campaigns'],
  invited_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2099-11-27T10:30:00',
  ...changes,
});

let required = false;
let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;
const routes = (request: ApiRequest): ApiResponse => {
  if (request.url === '/v1/user/settings') return answer(200, { data: { items_per_page: 10 } });
  if (request.url === '/v1/company/two-factor')
    return answer(200, { data: { required: request.method === 'PUT' ? true : required } });
  if (request.method === 'GET') return answer(200, onePage([ADA, GRACE, ALAN], 10));
  return answer(500, { message: 'unexpected' });
};

/** The dialog opened last (one closing may still be on its way out). */
const dialog = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].at(-1)!;
const field = (name: string) => dialog().querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const radio = (label: string) =>
  [...dialog().querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((input) =>
    input.closest('label')?.textContent?.startsWith(label),
  )!;
const checkbox = (label: string) =>
  [...dialog().querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find(
    (input) => input.closest('label')?.textContent === label,
  )!;
const lastOf = (method: string) => requests.filter((request) => request.method === method).at(-1)!;

async function renderCard() {
  const { container } = await renderLoaded(<UsersCard />, 'Loading users');
  await waitFor(() => tableRows(container, 'team-member', 1).length > 0);
  return container;
}

async function openAction(container: HTMLElement, name: string, action: string) {
  await click(byLabel<HTMLElement>('button', `Actions for ${name}`, container));
  await click(byText<HTMLElement>('[role="menuitem"]', action));
}

describe('Settings’ users', () => {
  beforeEach(() => {
    required = false;
    setUser(testUser([], ['admin']));
    reply = routes;
    requests = recordApi((request) => reply(request));
  });
  afterEach(() => {
    restoreApi();
    setUser(null);
  });

  it('lists the users with their access, status, two-factor and last sign-in', async () => {
    const container = await renderCard();
    expect(tableRows(container, 'team-member', 5)).toEqual([
      ['Ada (you)ada@example.com', 'Admin', 'Active', 'On', '20/11/2026 10:00'],
      ['Gracegrace@example.com', 'Edits campaigns; QA', 'Active', 'Off', '20/11/2026 10:00'],
      ['Alanalan@example.com', 'Dashboard only', 'InvitedExpires 27/11/2099', 'Off', 'Never'],
    ]);
    const list = requests.find((request) => request.url.startsWith('/v1/users/?'))!;
    expect(list.params).toEqual({ page: 1, 'sort-by': 'name', 'items-per-page': 10 });
  });

  it('asks again with the filter', async () => {
    const container = await renderCard();
    await type(byLabel<HTMLInputElement>('input', 'Filter users', container)!, 'gra');
    await waitFor(() => requests.some((request) => request.params?.filter === 'gra'));
    expect(lastOf('GET').params).toEqual({ page: 1, 'sort-by': 'name', filter: 'gra', 'items-per-page': 10 });
  });

  it('invites with the chosen permissions and shows the link once when no e-mail is sent', async () => {
    const container = await renderCard();
    await click(byText<HTMLElement>('button', 'Invite', container));
    await type(field('email'), 'new@example.com');
    await type(field('name'), 'New One');
    await click(checkbox('Edit campaigns'));
    reply = (request) =>
      request.method === 'POST'
        ? answer(201, { data: invitation({ invitation_url: 'http://app.test/invitation/abc' }) })
        : routes(request);
    await click(byText<HTMLElement>('button', 'Send invitation', dialog()));
    await waitFor(() => Boolean(dialog()?.querySelector('[data-testid="invitation-url"]')));
    expect([lastOf('POST').url, lastOf('POST').data]).toEqual([
      '/v1/users/invitations',
      { email: 'new@example.com', name: 'New One', roles: [], permissions: ['edit campaigns'] },
    ]);
    expect(dialog().querySelector<HTMLTextAreaElement>('[data-testid="invitation-url"]')!.value).toBe(
      'http://app.test/invitation/abc',
    );
    expect(dialog().textContent).toContain('No e-mail is configured');
    await click(byText<HTMLElement>('button', 'Done', dialog()));
    await waitFor(() => !document.body.textContent?.includes('invitation/abc'));
  });

  it('invites an admin without permissions and says the e-mail went', async () => {
    const container = await renderCard();
    await click(byText<HTMLElement>('button', 'Invite', container));
    await type(field('email'), 'boss@example.com');
    await type(field('name'), 'Boss');
    await click(checkbox('QA (sees every section)'));
    await click(radio('Admin'));
    expect(checkbox('QA (sees every section)')).toBeUndefined();
    reply = (request) =>
      request.method === 'POST'
        ? answer(201, { data: invitation({ email: 'boss@example.com', roles: ['admin'], permissions: [] }) })
        : routes(request);
    await click(byText<HTMLElement>('button', 'Send invitation', dialog()));
    await waitFor(
      () => getAlert().payload?.data?.message?.startsWith('Invitation e-mailed to boss@') === true,
    );
    expect(lastOf('POST').data).toMatchObject({ roles: ['admin'], permissions: [] });
    await waitFor(() => !document.querySelector('[role="dialog"]'));
  });

  it('shows a 422 next to its field', async () => {
    const container = await renderCard();
    await click(byText<HTMLElement>('button', 'Invite', container));
    await type(field('email'), 'grace@example.com');
    await type(field('name'), 'Grace again');
    reply = (request) =>
      request.method === 'POST'
        ? answer(422, {
            message: 'The email has already been taken.',
            errors: { email: ['The email has already been taken.'] },
          })
        : routes(request);
    await click(byText<HTMLElement>('button', 'Send invitation', dialog()));
    await waitFor(() => dialog().textContent?.includes('The email has already been taken.') === true);
    expect(field('email').getAttribute('aria-invalid')).toBe('true');
  });

  it('edits a user and shows the last-admin refusal on the access', async () => {
    const container = await renderCard();
    await openAction(container, 'Ada', 'Edit');
    expect(radio('Admin').checked).toBe(true);
    await click(radio('Chosen permissions'));
    reply = (request) =>
      request.method === 'PUT'
        ? answer(422, { message: LAST_ADMIN, errors: { roles: [LAST_ADMIN] } })
        : routes(request);
    await click(byText<HTMLElement>('button', 'Save user', dialog()));
    await waitFor(() => dialog().textContent?.includes(LAST_ADMIN) === true);
    expect([lastOf('PUT').url, lastOf('PUT').data]).toEqual([
      '/v1/users/1',
      { name: 'Ada', roles: [], permissions: [] },
    ]);
    const access = [...dialog().querySelectorAll('fieldset')].find(
      (fieldset) => fieldset.querySelector('legend')?.textContent === 'Access',
    )!;
    expect(access.textContent).toContain(LAST_ADMIN);
  });

  it('offers what fits each status, and confirms before deactivating', async () => {
    const container = await renderCard();
    const actionsOf = async (name: string) => {
      await click(byLabel<HTMLElement>('button', `Actions for ${name}`, container));
      const items = [...document.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent);
      await click(document.querySelector<HTMLElement>('[role="menuitem"]'));
      await click(byText<HTMLElement>('button', 'Cancel'));
      return items;
    };
    expect(await actionsOf('Ada')).toEqual(['Edit']);
    expect(await actionsOf('Grace')).toEqual(['Edit', 'Send a password reset link', 'Deactivate']);
    expect(await actionsOf('Alan')).toEqual(['Edit', 'Resend invitation', 'Revoke invitation']);

    await openAction(container, 'Grace', 'Deactivate');
    const confirm = dialog();
    expect(confirm.textContent).toContain('Their sessions and tokens stop at once; their work stays.');
    reply = (request) =>
      request.method === 'POST'
        ? answer(200, { data: { ...GRACE, status: 'deactivated', deactivated_at: '2026-11-21T09:00:00' } })
        : routes(request);
    await click(byText<HTMLElement>('button', 'Deactivate', confirm));
    await waitFor(() => getAlert().payload?.data?.message === 'Grace was deactivated.');
    expect(lastOf('POST').url).toBe('/v1/users/2/deactivate');
  });

  it('resends and revokes an invitation', async () => {
    const container = await renderCard();
    reply = (request) =>
      request.method === 'POST'
        ? answer(200, { data: invitation({ id: 3, email: 'alan@example.com', name: 'Alan' }) })
        : request.method === 'DELETE'
          ? answer(204, '')
          : routes(request);
    await openAction(container, 'Alan', 'Resend invitation');
    await waitFor(
      () => getAlert().payload?.data?.message?.startsWith('Invitation e-mailed to alan@') === true,
    );
    expect(lastOf('POST').url).toBe('/v1/users/3/invitation');

    await openAction(container, 'Alan', 'Revoke invitation');
    const confirm = dialog();
    expect(confirm.textContent).toContain('Revoke the invitation of Alan?');
    await click(byText<HTMLElement>('button', 'Revoke invitation', confirm));
    await waitFor(() => requests.some((request) => request.method === 'DELETE'));
    expect(lastOf('DELETE').url).toBe('/v1/users/3/invitation');
  });

  it('resets the two-factor sign-in of a user who has it, once confirmed', async () => {
    const BOB = member({ id: 5, email: 'bob@example.com', name: 'Bob', roles: [], two_factor: true });
    reply = (request) =>
      request.method === 'DELETE'
        ? answer(204, '')
        : request.method === 'GET' && request.url.startsWith('/v1/users')
          ? answer(200, onePage([ADA, BOB], 10))
          : routes(request);
    const container = await renderCard();
    await openAction(container, 'Bob', 'Reset two-factor');
    const confirm = dialog();
    expect(confirm.textContent).toContain('Reset the two-factor sign-in of Bob?');
    await click(byText<HTMLElement>('button', 'Reset two-factor', confirm));
    await waitFor(() => getAlert().payload?.data?.message === 'The two-factor sign-in of Bob was reset.');
    expect(lastOf('DELETE').url).toBe('/v1/users/5/two-factor');
  });

  it('sends a password reset link: shown once without e-mail, else said sent', async () => {
    const container = await renderCard();
    reply = (request) =>
      request.method === 'POST'
        ? answer(200, {
            data: { expires_at: '2099-11-27T10:30:00', reset_url: 'http://app.test/reset-password/xyz' },
          })
        : routes(request);
    await openAction(container, 'Grace', 'Send a password reset link');
    await waitFor(() => Boolean(dialog()?.querySelector('[data-testid="reset-url"]')));
    expect(lastOf('POST').url).toBe('/v1/users/2/password-reset');
    expect(dialog().querySelector<HTMLTextAreaElement>('[data-testid="reset-url"]')!.value).toBe(
      'http://app.test/reset-password/xyz',
    );
    await click(byText<HTMLElement>('button', 'Done', dialog()));
    await waitFor(() => !document.body.textContent?.includes('reset-password/xyz'));

    reply = (request) =>
      request.method === 'POST'
        ? answer(200, { data: { expires_at: '2099-11-27T10:30:00' } })
        : routes(request);
    await openAction(container, 'Grace', 'Send a password reset link');
    await waitFor(
      () =>
        getAlert().payload?.data?.message?.startsWith(
          'A link to choose a new password was e-mailed to grace@',
        ) === true,
    );
  });

  it('requires two-factor sign-in for everyone once confirmed, and reads the admin again', async () => {
    const container = await renderCard();
    const toggle = () =>
      [...container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find(
        (input) => input.closest('label')?.textContent === 'Require two-factor sign-in for everyone',
      )!;
    await waitFor(() => Boolean(toggle()));
    expect(toggle().checked).toBe(false);
    await click(toggle());
    const confirm = dialog();
    expect(confirm.textContent).toContain(
      'Everyone without it, you included, must set it up before anything else.',
    );
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    await click(byText<HTMLElement>('button', 'Require it', confirm));
    await waitFor(() => requests.some((request) => request.url === '/v1/user'));
    expect([lastOf('PUT').url, lastOf('PUT').data]).toEqual(['/v1/company/two-factor', { required: true }]);
    await waitFor(() => toggle().checked);
  });
});
