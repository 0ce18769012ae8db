import {
  CLICK_ID_UNKNOWN,
  CLICK_OUTSIDE_WINDOW,
  CONVERSION_BEFORE_CLICK,
  CONVERSION_IN_FUTURE,
  type Conversion,
  type ConversionCreate,
  type ConversionSettings,
  type User,
} from '@adstudio/contract';
import type { Transactor } from '../../db/database';
import { HttpError, unprocessable } from '../../lib/http-errors';
import type { AuditLog } from '../audit';
import type { TrackingRepository } from './tracking.repository';
import type { TrackingLinks } from './tracking-links';

const DAY_MS = 86_400_000;
/** Clocks differ: a conversion up to this much before its click, or in the future, is taken as now. */
const SKEW_MS = 5 * 60_000;

interface Deps {
  links: Pick<TrackingLinks, 'verifyClickId'>;
  repository: Pick<
    TrackingRepository,
    'owners' | 'addConversion' | 'conversionWindow' | 'setConversionWindow'
  >;
  audit: AuditLog;
  transaction: Transactor;
  now?: () => Date;
}

/**
 * Conversions (issue 46): an advertiser reports that a click converted, by the click id our click
 * tracker passed to the exit URL — by a pixel, or server to server with a token. The signed id
 * names the click's campaign, creative, tag, rule and moment; the conversion counts once per click
 * id, within the company's window after the click, and only for the company that owns the creative.
 */
export function createConversions({ links, repository, audit, transaction, now = () => new Date() }: Deps) {
  /** The conversion of `input.click_id`, recorded once; 422 for an id not ours (or not `companyId`'s) or outside the window. */
  async function record(input: ConversionCreate, companyId: number | null): Promise<Conversion> {
    const clicked = links.verifyClickId(input.click_id);
    const [owner] = clicked ? await repository.owners([clicked.creativeId]) : [];
    if (
      !clicked ||
      !owner ||
      owner.campaign_id !== clicked.campaignId ||
      (companyId !== null && owner.company_id !== companyId)
    )
      throw unprocessable({ click_id: [CLICK_ID_UNKNOWN] });
    const at = now();
    const occurred = input.occurred_at ? new Date(input.occurred_at) : at;
    if (occurred.getTime() > at.getTime() + SKEW_MS)
      throw unprocessable({ occurred_at: [CONVERSION_IN_FUTURE] });
    if (occurred.getTime() < clicked.clickedAt.getTime() - SKEW_MS)
      throw unprocessable({ occurred_at: [CONVERSION_BEFORE_CLICK] });
    const windowDays = await repository.conversionWindow(owner.company_id);
    if (occurred.getTime() - clicked.clickedAt.getTime() > windowDays * DAY_MS)
      throw unprocessable({ click_id: [CLICK_OUTSIDE_WINDOW] });
    const occurredAt = occurred.toISOString();
    const { row, created } = await repository.addConversion({
      company_id: owner.company_id,
      campaign_id: clicked.campaignId,
      creative_id: clicked.creativeId,
      tag_id: clicked.tagId ?? 0,
      rule_id: clicked.ruleId,
      holdout: clicked.holdout ? 1 : 0,
      click_id: input.click_id,
      clicked_at: clicked.clickedAt.toISOString(),
      occurred_at: occurredAt,
      day: occurredAt.slice(0, 10),
      value: input.value ?? null,
      created_at: at.toISOString(),
    });
    return {
      id: row.id,
      click_id: row.click_id,
      campaign_id: row.campaign_id,
      creative_id: row.creative_id,
      tag_id: row.tag_id === 0 ? null : row.tag_id,
      rule_id: row.rule_id,
      holdout: row.holdout === 1,
      value: row.value === null ? null : Number(row.value),
      clicked_at: row.clicked_at,
      occurred_at: row.occurred_at,
      duplicate: !created,
    };
  }

  return {
    /** `POST /v1/conversions`: the user's company's click only. */
    report: (user: Pick<User, 'company_id'>, input: ConversionCreate) => record(input, user.company_id),

    /** The conversion pixel: anything refused is simply not counted (a pixel never breaks a page). */
    async pixel(clickId: unknown, value: unknown): Promise<void> {
      if (typeof clickId !== 'string') return;
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined;
      const valid = number !== undefined && Number.isFinite(number) && number >= 0 ? number : undefined;
      try {
        await record({ click_id: clickId, value: valid ?? null }, null);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
      }
    },

    /** The company's conversion window. */
    settings: async (user: Pick<User, 'company_id'>): Promise<ConversionSettings> => ({
      window_days: await repository.conversionWindow(user.company_id),
    }),

    /** Sets the company's conversion window (admins), audited on the company when it changes. */
    setSettings: (user: User, settings: ConversionSettings): Promise<ConversionSettings> =>
      transaction(async (trx) => {
        const before = await repository.conversionWindow(user.company_id, trx);
        if (before !== settings.window_days) {
          await repository.setConversionWindow(user.company_id, settings.window_days, trx);
          await audit.log(trx, user, {
            entityId: user.company_id,
            action: 'updated',
            changes: { conversion_window_days: [before, settings.window_days] },
          });
        }
        return settings;
      }),
  };
}
export type Conversions = ReturnType<typeof createConversions>;
