import type { Bulk, BulkResult } from '@adstudio/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BulkActions } from './bulk-actions';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let root: Root;
let container: HTMLElement;

const waitFor = async (check: () => boolean) => {
  for (let tries = 0; tries < 100 && !check(); tries++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(check()).toBe(true);
};

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((element) => element.textContent === name);
const menuItems = () => [...document.querySelectorAll('[role="menuitem"]')];

const DRAFT = { status: 'draft', allowed_statuses: ['quality assurance', 'testing'] } as const;
const TESTING = {
  status: 'testing',
  allowed_statuses: ['action required', 'quality assurance', 'ready'],
} as const;
const QA_DRAFT = { status: 'draft', allowed_statuses: [] } as const;

function render(
  selected: Parameters<typeof BulkActions>[0]['selected'],
  { canWrite = true, run = vi.fn<(body: Bulk) => Promise<BulkResult[]>>() } = {},
) {
  return act(async () =>
    root.render(
      <BulkActions
        noun="campaign"
        section="campaigns"
        selected={selected}
        deleted={false}
        canWrite={canWrite}
        deleteNote=""
        run={run}
        busy={false}
        onDone={() => {}}
      />,
    ),
  );
}

// Drawing MUI's menu and dialog the first time takes seconds on a busy machine.
describe('the bulk bar', { timeout: 15_000 }, () => {
  // The bar loads its popups on the first selection; loaded once here, not inside the first test.
  beforeAll(() => import('./bulk-popups'), 30_000);
  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });

  it('offers only the moves some selected item allows, each saying who cannot and why', async () => {
    await render([
      { id: 1, name: 'A', ...DRAFT },
      { id: 2, name: 'B', ...DRAFT },
      { id: 3, name: 'C', ...TESTING },
    ]);
    await act(async () => button('Change status')?.click());
    await waitFor(() => menuItems().length > 0);
    expect(menuItems().map((item) => item.textContent)).toEqual([
      'action required2 of 3 cannot: draft → action required is not allowed',
      'quality assurance',
      'testing1 of 3 is already testing',
      'ready2 of 3 cannot: draft → ready is not allowed',
    ]);
  });

  it('sends the move chosen and sums up a partly done one, refusals grouped by reason', async () => {
    const refusal = 'Cannot move from draft to ready. Allowed: quality assurance, testing.';
    const run = vi.fn(async (_body: Bulk) => [
      { id: 1, ok: false, message: refusal },
      { id: 2, ok: false, message: refusal },
      { id: 3, ok: true },
    ]);
    await render(
      [
        { id: 1, name: 'A', ...DRAFT },
        { id: 2, name: 'B', ...DRAFT },
        { id: 3, name: 'C', ...TESTING },
      ],
      { run },
    );
    await act(async () => button('Change status')?.click());
    await waitFor(() => menuItems().length > 0);
    await act(async () => (menuItems().at(-1) as HTMLElement).click());
    expect(run).toHaveBeenCalledWith({ action: 'status', ids: [1, 2, 3], status: 'ready' });
    await waitFor(() => document.querySelector('[role="dialog"] [role="status"]') !== null);
    expect(document.querySelector('[role="dialog"] [role="status"]')?.textContent).toBe(
      `1 campaign moved to ready, 2 refused.2 refused: ${refusal}`,
    );
  });

  it('disables what the selection cannot do, saying why on hover and focus', async () => {
    await render([{ id: 1, name: 'A', ...QA_DRAFT }], { canWrite: false });
    const change = button('Change status');
    const remove = button('Delete');
    expect(change?.disabled).toBe(true);
    expect(remove?.disabled).toBe(true);
    await act(async () => change?.parentElement?.focus());
    await waitFor(() => document.querySelector('[role="tooltip"]') !== null);
    expect(document.querySelector('[role="tooltip"]')?.textContent).toBe(
      'No status change is open to you from draft.',
    );
    expect(remove?.parentElement?.tabIndex).toBe(0);
  });
});
