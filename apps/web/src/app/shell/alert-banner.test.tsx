import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AlertPayload, clearAlert, getAlert, showAlert, showOutcome } from '../../lib/alert';
import { byText, cleanup, click, render } from '../../lib/test-render';
import { AlertBanner } from './alert-banner';

let container: HTMLElement;
let router: ReturnType<typeof createMemoryRouter>;

const banner = () => container.querySelector<HTMLElement>('[data-testid="alert-banner"]');
const button = (name: string) => byText<HTMLButtonElement>('button', name, container);
const alertOf = (message: string, extra: Partial<AlertPayload> = {}): AlertPayload => ({
  status: 200,
  data: { message },
  ...extra,
});
const run = (action: () => void) => act(async () => action());
const wait = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

describe('the alert banner', () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    clearAlert();
    router = createMemoryRouter([{ path: '*', element: <AlertBanner /> }], {
      initialEntries: ['/dashboard'],
    });
    ({ container } = await render(<RouterProvider router={router} />));
  });
  afterEach(async () => {
    // Unmounted while the timers are still fake.
    await cleanup();
    vi.useRealTimers();
  });

  it('keeps its message and buttons while it leaves, then is gone (never an empty bar)', async () => {
    await run(() => showAlert(alertOf('Campaign saved.')));
    expect(banner()?.textContent).toContain('Campaign saved.');

    await click(button('Dismiss'));
    expect(getAlert().payload).toBeNull();
    // The exit transition runs: the bar still says what it said.
    expect(banner()?.textContent).toContain('Campaign saved.');
    expect(banner()?.dataset.type).toBe('success');
    await wait(1000);
    expect(banner()).toBeNull();
  });

  it('leaves by itself after 6000 ms, still saying its message on the way out', async () => {
    await run(() => showAlert(alertOf('Creative created.')));
    await wait(5900);
    expect(getAlert().payload).not.toBeNull();
    await wait(200);
    expect(getAlert().payload).toBeNull();
    expect(banner()?.textContent).toContain('Creative created.');
    await wait(1000);
    expect(banner()).toBeNull();
  });

  it('offers Open only for an alert naming a view, which goes to {name}.view with its id and resets it', async () => {
    await run(() => showAlert(alertOf('Creative saved.')));
    expect(button('Open')).toBeUndefined();
    expect(button('Dismiss')).toBeDefined();

    await run(() => showAlert(alertOf('Unknown view.', { goToView: { name: 'nowhere', id: 1 } })));
    expect(button('Open')).toBeUndefined();

    await run(() => showAlert(alertOf('Version 2 is unpacked.', { goToView: { name: 'creative', id: 12 } })));
    await click(button('Open'));
    expect(router.state.location.pathname).toBe('/creatives/12');
    expect(getAlert().payload).toBeNull();
  });

  it("opens the view's tab when the alert names one", async () => {
    await run(() =>
      showAlert(
        alertOf('Northwind approved Banner.', { goToView: { name: 'campaign', id: 4, tab: 'approvals' } }),
      ),
    );
    await click(button('Open'));
    expect(router.state.location.pathname).toBe('/campaigns/4');
    expect(router.state.location.search).toBe('?tab=approvals');
  });

  it("replaces a job's progress by its outcome, and leaves a newer alert alone", async () => {
    const progress = alertOf('Version 2 uploaded; unpacking it…', { progressOf: 'package:7:unpack' });
    const outcome = alertOf('Version 2 is unpacked and ready to review.', {
      goToView: { name: 'creative', id: 3 },
    });

    await run(() => showAlert(progress));
    await run(() => showOutcome('package:7:unpack', outcome));
    expect(banner()?.textContent).toContain('Version 2 is unpacked and ready to review.');
    expect(button('Open')).toBeDefined();

    await run(() => showAlert(progress));
    await run(() => showAlert(alertOf('Version 1 approved.')));
    await run(() => showOutcome('package:7:unpack', outcome));
    expect(banner()?.textContent).toContain('Version 1 approved.');
    expect(button('Open')).toBeUndefined();
  });
});
