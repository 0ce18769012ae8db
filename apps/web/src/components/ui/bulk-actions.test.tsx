import type { Bulk, BulkResult } from '@adstudio/contract';
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { byText, click, render, waitFor } from '../../lib/test-render';
import { BulkActions } from './bulk-actions';

const button = (name: string) => byText<HTMLButtonElement>('button', name);
const menuItems = () => [...document.querySelectorAll('[role="menuitem"]')];

const DRAFT = { status: 'draft', allowed_statuses: ['quality assurance', 'testing'] } as const;
const TESTING = {
  status: 'testing',
  allowed_statuses: ['action required', 'quality assurance', 'ready'],
} as const;
const QA_DRAFT = { status: 'draft', allowed_statuses: [] } as const;

function renderBar(
  selected: Parameters<typeof BulkActions>[0]['selected'],
  { canWrite = true, run = vi.fn<(body: Bulk) => Promise<BulkResult[]>>() } = {},
) {
  return render(
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
  );
}

// Drawing MUI's menu and dialog the first time takes seconds on a busy machine.
describe('the bulk bar', { timeout: 15_000 }, () => {
  // The bar loads its popups on the first selection; loaded once here, not inside the first test.
  beforeAll(() => import('./bulk-popups'), 30_000);

  it('offers only the moves some selected item allows, each saying who cannot and why', async () => {
    await renderBar([
      { id: 1, name: 'A', ...DRAFT },
      { id: 2, name: 'B', ...DRAFT },
      { id: 3, name: 'C', ...TESTING },
    ]);
    await click(button('Change status'));
    await waitFor(() => menuItems().length > 0);
    expect(menuItems().map((item) => item.textContent)).toEqual([
      'action required2 of 3 cannot: draft → action required is not allowed: move it to quality assurance first',
      'quality assurance',
      'testing1 of 3 is already testing',
      'ready2 of 3 cannot: draft → ready is not allowed: move it to quality assurance first',
    ]);
  });

  it('sends the move chosen and sums up a partly done one, refusals grouped by reason', async () => {
    const refusal = 'draft → ready is not allowed: move it to quality assurance first.';
    const run = vi.fn(async (_body: Bulk) => [
      { id: 1, ok: false, message: refusal },
      { id: 2, ok: false, message: refusal },
      { id: 3, ok: true },
    ]);
    await renderBar(
      [
        { id: 1, name: 'A', ...DRAFT },
        { id: 2, name: 'B', ...DRAFT },
        { id: 3, name: 'C', ...TESTING },
      ],
      { run },
    );
    await click(button('Change status'));
    await waitFor(() => menuItems().length > 0);
    await click(menuItems().at(-1) as HTMLElement);
    expect(run).toHaveBeenCalledWith({ action: 'status', ids: [1, 2, 3], status: 'ready' });
    await waitFor(() => document.querySelector('[role="dialog"] [role="status"]') !== null);
    expect(document.querySelector('[role="dialog"] [role="status"]')?.textContent).toBe(
      `1 campaign moved to ready, 2 refused.2 refused: ${refusal}`,
    );
  });

  it('disables what the selection cannot do, saying why on hover and focus', async () => {
    await renderBar([{ id: 1, name: 'A', ...QA_DRAFT }], { canWrite: false });
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
