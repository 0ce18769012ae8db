import { CODE_INVALID, type User } from '@adstudio/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAlert } from '../../../lib/alert';
import type { ApiRequest, ApiResponse } from '../../../lib/api-client';
import { setUser, useUser } from '../../../lib/auth';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { testUser } from '../../../lib/test-fixtures';
import { byText, click, render, testQueryClient, type, waitFor } from '../../../lib/test-render';
import { TwoFactorCard } from './two-factor-card';
import { groupedSecret } from './two-factor-setup';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M1 1h7"/></svg>';
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-fgh${index}k`);

let user: User;
let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;
const routes = (request: ApiRequest): ApiResponse => {
  if (request.method === 'POST' && request.url === '/v1/user/two-factor')
    return answer(200, { data: { secret: SECRET, otpauth_url: 'otpauth://totp/x', qr_svg: SVG } });
  if (request.url === '/v1/user/two-factor/confirm') return answer(200, { data: { recovery_codes: CODES } });
  if (request.method === 'DELETE') return answer(204, '');
  if (request.url === '/v1/user') return answer(200, { data: user });
  return answer(500, { message: 'unexpected' });
};

/** The card as My Account draws it: on the signed-in user, which the set-up reads again. */
function Card() {
  const current = useUser();
  return current ? <TwoFactorCard user={current} /> : null;
}

async function renderCard(signedIn: User) {
  setUser(signedIn);
  const { container } = await render(<Card />, { queryClient: testQueryClient() });
  return container;
}

const button = (name: string, within: ParentNode = document) =>
  byText<HTMLButtonElement>('button', name, within)!;
const field = (name: string, within: ParentNode = document) =>
  within.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const dialog = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].at(-1)!;

describe('My Account’s two-factor sign-in', () => {
  beforeEach(() => {
    user = { ...testUser(), two_factor: true };
    reply = routes;
    requests = recordApi((request) => reply(request));
  });
  afterEach(() => {
    restoreApi();
    setUser(null);
  });

  it('sets it up: the QR code as an image, the key to type, a code, then the recovery codes once', async () => {
    const container = await renderCard({ ...testUser(), two_factor: false });
    expect(container.textContent).toContain('Off.');
    await click(button('Set up', container));
    await waitFor(() => Boolean(container.querySelector('img')));

    const image = container.querySelector('img')!;
    expect(image.getAttribute('alt')).toBe('QR code to add Adstudio to your authenticator app');
    expect(image.getAttribute('src')).toBe(`data:image/svg+xml;utf8,${encodeURIComponent(SVG)}`);
    // The server's SVG is never markup of the page.
    expect(container.querySelector('svg path[d="M1 1h7"]')).toBeNull();
    expect(container.querySelector('[data-testid="two-factor-secret"]')!.textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    await type(field('code', container), '123456');
    await click(button('Confirm', container));
    await waitFor(() => Boolean(container.querySelector('[data-testid="recovery-codes"]')));
    expect(requests.find((request) => request.url === '/v1/user/two-factor/confirm')!.data).toEqual({
      code: '123456',
    });
    const listed = [...container.querySelectorAll('[data-testid="recovery-codes"] li')].map(
      (item) => item.textContent,
    );
    expect(listed).toEqual(CODES);

    // Done only once the codes are said to be saved; then the user is read again: on.
    expect(button('Done', container).disabled).toBe(true);
    await click(container.querySelector<HTMLInputElement>('input[type="checkbox"]'));
    expect(button('Done', container).disabled).toBe(false);
    await click(button('Done', container));
    await waitFor(() => container.textContent?.includes('On. Signing in asks for a code') === true);
    expect(container.textContent).not.toContain(CODES[0]);
  });

  it('shows a refused code on its field', async () => {
    reply = (request) =>
      request.url === '/v1/user/two-factor/confirm'
        ? answer(422, { message: CODE_INVALID, errors: { code: [CODE_INVALID] } })
        : routes(request);
    const container = await renderCard({ ...testUser(), two_factor: false });
    await click(button('Set up', container));
    await waitFor(() => Boolean(field('code', container)));
    await type(field('code', container), '000000');
    await click(button('Confirm', container));
    await waitFor(() => field('code', container).getAttribute('aria-invalid') === 'true');
    expect(container.textContent).toContain(CODE_INVALID);
  });

  it('groups the key by four for reading', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });

  it('turns it off with the password and a code, the refusals on their fields', async () => {
    const container = await renderCard(user);
    await click(button('Turn off', container));
    reply = (request) =>
      request.method === 'DELETE'
        ? answer(422, {
            message: 'The provided password does not match your current password.',
            errors: { password: ['The provided password does not match your current password.'] },
          })
        : routes(request);
    await type(field('password', dialog()), 'wrong password');
    await type(field('code', dialog()), '123456');
    await click(button('Turn off', dialog()));
    await waitFor(() => field('password', dialog()).getAttribute('aria-invalid') === 'true');

    reply = routes;
    user = { ...user, two_factor: false };
    await type(field('password', dialog()), 'right password');
    await click(button('Turn off', dialog()));
    await waitFor(() => getAlert().payload?.data?.message === 'Two-factor sign-in is off.');
    const sent = requests.filter((request) => request.method === 'DELETE').at(-1)!;
    expect([sent.url, sent.data]).toEqual([
      '/v1/user/two-factor',
      { password: 'right password', code: '123456' },
    ]);
    await waitFor(() => container.textContent?.includes('Off.') === true);
  });
});
