import Button from '@mui/material/Button';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { render, waitFor } from '../../lib/test-render';
import { DisabledReason } from './disabled-reason';

const control = (reason: string | null) => (
  <DisabledReason reason={reason}>
    <Button disabled={reason !== null}>Approve</Button>
  </DisabledReason>
);

describe('a control disabled for a reason', () => {
  it('says why when focused, and is a tab stop only while it has a reason', async () => {
    const { container, rerender } = await render(control('The package is still unpacking.'));
    const wrapper = container.querySelector('span');
    expect(wrapper?.tabIndex).toBe(0);
    await act(async () => wrapper?.focus());
    await waitFor(() => document.querySelector('[role="tooltip"]') !== null);
    expect(document.querySelector('[role="tooltip"]')?.textContent).toBe('The package is still unpacking.');

    await rerender(control(null));
    expect(container.querySelector('span')?.hasAttribute('tabindex')).toBe(false);
  });

  it('keeps the control’s element when the reason goes, so a click in flight lands', async () => {
    const { container, rerender } = await render(control('The package is still unpacking.'));
    const before = container.querySelector('button');
    await rerender(control(null));
    const after = container.querySelector('button');
    expect(after).toBe(before);
    expect(after?.disabled).toBe(false);
  });
});
