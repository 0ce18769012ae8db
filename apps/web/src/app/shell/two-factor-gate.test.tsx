import { TWO_FACTOR_REQUIRED, type User } from '@adstudio/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiRequest, type ApiResponse, api } from '../../lib/api-client';
import { getUser, setUser } from '../../lib/auth';
import { answer, recordApi, restoreApi } from '../../lib/stub-api';
import { testUser } from '../../lib/test-fixtures';
import { byText, click, render, testQueryClient, type, waitFor } from '../../lib/test-render';
import { installTwoFactorGate } from '../session';
import { AppShell } from './app-shell';

const READY: User = { ...testUser(), two_factor: true };

let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;
const routes = (request: ApiRequest): ApiResponse => {
  if (request.method === 'POST' && request.url === '/v1/user/two-factor')
    return answer(200, {
      data: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://x', qr_svg: '<svg/>' },
    });
  if (request.url === '/v1/user/two-factor/confirm')
    return answer(200, { data: { recovery_codes: ['aaaaa-bbbbb'] } });
  if (request.url === '/v1/user') return answer(200, { data: READY });
  return answer(403, { message: TWO_FACTOR_REQUIRED });
};

async function renderApp() {
  const router = createMemoryRouter(
    [{ Component: AppShell, children: [{ path: '/campaigns', element: <p>The campaigns</p> }] }],
    { initialEntries: ['/campaigns'] },
  );
  return (await render(<RouterProvider router={router} />, { queryClient: testQueryClient() })).container;
}

const heading = 'Set up two-factor sign-in';

describe('two-factor sign-in the company requires', () => {
  beforeEach(() => {
    reply = routes;
    requests = recordApi((request) => reply(request));
    installTwoFactorGate();
  });
  afterEach(() => {
    restoreApi();
    setUser(null);
  });

  it('shows only its set-up, whatever the route, and the route once it is done', async () => {
    setUser({ ...testUser(), two_factor: false, two_factor_setup_required: true });
    const container = await renderApp();
    await waitFor(() => byText('h1', heading, container) !== undefined);
    expect(container.textContent).not.toContain('The campaigns');
    expect(byText<HTMLAnchorElement>('a', 'Sign out', container)!.getAttribute('href')).toBe('/logout');

    await click(byText<HTMLElement>('button', 'Set up', container));
    await waitFor(() => Boolean(container.querySelector('input[name="code"]')));
    await type(container.querySelector<HTMLInputElement>('input[name="code"]')!, '123456');
    await click(byText<HTMLElement>('button', 'Confirm', container));
    await waitFor(() => Boolean(container.querySelector('[data-testid="recovery-codes"]')));
    await click(container.querySelector<HTMLInputElement>('input[type="checkbox"]'));
    await click(byText<HTMLElement>('button', 'Continue to Adstudio', container));
    await waitFor(() => container.textContent?.includes('The campaigns') === true);
    expect(getUser()).toEqual(READY);
  });

  it('comes up when any call is refused with TWO_FACTOR_REQUIRED', async () => {
    setUser({ ...testUser(), two_factor: false });
    const container = await renderApp();
    expect(container.textContent).toContain('The campaigns');
    await api.get('/v1/campaigns').catch(() => undefined);
    await waitFor(() => byText('h1', heading, container) !== undefined);
    expect(getUser()?.two_factor_setup_required).toBe(true);
  });

  it('leaves other 403s alone', async () => {
    setUser(READY);
    reply = () => answer(403, { message: 'This action is unauthorized.' });
    await api.get('/v1/campaigns').catch(() => undefined);
    expect(getUser()).toEqual(READY);
    expect(requests).toHaveLength(1);
  });
});
