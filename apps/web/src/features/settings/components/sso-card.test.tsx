import type { SsoSettings } from '@adstudio/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../../lib/api-client';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { byText, click, renderLoaded, type, waitFor } from '../../../lib/test-render';
import { SsoCard } from './sso-card';

const SETTINGS: SsoSettings = {
  issuer: 'https://login.example.com',
  client_id: 'adstudio',
  has_secret: true,
  domains: ['acme.example'],
  mode: 'jit',
  default_roles: [],
  default_permissions: ['edit campaigns'],
  required: false,
  break_glass_user_ids: [],
  redirect_uri: 'https://app.example.com/auth/sso/callback',
  updated_at: '2026-12-06T10:00:00.000Z',
};

let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const input = (name: string) => dialog().querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const renderCard = async () => (await renderLoaded(<SsoCard />, 'Loading single sign-on settings')).container;

describe('Settings’ single sign-on', () => {
  beforeEach(() => {
    reply = () => answer(200, { data: null });
    requests = recordApi((request) => reply(request));
  });
  afterEach(() => {
    restoreApi();
  });

  it('sets it up: the body sent is the contract’s, and a 422 shows on its field', async () => {
    const container = await renderCard();
    expect(container.textContent).toContain('Not set up');
    await click(byText<HTMLElement>('button', 'Set up', container));
    await type(input('issuer'), 'https://login.example.com');
    await type(input('client_id'), 'adstudio');
    await type(input('client_secret'), 's3cret');
    await type(input('domains'), 'acme.example, taken.example');
    reply = (request) =>
      request.method === 'PUT'
        ? answer(422, {
            message: 'This domain signs in with another company’s single sign-on.',
            errors: { domains: ['This domain signs in with another company’s single sign-on.'] },
          })
        : answer(200, { data: null });
    await click(byText<HTMLElement>('button', 'Save single sign-on', dialog()));
    await waitFor(() => dialog().textContent?.includes('another company’s single sign-on') ?? false);
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe('/v1/sso');
    expect(put.data).toEqual({
      issuer: 'https://login.example.com',
      client_id: 'adstudio',
      client_secret: 's3cret',
      domains: ['acme.example', 'taken.example'],
      mode: 'invited',
      default_roles: [],
      default_permissions: [],
      required: false,
      break_glass_user_ids: [],
    });
    expect(input('domains').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the settings and keeps the secret when it is left empty', async () => {
    reply = (request) =>
      answer(200, { data: request.method === 'PUT' ? { ...SETTINGS, mode: 'invited' } : SETTINGS });
    const container = await renderCard();
    expect(container.textContent).toContain('acme.example');
    expect(container.textContent).toContain('Get an account');
    expect(container.querySelector<HTMLInputElement>('[data-testid="sso-redirect-uri"]')!.value).toBe(
      SETTINGS.redirect_uri,
    );
    await click(byText<HTMLElement>('button', 'Edit', container));
    expect(input('client_secret').value).toBe('');
    await click(byText<HTMLElement>('button', 'Save single sign-on', dialog()));
    await waitFor(() => requests.some((request) => request.method === 'PUT'));
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(put.data).not.toHaveProperty('client_secret');
    expect(put.data).toMatchObject({ domains: ['acme.example'], default_permissions: ['edit campaigns'] });
  });
});
