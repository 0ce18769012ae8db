import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getAlert } from '../../../lib/alert';
import type { ApiRequest, ApiResponse } from '../../../lib/api-client';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { byText, click, renderLoaded, type, waitFor } from '../../../lib/test-render';
import { ConversionWindowField } from './conversion-window-field';

let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;

const field = (container: HTMLElement) => container.querySelector('input')!;
const save = (container: HTMLElement) => click(byText<HTMLButtonElement>('button', 'Save', container));
const puts = () => requests.filter((request) => request.method === 'PUT');

describe('Settings’ conversion window', () => {
  beforeEach(() => {
    reply = (request) =>
      request.method === 'PUT'
        ? answer(200, { data: request.data })
        : answer(200, { data: { window_days: 30 } });
    requests = recordApi((request) => reply(request));
  });
  afterEach(() => restoreApi());

  it('shows the company’s window and saves another, saying so', async () => {
    const { container } = await renderLoaded(<ConversionWindowField />, 'Loading');
    await waitFor(() => field(container)?.value === '30');
    await type(field(container), '45');
    await save(container);
    await waitFor(() => puts().length === 1);
    expect(puts()[0]).toMatchObject({ url: '/v1/company/conversions', data: { window_days: 45 } });
    await waitFor(
      () =>
        (getAlert().payload?.data as { message?: string } | undefined)?.message ===
        'Conversions count for 45 days after their click now.',
    );
  });

  it('refuses a window outside 1–365 days next to the field, sending nothing', async () => {
    const { container } = await renderLoaded(<ConversionWindowField />, 'Loading');
    await waitFor(() => field(container)?.value === '30');
    await type(field(container), '0');
    await save(container);
    await waitFor(() => container.textContent?.includes('The window must be at least 1 day.') ?? false);
    expect(puts()).toEqual([]);
  });
});
