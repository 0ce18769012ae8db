import { z } from 'zod';
import { tokenLinkUsage } from '../common/token-links';

/** POST /v1/campaigns/{id}/report/url: the timeframe the report shows and when the link stops working. */
export const ReportLinkCreateSchema = z
  .object({
    start: z.iso.date({ error: 'The start must be a valid date (YYYY-MM-DD).' }).nullish(),
    end: z.iso.date({ error: 'The end must be a valid date (YYYY-MM-DD).' }).nullish(),
    expires_at: z.iso
      .datetime({ offset: true, error: 'The expiry must be a valid date and time (ISO 8601).' })
      .nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.start && value.end && value.end < value.start) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must not be before the start.' });
    }
    if (value.expires_at && Date.parse(value.expires_at) <= Date.now()) {
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'The expiry must be in the future.' });
    }
  });
export type ReportLinkCreateInput = z.input<typeof ReportLinkCreateSchema>;
export type ReportLinkCreate = z.output<typeof ReportLinkCreateSchema>;

/** A shareable campaign report; `url` is the SPA path of the report page. */
export const ReportLinkSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  url: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  ...tokenLinkUsage,
});
export type ReportLink = z.infer<typeof ReportLinkSchema>;

export const reportLinkPath = (token: string) => `/externalreport/${token}`;
