import type { CompanyAccessToken } from '@adstudio/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAlert } from '../../../lib/alert';
import type { ApiRequest, ApiResponse } from '../../../lib/api-client';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { byLabel, byText, click, renderLoaded, tableRows, waitFor } from '../../../lib/test-render';
import { CompanyTokensCard } from './company-tokens-card';

const token = (changes: Partial<CompanyAccessToken>): CompanyAccessToken => ({
  id: 1,
  name: 'Nightly export',
  abilities: ['read'],
  expires_at: '2099-02-18T10:00:00.000Z',
  last_used_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  user: { id: 7, name: 'Ada Lovelace', email: 'ada@example.com' },
  ...changes,
});
const EXPORT = token({});
const SYNC = token({
  id: 2,
  name: 'CRM sync',
  abilities: ['read', 'write'],
  user: { id: 8, name: 'Grace Hopper', email: 'grace@example.com' },
});

let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;
const listed = (tokens: CompanyAccessToken[]) => () => answer(200, { data: tokens });

const renderCard = async () => (await renderLoaded(<CompanyTokensCard />, 'Loading tokens')).container;
const rows = (container: HTMLElement) => tableRows(container, 'access-token', 5);

describe('Settings’ company API tokens', () => {
  beforeEach(() => {
    reply = listed([EXPORT, SYNC]);
    requests = recordApi((request) => reply(request));
  });
  afterEach(() => {
    restoreApi();
  });

  it('lists the company’s tokens with their users, and has nothing to create', async () => {
    const container = await renderCard();
    expect(rows(container)).toEqual([
      ['Nightly export', 'Ada Lovelaceada@example.com', 'Read', 'Never', '18/02/2099'],
      ['CRM sync', 'Grace Hoppergrace@example.com', 'Read and write', 'Never', '18/02/2099'],
    ]);
    expect(requests.map((request) => request.url)).toEqual(['/v1/tokens']);
    expect(
      [...container.querySelectorAll('button')].map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Revoke Nightly export of Ada Lovelace', 'Revoke CRM sync of Grace Hopper']);
  });

  it('says when there are none', async () => {
    reply = listed([]);
    const container = await renderCard();
    expect(container.textContent).toContain('No tokens yet: users make them in My Account.');
  });

  it('revokes a user’s token after saying what it does', async () => {
    const container = await renderCard();
    await click(byLabel<HTMLElement>('button', 'Revoke CRM sync of Grace Hopper', container));
    const confirm = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(confirm.textContent).toContain('Revoke the token CRM sync of Grace Hopper?');
    expect(confirm.textContent).toContain('whatever Grace Hopper runs with it is refused (401)');
    reply = (request) => (request.method === 'DELETE' ? answer(204, '') : listed([EXPORT])());
    await click(byText<HTMLElement>('button', 'Revoke', confirm));
    await waitFor(() => rows(container).length === 1);
    expect(requests.find((request) => request.method === 'DELETE')!.url).toBe('/v1/tokens/2');
    expect(getAlert().payload?.data?.message).toBe('Token "CRM sync" revoked.');
  });
});
