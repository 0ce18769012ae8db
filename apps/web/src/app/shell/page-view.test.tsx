import Dialog from '@mui/material/Dialog';
import { act, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from '../../components/ui/page-header';
import { handleOf } from '../../config/paths';
import { render, waitFor } from '../../lib/test-render';
import { PageView } from './page-view';

/** A page whose title appears once it has "loaded", as an item page's does after its query. */
function Loading({ title }: { title: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      {loaded ? (
        <PageHeader title={title} />
      ) : (
        <button type="button" onClick={() => setLoaded(true)}>
          Load
        </button>
      )}
      <input aria-label="Note" />
    </>
  );
}

function WithDialog() {
  return (
    <>
      <PageHeader title="Creative" />
      <Dialog open aria-label="Open over it">
        <input aria-label="In the dialog" />
      </Dialog>
    </>
  );
}

async function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <main>
            <PageView />
          </main>
        ),
        children: [
          {
            path: '/campaigns',
            handle: handleOf('campaigns.view'),
            element: <PageHeader title="Campaigns" />,
          },
          {
            path: '/campaigns/new',
            handle: handleOf('campaigns.new'),
            element: <PageHeader title="New Campaign" />,
          },
          { path: '/campaigns/:id', handle: handleOf('campaign.view'), element: <Loading title="Spring" /> },
          {
            path: '/campaigns/:id/viewreport/:start/:end',
            handle: handleOf('campaign.viewreport'),
            element: <PageHeader title="Spring" />,
          },
          { path: '/creatives/:id', handle: handleOf('creative.view'), element: <WithDialog /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = await render(<RouterProvider router={router} />);
  const go = (to: string) => act(async () => void (await router.navigate(to)));
  return { ...view, go };
}

const focusedTitle = () =>
  document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null;

describe('focus after a page change (issue 44)', () => {
  it('leaves the first load alone, then moves to the new page’s title', async () => {
    const { go } = await renderAt('/campaigns');
    expect(focusedTitle()).toBeNull();
    await go('/campaigns/new');
    expect(focusedTitle()).toBe('New Campaign');
    expect(document.activeElement!.getAttribute('tabindex')).toBe('-1');
  });

  it('does not move on a filter, search or tab of the same page, nor on its timeframe', async () => {
    const { go } = await renderAt('/campaigns');
    await go('/campaigns?filter=spring');
    expect(focusedTitle()).toBeNull();
    await go('/campaigns/4/viewreport/2026-01-01/2026-01-31');
    expect(focusedTitle()).toBe('Spring');
    (document.activeElement as HTMLElement).blur();
    await go('/campaigns/4/viewreport/2026-02-01/2026-02-28');
    await go('/campaigns/4/viewreport/2026-02-01/2026-02-28?tab=sharing');
    expect(focusedTitle()).toBeNull();
  });

  it('waits for a title that appears once the page has loaded, and keeps a focus the user gave meanwhile', async () => {
    const { container, go } = await renderAt('/campaigns');
    await go('/campaigns/4');
    expect(focusedTitle()).toBeNull();
    const load = container.querySelector<HTMLButtonElement>('button')!;
    await act(async () => load.click());
    expect(focusedTitle()).toBe('Spring');

    await go('/campaigns/5');
    // Went to a field of the page while it loaded: that focus stays.
    container.querySelector<HTMLInputElement>('input')!.focus();
    await act(async () => container.querySelector<HTMLButtonElement>('button')!.click());
    expect(container.querySelector('h1')!.textContent).toBe('Spring');
    expect(document.activeElement).toBe(container.querySelector('input'));
  });

  it('does not take the focus from a dialog open over the new page', async () => {
    const { go } = await renderAt('/campaigns');
    await go('/creatives/3');
    await waitFor(() => document.activeElement?.closest('[role="dialog"]') !== null);
    expect(focusedTitle()).toBeNull();
  });
});
