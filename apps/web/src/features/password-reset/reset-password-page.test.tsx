import { RESET_INVALID } from '@adstudio/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../lib/api-client';
import { getUser, setUser } from '../../lib/auth';
import { answer, recordApi, restoreApi } from '../../lib/stub-api';
import { testUser } from '../../lib/test-fixtures';
import { byText, click, render, testQueryClient, type, waitFor } from '../../lib/test-render';
import { ResetPasswordPage } from './reset-password-page';

const ADA = testUser(['edit campaigns']);

let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;

async function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/forgot-password', element: <p>Forgot</p> },
      { path: '/login', element: <p>Sign in</p> },
    ],
    { initialEntries: ['/reset-password/tok456'] },
  );
  const { container } = await render(<RouterProvider router={router} />, { queryClient: testQueryClient() });
  const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  const fill = async (password: string, confirmation = password) => {
    await type(input('password'), password);
    await type(input('password_confirmation'), confirmation);
    await click(byText<HTMLElement>('button', 'Set password and sign in', container));
  };
  return { container, router, input, fill };
}

describe('the reset-password page', () => {
  beforeEach(() => {
    reply = (request) =>
      request.url === '/auth/reset-password' ? answer(200, { data: ADA }) : answer(204, '');
    requests = recordApi((request) => reply(request));
  });
  afterEach(() => {
    restoreApi();
    setUser(null);
  });

  it('sets the new password, signs the user in and goes on to the dashboard', async () => {
    const { router, fill } = await renderPage();
    await fill('a long new password');
    await waitFor(() => router.state.location.pathname === '/dashboard');
    expect(requests.map((request) => [request.method, request.url])).toEqual([
      ['GET', '/sanctum/csrf-cookie'],
      ['POST', '/auth/reset-password'],
    ]);
    expect(requests[1]!.data).toEqual({
      token: 'tok456',
      password: 'a long new password',
      password_confirmation: 'a long new password',
    });
    expect(getUser()).toEqual(ADA);
  });

  it("checks the password by My Account's rules before asking", async () => {
    const { container, fill } = await renderPage();
    await fill('a long new password', 'another one entirely');
    await waitFor(
      () => container.querySelector('input[name="password_confirmation"][aria-invalid="true"]') !== null,
    );
    expect(requests).toEqual([]);
  });

  it('says a dead link is dead, with the ways to sign in and to ask again', async () => {
    reply = (request) =>
      request.url === '/auth/reset-password'
        ? answer(422, { message: RESET_INVALID, errors: { token: [RESET_INVALID] } })
        : answer(204, '');
    const { container, router, fill } = await renderPage();
    await fill('a long new password');
    await waitFor(() => Boolean(container.querySelector('[role="alert"]')));
    const alert = container.querySelector<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toContain(RESET_INVALID);
    expect(container.querySelector('form')).toBeNull();
    expect(byText<HTMLAnchorElement>('a', 'Go to the sign-in page', alert)!.getAttribute('href')).toBe(
      '/login',
    );
    await click(byText<HTMLElement>('a', 'Ask for a new link', alert));
    await waitFor(() => router.state.location.pathname === '/forgot-password');
    expect(getUser()).toBeNull();
  });
});
