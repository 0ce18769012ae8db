import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAlert } from '../../../lib/alert';
import type { ApiRequest } from '../../../lib/api-client';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { byText, click, render, type, waitFor } from '../../../lib/test-render';
import { PasswordFormCard } from './password-form';

let requests: ApiRequest[];

async function fill(container: HTMLElement) {
  const field = (label: string) =>
    [...container.querySelectorAll<HTMLInputElement>('input')].find(
      (input) => input.labels?.[0]?.textContent?.replace('*', '').trim() === label,
    )!;
  await type(field('Current password'), 'old long password');
  await type(field('New password'), 'new long password');
  await type(field('Confirm new password'), 'new long password');
}

describe('My Account’s password form', () => {
  beforeEach(() => {
    requests = recordApi(() => answer(204, ''));
  });
  afterEach(() => restoreApi());

  it('keeps my API tokens unless I ask to revoke them too', async () => {
    const { container } = await render(<PasswordFormCard />, { queryClient: new QueryClient() });
    await fill(container);
    await click(byText<HTMLElement>('button', 'Change password', container));
    await waitFor(() => requests.length === 1);
    expect(requests[0]).toMatchObject({ method: 'PUT', url: '/v1/user/password' });
    expect(requests[0]!.data).toMatchObject({ revoke_tokens: false });
    await waitFor(() => getAlert().payload?.data?.message === 'Your password was changed.');

    await fill(container);
    const checkbox = container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    expect(checkbox.closest('label')?.textContent).toContain('Also revoke all my API tokens');
    await click(checkbox);
    await click(byText<HTMLElement>('button', 'Change password', container));
    await waitFor(() => requests.length === 2);
    expect(requests[1]!.data).toMatchObject({ revoke_tokens: true });
    await waitFor(
      () =>
        getAlert().payload?.data?.message === 'Your password was changed and your API tokens were revoked.',
    );
    // The form starts over, the option unticked.
    await waitFor(() => !checkbox.checked);
  });
});
