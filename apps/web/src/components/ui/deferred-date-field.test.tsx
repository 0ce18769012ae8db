import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '../../lib/test-render';
import { DeferredDateField } from './deferred-date-field';

let container: HTMLElement;

const group = () => container.querySelector<HTMLElement>('[role="group"][aria-label="From"]');
const calendarButton = () => container.querySelector<HTMLButtonElement>('button[aria-label^="Choose date"]');
/** The picker's own field: its day, month and year are sections, each a spin button. */
const pickerSections = () => container.querySelectorAll('[role="spinbutton"]');

describe("the report timeframe's date field", () => {
  const renderField = async (onChange = vi.fn()) => {
    ({ container } = await render(<DeferredDateField label="From" value="2026-11-17" onChange={onChange} />));
  };

  it('shows the date in a stand-in, named like the picker, until it is used', async () => {
    await renderField();
    const input = group()?.querySelector('input');
    expect(input?.value).toBe('17/11/2026');
    expect(input?.readOnly).toBe(true);
    expect(calendarButton()?.getAttribute('aria-label')).toBe('Choose date, selected date is 17/11/2026');
    expect(pickerSections()).toHaveLength(0);
  });

  it('swaps the picker in when the field takes the focus, and hands it the focus', async () => {
    await renderField();
    await act(async () => group()?.querySelector('input')?.focus());
    await waitFor(() => pickerSections().length === 3);
    // It takes the focus the stand-in had: typing goes on in the day.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Day');
  });
});
