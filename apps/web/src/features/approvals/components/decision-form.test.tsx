import type { ApprovalDecision } from '@adstudio/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { DecisionForm } from './decision-form';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let root: Root;
let container: HTMLElement;

const field = (name: string) =>
  container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
const helperOf = (name: string) =>
  container.querySelector(`#${CSS.escape(field(name).getAttribute('aria-describedby') ?? '')}`)?.textContent;
const click = (testId: string) =>
  act(async () => container.querySelector<HTMLElement>(`[data-testid="${testId}"]`)?.click());

/** Types as a user does, so react-hook-form hears the change. */
const type = (name: string, text: string) =>
  act(async () => {
    const element = field(name);
    const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
    Object.getOwnPropertyDescriptor(prototype.prototype, 'value')!.set!.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });

const render = (onSubmit: (decision: ApprovalDecision) => Promise<unknown>) =>
  act(async () => root.render(<DecisionForm creativeName="Summer MPU" onSubmit={onSubmit} />));

describe('the decision form', () => {
  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    localStorage.clear();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });

  it('asks why before a rejection is sent', async () => {
    const onSubmit = vi.fn(async (_decision: ApprovalDecision) => {});
    await render(onSubmit);
    await type('name', 'Dana');
    await click('reject-button');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field('comment').getAttribute('aria-invalid')).toBe('true');
    expect(helperOf('comment')).toBe('Say why the creative is rejected.');
  });

  it('sends an approval with the name and no comment, and remembers the name', async () => {
    const onSubmit = vi.fn(async (_decision: ApprovalDecision) => {});
    await render(onSubmit);
    await type('name', '  Dana  ');
    await click('approve-button');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ status: 'approved', name: 'Dana', comment: null });

    await act(async () => root.unmount());
    root = createRoot(container);
    await render(onSubmit);
    expect(field('name').value).toBe('Dana');
  });

  it('needs a name', async () => {
    const onSubmit = vi.fn(async (_decision: ApprovalDecision) => {});
    await render(onSubmit);
    await click('approve-button');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(helperOf('name')).toBe('The name field is required.');
  });

  it("puts the server's 422 messages on their fields", async () => {
    const error = new ApiError(
      'Unprocessable',
      'ERR_BAD_REQUEST',
      { method: 'POST', url: '/v1/creatives/publisherapproval/t/approvals/1' },
      {
        status: 422,
        statusText: 'Unprocessable Content',
        data: { message: 'The comment is too rude.', errors: { comment: ['The comment is too rude.'] } },
        headers: {},
      },
    );
    await render(async () => Promise.reject(error));
    await type('name', 'Dana');
    await type('comment', 'Rubbish');
    await click('reject-button');
    expect(helperOf('comment')).toBe('The comment is too rude.');
  });
});
