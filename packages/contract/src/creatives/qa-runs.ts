import { z } from 'zod';
import { ListLinksSchema, ListMetaSchema, ListQuerySchema } from '../common/list-query';

/**
 * QA runs (issue 45): every distinct variant of a creative rendered in headless Chromium and
 * checked. A run is `queued`, then `running`, and ends `finished` (with a verdict), `failed` (the
 * server could not check: `failure` says why) or `cancelled`.
 */
export const QA_RUN_STATUSES = ['queued', 'running', 'finished', 'failed', 'cancelled'] as const;
export type QaRunStatus = (typeof QA_RUN_STATUSES)[number];
/** A run still under way: neither its counts nor its verdict are final. */
export const isQaRunOpen = (status: QaRunStatus) => status === 'queued' || status === 'running';

/** `passed`: no error (warnings allowed); `failed`: at least one error. Null until the run finishes. */
export const QA_VERDICTS = ['passed', 'failed'] as const;
export type QaVerdict = (typeof QA_VERDICTS)[number];

export const QA_FINDING_KINDS = [
  'text_overflow',
  'broken_media',
  'feed_gap',
  'weight',
  'script_error',
  'no_click_through',
] as const;
export type QaFindingKind = (typeof QA_FINDING_KINDS)[number];

/** What each kind is called on screens, in CSV and in messages. */
export const QA_FINDING_KIND_LABELS: Record<QaFindingKind, string> = {
  text_overflow: 'Text overflow',
  broken_media: 'Broken media',
  feed_gap: 'Feed gaps',
  weight: 'Weight',
  script_error: 'Script errors',
  no_click_through: 'No click-through',
};

export const QA_SEVERITIES = ['error', 'warning'] as const;
export type QaSeverity = (typeof QA_SEVERITIES)[number];

/**
 * The IAB LEAN figure a variant's initial load is held to (docs/decisions): 150 KB, and Chrome's
 * heavy-ad intervention limits (4 MB of network, 15 s of CPU in any 30 s, 60 s of CPU in all).
 */
export const QA_INITIAL_LOAD_MAX_BYTES = 150 * 1024;
export const QA_HEAVY_AD_NETWORK_BYTES = 4 * 1024 * 1024;
export const QA_HEAVY_AD_PEAK_CPU_MS = 15_000;
export const QA_HEAVY_AD_PEAK_WINDOW_MS = 30_000;
export const QA_HEAVY_AD_TOTAL_CPU_MS = 60_000;

/** One run: the fixed shape of `POST/GET /v1/creatives/{id}/qa-runs`, plus additive fields. */
export const QaRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(QA_RUN_STATUSES),
  /** Distinct variants the run covers (rules with identical content count once). */
  total: z.number().int(),
  /** Variants checked so far, carried-over ones included. */
  checked: z.number().int(),
  /** Findings of severity error, and of severity warning (one per rule). */
  errors: z.number().int(),
  warnings: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Additive: the verdict once `finished`, else null. */
  verdict: z.enum(QA_VERDICTS).nullable(),
  /** Additive: variants whose content an earlier run already checked, taken over without rendering. */
  carried_over: z.number().int(),
  /** Additive: why a `failed` run failed, else null. */
  failure: z.string().nullable(),
  /** Additive: whether the creative's content (package, feed, template) is still the one the run checked. */
  current: z.boolean(),
  /** Additive: who started it. */
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type QaRun = z.infer<typeof QaRunSchema>;

export const QaFindingSchema = z.object({
  rule_id: z.number().int(),
  unique_id: z.string(),
  reporting_label: z.string(),
  kind: z.enum(QA_FINDING_KINDS),
  severity: z.enum(QA_SEVERITIES),
  /** What is wrong and what to change. */
  message: z.string(),
  /** A screenshot of the variant as it rendered; null for findings made without rendering. */
  screenshot_url: z.string().nullable(),
});
export type QaFinding = z.infer<typeof QaFindingSchema>;

/** GET /v1/creatives/{id}/qa-runs/{runId}: findings narrowed by kind and severity, a page at a time. */
export const QaRunQuerySchema = ListQuerySchema.pick({ page: true, 'items-per-page': true }).extend({
  kind: z.enum(QA_FINDING_KINDS, { error: 'The selected kind is invalid.' }).optional(),
  severity: z.enum(QA_SEVERITIES, { error: 'The selected severity is invalid.' }).optional(),
});
export type QaRunQuery = z.infer<typeof QaRunQuerySchema>;

export const QaRunDetailSchema = QaRunSchema.extend({
  findings: z.array(QaFindingSchema),
  /** Additive: findings by kind and severity over the whole run, before the page's filters. */
  counts: z.array(
    z.object({ kind: z.enum(QA_FINDING_KINDS), severity: z.enum(QA_SEVERITIES), count: z.number().int() }),
  ),
});
export type QaRunDetail = z.infer<typeof QaRunDetailSchema>;

export const QaRunDetailResponseSchema = z.object({
  data: QaRunDetailSchema,
  links: ListLinksSchema,
  meta: ListMetaSchema,
});
export type QaRunDetailResponse = z.infer<typeof QaRunDetailResponseSchema>;

/** GET/PUT /v1/company/qa-gate (admins to change): a passing QA run is required before live. */
export const CompanyQaGateSchema = z.object({ required: z.boolean() });
export type CompanyQaGate = z.infer<typeof CompanyQaGateSchema>;
