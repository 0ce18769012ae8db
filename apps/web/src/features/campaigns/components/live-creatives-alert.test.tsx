import { type Creative, ROTATION_DEFAULTS } from '@adstudio/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../lib/api-client';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { onePage } from '../../../lib/test-fixtures';
import { render, testQueryClient, waitFor } from '../../../lib/test-render';
import { LiveCreativesAlert } from './live-creatives-alert';

const creative = (id: number, name: string): Creative => ({
  id,
  campaign_id: 4,
  campaign: { id: 4, name: 'Winter Sun', status: 'finished' },
  name,
  width: 300,
  height: 250,
  status: 'live',
  click_url: null,
  profile_id: null,
  rule_filter: null,
  fallback_asset_id: null,
  ...ROTATION_DEFAULTS,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  deleted_at: null,
  allowed_statuses: ['finished', 'action required'],
});

let requests: ApiRequest[];
afterEach(restoreApi);

async function renderAlert(status: Creative['status'], live: Creative[], total = live.length) {
  const page = onePage(live, 5);
  requests = recordApi(() => answer(200, { ...page, meta: { ...page.meta, total } }));
  const router = createMemoryRouter([
    { path: '*', element: <LiveCreativesAlert campaign={{ id: 4, status }} /> },
  ]);
  return (await render(<RouterProvider router={router} />, { queryClient: testQueryClient() })).container;
}

describe('a campaign that is not live, with live creatives', () => {
  it('names them, linked, and says their tags still serve', async () => {
    const container = await renderAlert('finished', [creative(7, 'MPU'), creative(8, 'Skyscraper')], 7);
    await waitFor(() => container.querySelector('[role="note"]') !== null);
    const asked = new URL(requests[0]!.url, 'http://app.test');
    expect(asked.pathname).toBe('/v1/creatives/');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      campaign_id: '4',
      status: 'live',
      'items-per-page': '5',
    });
    expect(container.textContent).toBe(
      'Live creatives in a campaign that is not live' +
        'This campaign is finished, but 7 of its creatives are live, and their tags still serve them: ' +
        'MPU, Skyscraper and 5 more. To stop them, move those creatives to finished. ' +
        'To keep them, move the campaign to live.',
    );
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/creatives/7',
      '/creatives/8',
    ]);
  });

  it('says nothing when none is live, and does not ask while the campaign is live', async () => {
    const none = await renderAlert('action required', []);
    await waitFor(() => requests.length === 1);
    expect(none.textContent).toBe('');

    const live = await renderAlert('live', [creative(7, 'MPU')]);
    expect(requests).toEqual([]);
    expect(live.textContent).toBe('');
  });
});
