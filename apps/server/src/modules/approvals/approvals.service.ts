import {
  type ApprovalDecision,
  type ApprovalLink,
  type ApprovalRequest,
  approvalLinkPath,
  type CampaignApproval,
  canAccess,
  type PublisherApproval,
  type PublisherApprovals,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import { forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { nowIso } from '../../lib/time';
import { randomToken } from '../../lib/tokens';
import type { LinkRow } from '../token-links';
import type { ApprovalsRepository } from './approvals.repository';
import { fingerprintOf, parseFingerprint, resetReason, serializeFingerprint } from './fingerprint';

interface Deps {
  approvals: ApprovalsRepository;
  transaction: Transactor;
  /** 404 unless the user's company has this live campaign. */
  campaignVisible: (user: User, id: number) => Promise<void>;
  /** The full address of an SPA path (APP_URL + path). */
  spaUrl: (path: string) => string;
  /** Sandboxed renders of a creative's first variant, and its fallback image (null without). */
  previewOf: (creative: {
    creative_id: number;
    fallback_asset_id: number | null;
    profile_id: number | null;
    rule_filter: string | null;
  }) => Promise<{ render_url: string | null; fallback_url: string | null }>;
}

type Verdict = Pick<
  CampaignApproval,
  'id' | 'status' | 'comment' | 'approver_name' | 'decided_at' | 'reset_reason'
>;

/**
 * An approval's verdict as both the campaign's tab and the publisher's page answer it (the
 * repository's VERDICT): the reason of a reset only while the approval is pending again.
 */
const verdictOf = (row: Verdict): Verdict => ({
  id: row.id,
  status: row.status,
  comment: row.comment,
  approver_name: row.approver_name,
  decided_at: row.decided_at,
  reset_reason: row.status === 'pending' ? row.reset_reason : null,
});

export const NOT_OF_CAMPAIGN = 'Choose creatives of this campaign.';
export const UNKNOWN_PUBLISHER = 'Choose publishers from the list.';

/** Publishers' approvals of a campaign's creatives (docs/design.md §9). */
export function createApprovalsService({ approvals, transaction, campaignVisible, spaUrl, previewOf }: Deps) {
  /**
   * Decisions whose creative changed since go back to pending, saying why; decisions without a
   * fingerprint (made before fingerprints were kept) adopt the current one.
   */
  async function reconcile(companyId: number, campaignId: number, trx?: Executor) {
    const rows = await approvals.fingerprinted(companyId, campaignId, trx);
    if (!rows.length) return;
    const basis = await approvals.fingerprintBasis(
      companyId,
      [...new Set(rows.map((row) => row.creative_id))],
      trx,
    );
    const run = async (tx: Executor) => {
      for (const row of rows) {
        const creative = basis.get(row.creative_id);
        if (!creative) continue;
        const now = fingerprintOf(creative);
        const then = parseFingerprint(row.fingerprint);
        if (!then) {
          await approvals.setFingerprint(row.id, { fingerprint: serializeFingerprint(now) }, tx);
          continue;
        }
        const reason = resetReason(then, now);
        if (!reason) continue;
        // A pending approval only follows the change; a decision goes back to pending, saying why.
        await approvals.setFingerprint(
          row.id,
          row.status === 'pending'
            ? { fingerprint: serializeFingerprint(now) }
            : { fingerprint: serializeFingerprint(now), status: 'pending', reset_reason: reason },
          tx,
        );
      }
    };
    await (trx ? run(trx) : transaction(run));
  }

  const toLink = (row: LinkRow<'approval'> & { media_entity_name: string }): ApprovalLink => ({
    id: row.id,
    media_entity: { id: row.media_entity_id, name: row.media_entity_name },
    url: spaUrl(approvalLinkPath(row.token)),
    expires_at: row.expires_at,
    created_at: row.created_at,
    last_viewed_at: row.last_viewed_at,
    views: row.view_count,
  });

  const assertWriter = (user: User) => {
    if (!canAccess(user, 'campaigns', 'write')) throw forbidden();
  };

  return {
    reconcile,

    /**
     * How many approvals of live creatives of live campaigns name this publisher, by status (a
     * publisher with any cannot be deleted).
     */
    countsOfPublisher: (companyId: number, mediaEntityId: number, trx?: Executor) =>
      approvals.countsOfPublisher(companyId, mediaEntityId, trx),

    async ofCampaign(user: User, campaignId: number): Promise<CampaignApproval[]> {
      await campaignVisible(user, campaignId);
      await reconcile(user.company_id, campaignId);
      const rows = await approvals.ofCampaign(user.company_id, campaignId);
      return rows.map((row) => ({
        ...verdictOf(row),
        created_at: row.created_at,
        updated_at: row.updated_at,
        creative: { id: row.creative_id, name: row.creative_name },
        media_entity: { id: row.media_entity_id, name: row.media_entity_name },
      }));
    },

    /**
     * Asks publishers to approve creatives: a pending approval for each pair that has none, and one
     * link per publisher (its live link, else a new 256-bit one). Answers the chosen publishers' links.
     */
    async request(user: User, campaignId: number, body: ApprovalRequest): Promise<ApprovalLink[]> {
      assertWriter(user);
      await campaignVisible(user, campaignId);
      const company = user.company_id;
      const linkIds = await transaction(async (trx) => {
        const creatives = await approvals.creativesOfCampaign(company, campaignId, body.creative_ids, trx);
        const publishers = await approvals.publishers(company, body.media_entity_ids, trx);
        const errors: Record<string, string[]> = {};
        if (creatives.length !== body.creative_ids.length) errors.creative_ids = [NOT_OF_CAMPAIGN];
        if (publishers.length !== body.media_entity_ids.length) errors.media_entity_ids = [UNKNOWN_PUBLISHER];
        if (Object.keys(errors).length) throw unprocessable(errors);

        await approvals.insertPending(
          company,
          campaignId,
          publishers.flatMap((publisher) =>
            creatives.map((creativeId) => ({ creativeId, mediaEntityId: publisher.id })),
          ),
          trx,
        );
        const now = nowIso();
        const live = (await approvals.links(company, campaignId, trx)).filter(
          (link) => link.expires_at === null || link.expires_at > now,
        );
        const ids: number[] = [];
        for (const publisher of publishers) {
          const existing = live.find((link) => link.media_entity_id === publisher.id);
          if (existing) {
            ids.push(existing.id);
            continue;
          }
          const made = await approvals.insertLink(
            {
              company_id: company,
              campaign_id: campaignId,
              media_entity_id: publisher.id,
              token: randomToken(),
              expires_at: body.expires_at ?? null,
              revoked_at: null,
              created_by: user.id,
              created_at: now,
            },
            trx,
          );
          ids.push(made.id);
        }
        return ids;
      });
      const links = await approvals.links(company, campaignId);
      return linkIds.flatMap((id) => links.filter((link) => link.id === id).map(toLink));
    },

    async links(user: User, campaignId: number): Promise<ApprovalLink[]> {
      await campaignVisible(user, campaignId);
      return (await approvals.links(user.company_id, campaignId)).map(toLink);
    },

    async revokeLink(user: User, campaignId: number, linkId: number): Promise<void> {
      assertWriter(user);
      await campaignVisible(user, campaignId);
      if (!(await approvals.revokeLink(user.company_id, campaignId, linkId))) throw notFound();
    },

    /** The publisher's page: its approvals of the link's campaign, pending ones or all. */
    async forPublisher(link: LinkRow<'approval'>, { all }: { all: boolean }): Promise<PublisherApprovals> {
      const scope = await approvals.linkScope(link.company_id, link.campaign_id, link.media_entity_id);
      if (!scope) throw notFound();
      await reconcile(link.company_id, link.campaign_id);
      const [rows, counts] = await Promise.all([
        approvals.ofPublisher(link.company_id, link.campaign_id, link.media_entity_id, { all }),
        approvals.publisherCounts(link.company_id, link.campaign_id, link.media_entity_id),
      ]);
      return {
        campaign: { id: scope.campaign_id, name: scope.campaign_name },
        media_entity: { id: scope.media_entity_id, name: scope.media_entity_name },
        counts,
        approvals: await Promise.all(rows.map((row) => toPublisherApproval(row))),
      };
    },

    /**
     * Records the publisher's decision on one of its approvals (404 outside the link's scope), with
     * the approver's name, the time, the address and the fingerprint of what was decided on.
     */
    async decide(
      link: LinkRow<'approval'>,
      approvalId: number,
      decision: ApprovalDecision,
      ip: string,
    ): Promise<PublisherApproval> {
      const { company_id: company, campaign_id: campaign, media_entity_id: publisher } = link;
      if (!(await approvals.linkScope(company, campaign, publisher))) throw notFound();
      await transaction(async (trx) => {
        const [row] = await approvals.ofPublisher(
          company,
          campaign,
          publisher,
          { all: true, id: approvalId },
          trx,
        );
        if (!row) throw notFound();
        const basis = (await approvals.fingerprintBasis(company, [row.creative_id], trx)).get(
          row.creative_id,
        );
        if (!basis) throw notFound();
        await approvals.decide(
          row.id,
          {
            status: decision.status,
            comment: decision.comment,
            approver_name: decision.name,
            decided_ip: ip,
            fingerprint: serializeFingerprint(fingerprintOf(basis)),
          },
          trx,
        );
      });
      const [row] = await approvals.ofPublisher(company, campaign, publisher, { all: true, id: approvalId });
      if (!row) throw notFound();
      return toPublisherApproval(row);
    },
  };

  async function toPublisherApproval(
    row: Awaited<ReturnType<ApprovalsRepository['ofPublisher']>>[number],
  ): Promise<PublisherApproval> {
    return {
      ...verdictOf(row),
      creative: { id: row.creative_id, name: row.creative_name, width: row.width, height: row.height },
      ...(await previewOf(row)),
    };
  }
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
