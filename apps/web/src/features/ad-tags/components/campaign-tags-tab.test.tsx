import type { CampaignAdTag } from '@adstudio/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { setUser } from '../../../lib/auth';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { testUser } from '../../../lib/test-fixtures';
import { byLabel, byText, click, renderLoaded, tableRows } from '../../../lib/test-render';
import { CampaignTagsTab } from './campaign-tags-tab';

const tag = (changes: Partial<CampaignAdTag>): CampaignAdTag => ({
  id: 1,
  name: 'Homepage top',
  media_entity_id: null,
  token: 'tok1',
  ad_server: 'cm360',
  serve_url: 'https://render.example/serve/tok1',
  js: '<script src="https://render.example/serve/tok1.js?cb=%n&amp;click=%c"></script>',
  iframe: '<iframe src="https://render.example/serve/tok1?cb=%n&amp;click=%c"></iframe>',
  created_at: '2026-11-20T10:00:00.000Z',
  revoked_at: null,
  media_entity_name: null,
  impressions_7d: 1234,
  clicks_7d: 5,
  creative_id: 7,
  creative_name: 'Leaderboard',
  width: 728,
  height: 90,
  ...changes,
});

const renderTab = async () =>
  (await renderLoaded(<CampaignTagsTab campaignId={4} />, 'Loading tags')).container;

describe('the campaign’s Tags tab', () => {
  afterEach(() => {
    restoreApi();
    setUser(null);
  });

  it('lists every tag with its creative and size, and downloads the trafficking sheet as CSV and XLSX', async () => {
    setUser(testUser(['qa']));
    const sidebar = tag({
      id: 2,
      name: 'Sidebar',
      ad_server: 'xandr',
      creative_name: 'MPU',
      width: 300,
      height: 250,
    });
    const old = tag({ id: 3, name: 'Old', revoked_at: '2026-11-25T10:00:00.000Z' });
    const requests = recordApi(() => answer(200, { data: [tag({}), old, sidebar] }));
    const container = await renderTab();
    expect(requests.map((request) => request.url)).toEqual(['/v1/campaigns/4/tags']);
    expect(tableRows(container, 'ad-tag', 8)).toEqual([
      [
        'Homepage top',
        'Leaderboard728 × 90',
        '—',
        'Campaign Manager 360',
        '20/11/2026',
        'Active',
        '1,234',
        '5',
      ],
      [
        'Old',
        'Leaderboard728 × 90',
        '—',
        'Campaign Manager 360',
        '20/11/2026',
        'Revoked 25/11/2026',
        '1,234',
        '5',
      ],
      ['Sidebar', 'MPU300 × 250', '—', 'Xandr', '20/11/2026', 'Active', '1,234', '5'],
    ]);
    const csv = byText<HTMLAnchorElement>('a', 'Download CSV', container)!;
    expect(csv.getAttribute('href')).toBe('/v1/campaigns/4/tags?format=csv');
    expect(csv.hasAttribute('download')).toBe(true);
    expect(byText<HTMLAnchorElement>('a', 'Download XLSX', container)!.getAttribute('href')).toBe(
      '/v1/campaigns/4/tags?format=xlsx',
    );
    // Snippets, never a revoke: tags are revoked on their creative.
    expect(byLabel('button', 'Revoke Sidebar', container)).toBeUndefined();
    await click(byLabel<HTMLElement>('button', 'Show the snippets of Sidebar', container));
    expect(container.querySelector<HTMLTextAreaElement>('[data-testid="tag-js"]')?.value).toBe(sidebar.js);
  });

  it('offers no sheet while no tag is active, and says so when there are none', async () => {
    setUser(testUser(['qa']));
    recordApi(() => answer(200, { data: [tag({ revoked_at: '2026-11-25T10:00:00.000Z' })] }));
    let container = await renderTab();
    const csv = byText<HTMLAnchorElement>('a', 'Download CSV', container)!;
    expect(csv.getAttribute('href')).toBeNull();
    expect(csv.getAttribute('aria-disabled')).toBe('true');
    restoreApi();
    recordApi(() => answer(200, { data: [] }));
    container = await renderTab();
    expect(container.textContent).toContain('No tags yet');
  });
});
