import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../lib/api-client';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { click, render, waitFor } from '../../../lib/test-render';
import { EmailSettings } from './email-settings';

let requests: ApiRequest[];
let settings = { items_per_page: 25, email_approvals: true, email_syncs: true };

beforeEach(() => {
  settings = { items_per_page: 25, email_approvals: true, email_syncs: true };
  requests = recordApi((request) => {
    if (request.method === 'PUT') settings = { ...settings, ...(request.data as object) };
    return answer(200, { data: settings });
  });
});
afterEach(restoreApi);

describe('EmailSettings', () => {
  it('shows each kind of e-mail as a switch and saves only the one turned off', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = await render(<EmailSettings />, { queryClient });
    await waitFor(() => view.container.querySelectorAll('input[type="checkbox"]').length === 2);
    const [approvals, syncs] = [
      ...view.container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'),
    ];
    expect([approvals!.checked, syncs!.checked]).toEqual([true, true]);
    await click(syncs!);
    await waitFor(() => requests.some((r) => r.method === 'PUT'));
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/v1/user/settings');
    // Only the choice that changed: the page size and the other choice stay as they are.
    expect(put.data).toEqual({ email_syncs: false });
    await waitFor(
      () => !view.container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')[1]!.checked,
    );
  });
});
