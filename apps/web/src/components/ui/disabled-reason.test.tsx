import Button from '@mui/material/Button';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DisabledReason } from './disabled-reason';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let root: Root;
let container: HTMLElement;

const render = (reason: string | null) =>
  act(async () =>
    root.render(
      <DisabledReason reason={reason}>
        <Button disabled={reason !== null}>Approve</Button>
      </DisabledReason>,
    ),
  );

describe('a control disabled for a reason', () => {
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

  it('says why when focused, and is a tab stop only while it has a reason', async () => {
    await render('The package is still unpacking.');
    const wrapper = container.querySelector('span');
    expect(wrapper?.tabIndex).toBe(0);
    await act(async () => wrapper?.focus());
    for (let tries = 0; tries < 50 && !document.querySelector('[role="tooltip"]'); tries++)
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.querySelector('[role="tooltip"]')?.textContent).toBe('The package is still unpacking.');

    await render(null);
    expect(container.querySelector('span')?.hasAttribute('tabindex')).toBe(false);
  });

  it('keeps the control’s element when the reason goes, so a click in flight lands', async () => {
    await render('The package is still unpacking.');
    const before = container.querySelector('button');
    await render(null);
    const after = container.querySelector('button');
    expect(after).toBe(before);
    expect(after?.disabled).toBe(false);
  });
});
