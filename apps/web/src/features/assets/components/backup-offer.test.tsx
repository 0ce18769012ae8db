import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiTransport, api } from '../../../lib/api-client';
import { byText, cleanup, click, render, testQueryClient } from '../../../lib/test-render';
import { BackupOffer } from './backup-offer';

const transport = api.defaults.transport;
const requests: string[] = [];
const creative = { id: 5, width: 300, height: 250, fallback_asset_id: null };
const asset = { id: 41, name: 'banner.png' };

describe('BackupOffer', () => {
  beforeEach(() => {
    requests.length = 0;
    api.defaults.transport = (async (request) => {
      requests.push(`${request.method} ${request.url}`);
      return { status: 422, statusText: 'Unprocessable', data: { message: 'no' }, headers: {} };
    }) satisfies ApiTransport;
  });
  afterEach(async () => {
    await cleanup();
    api.defaults.transport = transport;
  });

  it('says a creative has no backup image yet, and sets the upload with the existing call', async () => {
    let closed = false;
    const { container } = await render(
      <BackupOffer creative={creative} asset={asset} onClose={() => (closed = true)} />,
      { queryClient: testQueryClient() },
    );
    expect(container.textContent).toContain(
      'This creative has no backup image yet. "banner.png" is exactly 300 × 250: use it as the backup image?',
    );
    await click(byText<HTMLButtonElement>('button', 'Use as backup image', container));
    expect(requests).toEqual(['GET /v1/creatives/5/fallback/41']);
    // Refused (a 422 here): the offer stays for another try.
    expect(closed).toBe(false);
  });

  it('asks to replace a backup image the creative has, and Not now closes it', async () => {
    let closed = false;
    const { container } = await render(
      <BackupOffer
        creative={{ ...creative, fallback_asset_id: 7 }}
        asset={asset}
        onClose={() => (closed = true)}
      />,
      { queryClient: testQueryClient() },
    );
    expect(container.textContent).toContain('instead of the current one?');
    await click(byText<HTMLButtonElement>('button', 'Not now', container));
    expect(closed).toBe(true);
    expect(requests).toEqual([]);
  });
});
