import type { CampaignApproval } from '@adstudio/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAlert, getAlert } from '../../lib/alert';
import { renderHook } from '../../lib/test-render';
import { campaignApprovalsQueryOptions, DECISIONS_POLL_MS } from './api/get-campaign-approvals';
import { decisionAlert, newDecisions, useDecisionAlerts } from './decision-alerts';

const campaign = { id: 4, name: 'Atlas Travel – City Breaks' };

const approval = (id: number, changes: Partial<CampaignApproval> = {}): CampaignApproval => ({
  id,
  status: 'pending',
  comment: null,
  approver_name: null,
  decided_at: null,
  reset_reason: null,
  created_at: '2026-11-27T09:00:00.000Z',
  updated_at: '2026-11-27T09:00:00.000Z',
  creative: { id: 10 + id, name: `Banner ${id}` },
  media_entity: { id: 20, name: 'Northwind Media' },
  ...changes,
});
const approved = (id: number, at = '2026-11-27T10:00:00.000Z') =>
  approval(id, { status: 'approved', decided_at: at, approver_name: 'Ann' });
const rejected = (id: number, comment: string | null = 'Logo too small.') =>
  approval(id, { status: 'rejected', decided_at: '2026-11-27T10:05:00.000Z', comment });

describe('approval decisions', () => {
  it('finds new verdicts and verdicts given again, not pending ones or those already seen', () => {
    const before = [approval(1), approved(2), approval(3)];
    expect(newDecisions(before, before)).toEqual([]);
    expect(
      newDecisions(before, [approved(1), approved(2), approval(3), rejected(5)]).map(({ id }) => id),
    ).toEqual([1, 5]);
    // Decided again later, or put back to pending (a new package): only the new verdict is news.
    expect(newDecisions(before, [approval(1), approved(2, '2026-11-28T08:00:00.000Z')])).toHaveLength(1);
  });

  it("tells one decision by the publisher's and the creative's names, with the way to the approvals tab", () => {
    expect(decisionAlert(campaign, [approved(1)])).toEqual({
      status: 200,
      data: { message: 'Northwind Media approved Banner 1.' },
      goToView: { name: 'campaign', id: 4, tab: 'approvals' },
    });
    const rejection = decisionAlert(campaign, [rejected(2)]);
    expect(rejection.data?.message).toBe('Northwind Media rejected Banner 2: “Logo too small.”');
    expect(rejection.color).toBe('error');
  });

  it('counts several decisions', () => {
    expect(decisionAlert(campaign, [approved(1), approved(2), rejected(3)]).data?.message).toBe(
      '3 new decisions on Atlas Travel – City Breaks: 2 approved, 1 rejected.',
    );
  });

  it('polls while a publisher may still decide, and asks again on coming back to the window', () => {
    const options = campaignApprovalsQueryOptions(4);
    const interval = options.refetchInterval as (query: {
      state: { data: CampaignApproval[] | undefined };
    }) => unknown;
    expect(interval({ state: { data: [approved(1), approval(2)] } })).toBe(DECISIONS_POLL_MS);
    expect(interval({ state: { data: [approved(1), rejected(2)] } })).toBe(false);
    expect(interval({ state: { data: [] } })).toBe(false);
    // Not while the browser tab is hidden (TanStack Query's default, kept).
    expect(options).not.toHaveProperty('refetchIntervalInBackground');
    expect(options.refetchOnWindowFocus).toBe(true);
  });

  describe('watched on the campaign page', () => {
    beforeEach(() => {
      clearAlert();
    });

    it('announces what arrived since the last load, never what the first load shows', async () => {
      const { rerender: load } = await renderHook(
        (approvals: CampaignApproval[] | undefined) => useDecisionAlerts(campaign, approvals),
        { initialProps: undefined },
      );
      await load([approved(1), approval(2)]);
      expect(getAlert().payload).toBeNull();

      await load([approved(1), approval(2)]);
      expect(getAlert().payload).toBeNull();

      await load([approved(1), rejected(2)]);
      expect(getAlert().payload).toMatchObject({
        data: { message: 'Northwind Media rejected Banner 2: “Logo too small.”' },
        goToView: { name: 'campaign', id: 4, tab: 'approvals' },
      });
    });
  });
});
