import { RESET_ASK_ADMIN } from '@adstudio/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../lib/api-client';
import { answer, recordApi, restoreApi } from '../../lib/stub-api';
import { byText, click, render, testQueryClient, type, waitFor } from '../../lib/test-render';
import { ForgotPasswordPage } from './forgot-password-page';

let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;

async function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/login', element: <p>Sign in</p> },
    ],
    { initialEntries: ['/forgot-password'] },
  );
  const { container } = await render(<RouterProvider router={router} />, { queryClient: testQueryClient() });
  const email = container.querySelector<HTMLInputElement>('input[name="email"]')!;
  const submit = () => click(byText<HTMLElement>('button', 'Send the link', container));
  return { container, router, email, submit };
}

describe('the forgot-password page', () => {
  beforeEach(() => {
    reply = (request) =>
      request.url === '/auth/forgot-password' ? answer(202, { message: RESET_ASK_ADMIN }) : answer(204, '');
    requests = recordApi((request) => reply(request));
  });
  afterEach(() => restoreApi());

  it("sends the email and shows the server's answer in words", async () => {
    const { container, router, email, submit } = await renderPage();
    await type(email, 'Ada@Example.com');
    await submit();
    await waitFor(() => container.textContent?.includes(RESET_ASK_ADMIN) === true);
    expect(requests.map((request) => [request.method, request.url, request.data])).toEqual([
      ['GET', '/sanctum/csrf-cookie', undefined],
      ['POST', '/auth/forgot-password', { email: 'ada@example.com' }],
    ]);
    expect(container.querySelector('form')).toBeNull();
    await click(byText<HTMLElement>('a', 'Back to the sign-in page', container));
    await waitFor(() => router.state.location.pathname === '/login');
  });

  it('checks the email before asking, and shows a 422 on it', async () => {
    const { container, email, submit } = await renderPage();
    await type(email, 'not an email');
    await submit();
    await waitFor(() => email.getAttribute('aria-invalid') === 'true');
    expect(requests).toEqual([]);

    reply = (request) =>
      request.url === '/auth/forgot-password'
        ? answer(422, { message: 'Nope.', errors: { email: ['The email is refused.'] } })
        : answer(204, '');
    await type(email, 'ada@example.com');
    await submit();
    await waitFor(() => container.textContent?.includes('The email is refused.') === true);
  });

  it('says when too many were asked', async () => {
    reply = (request) =>
      request.url === '/auth/forgot-password'
        ? answer(429, { message: 'Too many requests. Try again in 60 seconds.' })
        : answer(204, '');
    const { container, email, submit } = await renderPage();
    await type(email, 'ada@example.com');
    await submit();
    await waitFor(
      () => container.querySelector('[role="alert"]')?.textContent?.includes('Too many') === true,
    );
  });
});
