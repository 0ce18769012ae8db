import { INVITATION_INVALID } from '@adstudio/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../lib/api-client';
import { getUser, setUser } from '../../lib/auth';
import { answer, recordApi, restoreApi } from '../../lib/stub-api';
import { testUser } from '../../lib/test-fixtures';
import { byText, click, render, testQueryClient, type, waitFor } from '../../lib/test-render';
import { InvitationPage } from './invitation-page';

const JOINED = { ...testUser(['edit campaigns']), id: 9, name: 'Grace', email: 'grace@example.com' };

let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;

async function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/invitation/:token', element: <InvitationPage /> },
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/login', element: <p>Sign in</p> },
    ],
    { initialEntries: ['/invitation/tok123'] },
  );
  const { container } = await render(<RouterProvider router={router} />, { queryClient: testQueryClient() });
  const input = (label: string) =>
    [...container.querySelectorAll<HTMLInputElement>('input')].find(
      (one) => one.labels?.[0]?.textContent?.replace('*', '').trim() === label,
    )!;
  const submit = () => click(byText<HTMLElement>('button', 'Set password and sign in', container));
  return { container, router, input, submit };
}

describe('the invitation page', () => {
  beforeEach(() => {
    reply = (request) =>
      request.url === '/auth/invitation' ? answer(200, { data: JOINED }) : answer(204, '');
    requests = recordApi((request) => reply(request));
  });
  afterEach(() => {
    restoreApi();
    setUser(null);
  });

  it('sets the password, signs the user in and goes on to the dashboard', async () => {
    const { router, input, submit } = await renderPage();
    await type(input('Password'), 'a long password');
    await type(input('Confirm password'), 'a long password');
    await submit();
    await waitFor(() => router.state.location.pathname === '/dashboard');
    expect(requests.map((request) => [request.method, request.url])).toEqual([
      ['GET', '/sanctum/csrf-cookie'],
      ['POST', '/auth/invitation'],
    ]);
    expect(requests[1]!.data).toEqual({
      token: 'tok123',
      password: 'a long password',
      password_confirmation: 'a long password',
    });
    expect(getUser()).toEqual(JOINED);
  });

  it('checks the password as My Account does, before asking', async () => {
    const { container, input, submit } = await renderPage();
    await type(input('Password'), 'short');
    await type(input('Confirm password'), 'other');
    await submit();
    await waitFor(
      () => container.textContent?.includes('The password must be at least 10 characters.') === true,
    );
    expect(requests).toEqual([]);
  });

  it('says when the link is no longer valid, with the way to sign in', async () => {
    reply = (request) =>
      request.url === '/auth/invitation'
        ? answer(422, { message: INVITATION_INVALID, errors: { token: [INVITATION_INVALID] } })
        : answer(204, '');
    const { container, router, input, submit } = await renderPage();
    await type(input('Password'), 'a long password');
    await type(input('Confirm password'), 'a long password');
    await submit();
    await waitFor(() => Boolean(container.querySelector('[role="alert"]')));
    const alert = container.querySelector<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toContain(INVITATION_INVALID);
    expect(container.querySelector('form')).toBeNull();
    await click(byText<HTMLElement>('a', 'Go to the sign-in page', alert));
    await waitFor(() => router.state.location.pathname === '/login');
    expect(getUser()).toBeNull();
  });
});
