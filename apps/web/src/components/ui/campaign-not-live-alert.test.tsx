import type { Creative } from '@adstudio/contract';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { render } from '../../lib/test-render';
import { CreativeCampaignAlert, campaignToLive } from './campaign-not-live-alert';

const creative = (status: Creative['status'], campaign: Creative['campaign']['status']) => ({
  status,
  campaign: { id: 4, name: 'Winter Sun', status: campaign },
});

const inRouter = (ui: ReactNode) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element: ui }])} />);

describe('a live creative of a campaign that is not live', () => {
  it('says its tags still serve, and the two ways out', async () => {
    const { container } = await inRouter(<CreativeCampaignAlert creative={creative('live', 'finished')} />);
    const note = container.querySelector('[role="note"]')!;
    expect(note.textContent).toBe(
      'Its campaign is not live' +
        'Its campaign, Winter Sun, is finished, but this creative is live: its tags still serve it. ' +
        'To stop them, move the creative to finished. To keep them, move the campaign to live.',
    );
    expect(note.querySelector('a')?.getAttribute('href')).toBe('/campaigns/4');
  });

  it('says nothing when the creative is not live, or its campaign is', async () => {
    for (const [status, campaign] of [
      ['live', 'live'],
      ['ready', 'finished'],
      ['finished', 'draft'],
    ] as const) {
      const { container } = await inRouter(<CreativeCampaignAlert creative={creative(status, campaign)} />);
      expect(container.textContent).toBe('');
    }
  });

  it('names the campaign’s next step when live is more than one move away', () => {
    expect(campaignToLive('draft')).toBe('move the campaign to live (next: quality assurance)');
    expect(campaignToLive('action required')).toBe('move the campaign to live (next: quality assurance)');
    expect(campaignToLive('ready')).toBe('move the campaign to live');
    expect(campaignToLive('finished')).toBe('move the campaign to live');
  });
});
