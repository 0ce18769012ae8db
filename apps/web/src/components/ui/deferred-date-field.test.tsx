import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeferredDateField } from './deferred-date-field';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let root: Root;
let container: HTMLElement;

const group = () => container.querySelector<HTMLElement>('[role="group"][aria-label="From"]');
const calendarButton = () => container.querySelector<HTMLButtonElement>('button[aria-label^="Choose date"]');
/** The picker's own field: its day, month and year are sections, each a spin button. */
const pickerSections = () => container.querySelectorAll('[role="spinbutton"]');

const waitFor = async (check: () => boolean) => {
  for (let tries = 0; tries < 100 && !check(); tries++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(check()).toBe(true);
};

describe("the report timeframe's date field", () => {
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

  const render = (onChange = vi.fn()) =>
    act(async () => root.render(<DeferredDateField label="From" value="2026-11-17" onChange={onChange} />));

  it('shows the date in a stand-in, named like the picker, until it is used', async () => {
    await render();
    const input = group()?.querySelector('input');
    expect(input?.value).toBe('17/11/2026');
    expect(input?.readOnly).toBe(true);
    expect(calendarButton()?.getAttribute('aria-label')).toBe('Choose date, selected date is 17/11/2026');
    expect(pickerSections()).toHaveLength(0);
  });

  it('swaps the picker in when the field takes the focus, and hands it the focus', async () => {
    await render();
    await act(async () => group()?.querySelector('input')?.focus());
    await waitFor(() => pickerSections().length === 3);
    // It takes the focus the stand-in had: typing goes on in the day.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Day');
  });
});
