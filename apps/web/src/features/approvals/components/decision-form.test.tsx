import type { ApprovalDecision } from '@adstudio/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { click, render, type, type View } from '../../../lib/test-render';
import { DecisionForm } from './decision-form';

let view: View;

const field = (name: string) =>
  view.container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
const helperOf = (name: string) =>
  view.container.querySelector(`#${CSS.escape(field(name).getAttribute('aria-describedby') ?? '')}`)
    ?.textContent;
const press = (testId: string) =>
  click(view.container.querySelector<HTMLElement>(`[data-testid="${testId}"]`));

const renderForm = async (onSubmit: (decision: ApprovalDecision) => Promise<unknown>) => {
  view = await render(<DecisionForm creativeName="Summer MPU" onSubmit={onSubmit} />);
};

describe('the decision form', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('asks why before a rejection is sent', async () => {
    const onSubmit = vi.fn(async (_decision: ApprovalDecision) => {});
    await renderForm(onSubmit);
    await type(field('name'), 'Dana');
    await press('reject-button');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field('comment').getAttribute('aria-invalid')).toBe('true');
    expect(helperOf('comment')).toBe('Say why the creative is rejected.');
  });

  it('sends an approval with the name and no comment, and remembers the name', async () => {
    const onSubmit = vi.fn(async (_decision: ApprovalDecision) => {});
    await renderForm(onSubmit);
    await type(field('name'), '  Dana  ');
    await press('approve-button');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ status: 'approved', name: 'Dana', comment: null });

    await view.unmount();
    await renderForm(onSubmit);
    expect(field('name').value).toBe('Dana');
  });

  it('needs a name', async () => {
    const onSubmit = vi.fn(async (_decision: ApprovalDecision) => {});
    await renderForm(onSubmit);
    await press('approve-button');
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
    await renderForm(async () => Promise.reject(error));
    await type(field('name'), 'Dana');
    await type(field('comment'), 'Rubbish');
    await press('reject-button');
    expect(helperOf('comment')).toBe('The comment is too rude.');
  });
});
