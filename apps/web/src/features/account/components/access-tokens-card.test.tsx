import type { AccessToken, NewAccessToken } from '@adstudio/contract';
import { TOKENS_TOO_MANY } from '@adstudio/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAlert } from '../../../lib/alert';
import type { ApiRequest, ApiResponse } from '../../../lib/api-client';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import {
  byLabel,
  byText,
  choose,
  click,
  renderLoaded,
  tableRows,
  type,
  waitFor,
} from '../../../lib/test-render';
import { AccessTokensCard, REVOKE_ALL_MESSAGE, REVOKE_TOKEN_MESSAGE } from './access-tokens-card';
import { tokenBody } from './new-token-dialog';

const token = (changes: Partial<AccessToken>): AccessToken => ({
  id: 1,
  name: 'Nightly export',
  abilities: ['read'],
  expires_at: '2099-02-18T10:00:00.000Z',
  last_used_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  ...changes,
});
const EXPORT = token({});
const SYNC = token({
  id: 2,
  name: 'CRM sync',
  abilities: ['read', 'write'],
  last_used_at: '2026-11-26T09:30:00.000Z',
  expires_at: '2021-11-21T10:00:00.000Z',
});
const SECRET = '3|s3cr3tS3cr3tS3cr3tS3cr3tS3cr3tS3cr3tS3cr3t';
const CREATED: NewAccessToken = {
  ...token({ id: 3, name: 'Deploy bot', abilities: ['read', 'write'] }),
  token: SECRET,
};

let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;
const listed = (tokens: AccessToken[]) => () => answer(200, { data: tokens });

const renderCard = () => renderLoaded(<AccessTokensCard />, 'Loading tokens');
const rows = (container: HTMLElement) => tableRows(container, 'access-token', 5);
const dialog = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
    (element) => document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent === name,
  );

describe('My Account’s API tokens', () => {
  beforeEach(() => {
    reply = listed([EXPORT, SYNC]);
    requests = recordApi((request) => reply(request));
  });
  afterEach(() => {
    restoreApi();
  });

  it('lists my tokens: name, abilities, created, last used and expiry', async () => {
    const { container } = await renderCard();
    expect(rows(container)).toEqual([
      ['Nightly export', 'Read', '20/11/2026', 'Never', '18/02/2099'],
      [
        'CRM sync',
        'Read and write',
        '20/11/2026',
        expect.stringMatching(/^2[67]\/11\/2026 \d\d:\d\d$/),
        'Expired 21/11/2021',
      ],
    ]);
    expect(requests.map((request) => request.url)).toEqual(['/v1/user/tokens']);
    expect(byLabel('button', 'Revoke Nightly export', container)).toBeDefined();
  });

  it('says when there are none yet, with the create button, and when they could not be loaded', async () => {
    reply = listed([]);
    let { container } = await renderCard();
    expect(container.textContent).toContain('No tokens yet');
    await click(byText<HTMLElement>('button', 'Create the first token', container));
    expect(dialog('New token')).toBeDefined();

    reply = () => answer(500, { message: 'Server Error' });
    ({ container } = await renderCard());
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(
      'The tokens could not be loaded.',
    );
    expect(byText('button', 'Retry', container)).toBeDefined();
  });

  it('creates a token, a 422 beside its field, then shows its secret once with copy and an example', async () => {
    const { container, queryClient } = await renderCard();
    await click(byText<HTMLElement>('button', 'New token', container));
    const form = dialog('New token')!;
    await type(form.querySelector<HTMLInputElement>('input[name="name"]')!, 'Deploy bot');
    await click(form.querySelector<HTMLInputElement>('input[type="radio"][value="write"]'));
    const expiry = form.querySelector<HTMLSelectElement>('select[name="expires_at"]')!;
    expect(expiry.value).toBe('90');
    expect([...expiry.options].map((option) => option.textContent)).toEqual(['30 days', '90 days', '1 year']);

    reply = (request) =>
      request.method === 'POST'
        ? answer(422, { message: 'Invalid.', errors: { name: ['The name has already been taken.'] } })
        : listed([EXPORT, SYNC])();
    await click(byText<HTMLElement>('button', 'Create token', form));
    await waitFor(() => form.textContent!.includes('The name has already been taken.'));
    const nameInput = form.querySelector<HTMLInputElement>('input[name="name"]')!;
    expect(nameInput.getAttribute('aria-invalid')).toBe('true');
    // The 90 days are the server's default: the body leaves the expiry out.
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: '/v1/user/tokens',
      data: { name: 'Deploy bot', abilities: ['read', 'write'] },
    });
    expect(requests.find((request) => request.method === 'POST')!.data).not.toHaveProperty('expires_at');

    reply = (request) =>
      request.method === 'POST' ? answer(201, { data: CREATED }) : listed([CREATED, EXPORT, SYNC])();
    await click(byText<HTMLElement>('button', 'Create token', form));
    await waitFor(() => dialog('Copy your new token') !== undefined);
    const shown = dialog('Copy your new token')!;
    expect(dialog('New token')).toBeUndefined();
    expect(shown.textContent).toContain('You will not see it again');
    expect(shown.querySelector<HTMLInputElement>('[data-testid="new-token-secret"]')!.value).toBe(SECRET);
    expect(shown.querySelector<HTMLTextAreaElement>('[data-testid="new-token-curl"]')!.value).toBe(
      `curl -H "Authorization: Bearer ${SECRET}" ${window.location.origin}/v1/user`,
    );
    await waitFor(() => rows(container).length === 3);
    // The list never holds the secret.
    expect(
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
      ),
    ).not.toContain(SECRET);

    await click(byText<HTMLElement>('button', 'Copy token', shown));
    await waitFor(() => getAlert().payload?.data?.message === 'Token copied to the clipboard.');
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await click(byText<HTMLElement>('button', 'Done', shown));
    await waitFor(() => dialog('Copy your new token') === undefined);
    expect(document.body.innerHTML).not.toContain(SECRET);
    // The mutation that answered it is forgotten too.
    await waitFor(() => queryClient.getMutationCache().getAll().length === 0);
  });

  it('shows the limit’s refusal in the dialog, and sends a chosen expiry as a date-time from now', async () => {
    const { container } = await renderCard();
    await click(byText<HTMLElement>('button', 'New token', container));
    const form = dialog('New token')!;
    await type(form.querySelector<HTMLInputElement>('input[name="name"]')!, 'One too many');
    await choose(form.querySelector<HTMLSelectElement>('select[name="expires_at"]')!, '30');
    reply = (request) =>
      request.method === 'POST' ? answer(422, { message: TOKENS_TOO_MANY, errors: {} }) : listed([EXPORT])();
    const before = Date.now();
    await click(byText<HTMLElement>('button', 'Create token', form));
    await waitFor(() => form.querySelector('[role="alert"]')?.textContent === TOKENS_TOO_MANY);
    const body = requests.find((request) => request.method === 'POST')!.data as { expires_at: string };
    const days = (Date.parse(body.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    expect(body).toEqual({ name: 'One too many', abilities: ['read'], expires_at: expect.any(String) });
  });

  it('revokes a token after saying what it does', async () => {
    const { container } = await renderCard();
    await click(byLabel<HTMLElement>('button', 'Revoke CRM sync', container));
    const confirm = dialog('Revoke the token CRM sync?')!;
    expect(confirm.textContent).toContain(REVOKE_TOKEN_MESSAGE);
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    reply = (request) => (request.method === 'DELETE' ? answer(204, '') : listed([EXPORT])());
    await click(byText<HTMLElement>('button', 'Revoke', confirm));
    await waitFor(() => rows(container).length === 1);
    expect(requests.find((request) => request.method === 'DELETE')!.url).toBe('/v1/user/tokens/2');
    expect(getAlert().payload?.data?.message).toBe('Token "CRM sync" revoked.');
    await waitFor(() => dialog('Revoke the token CRM sync?') === undefined);
  });

  it('revokes all my tokens after saying what it does; the button shows only when there are some', async () => {
    const { container } = await renderCard();
    await click(byText<HTMLElement>('button', 'Revoke all', container));
    const confirm = dialog('Revoke all your tokens?')!;
    expect(confirm.textContent).toContain(REVOKE_ALL_MESSAGE);
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    reply = (request) => (request.method === 'DELETE' ? answer(200, { data: { revoked: 2 } }) : listed([])());
    await click(byText<HTMLElement>('button', 'Revoke all', confirm));
    await waitFor(() => rows(container).length === 0);
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      '/v1/user/tokens',
    ]);
    expect(getAlert().payload?.data?.message).toBe('2 tokens revoked.');
    await waitFor(() => dialog('Revoke all your tokens?') === undefined);
    expect(
      [...container.querySelectorAll('button')].some((button) => button.textContent === 'Revoke all'),
    ).toBe(false);
  });
});

describe('the token body', () => {
  it('says the abilities as the contract lists them and a year as 365 days from now', () => {
    const now = Date.parse('2026-12-01T12:00:00.000Z');
    expect(tokenBody({ name: 'A', abilities: 'read', expires_at: '365' }, now)).toEqual({
      name: 'A',
      abilities: ['read'],
      expires_at: '2027-12-01T12:00:00.000Z',
    });
    expect(tokenBody({ name: 'A', abilities: 'write', expires_at: '90' }, now)).toEqual({
      name: 'A',
      abilities: ['read', 'write'],
    });
  });
});
