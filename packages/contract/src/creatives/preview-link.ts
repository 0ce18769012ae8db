import { z } from 'zod';
import { tokenLinkUsage } from '../common/token-links';

/**
 * GET /v1/creatives/{id}/preview-url: the creative's shareable preview (a 256-bit token link),
 * created on the first call and the same link on every later one. `url` is the full address of the
 * SPA's token page.
 */
export const PreviewLinkSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  created_at: z.string(),
  ...tokenLinkUsage,
});
export type PreviewLink = z.infer<typeof PreviewLinkSchema>;

export const previewLinkPath = (token: string) => `/externalpreview/${token}`;

/** How many variants a preview lists (a feed of 700,000 rows is not stepped through by hand). */
export const PREVIEW_VARIANTS_MAX = 500;

/**
 * GET /v1/creatives/externalpreview/{token}: what the preview page shows — the creative, its
 * variants (the active rules it serves, in feed order; one variant, rule 0, for a creative without
 * feed), each with a signed render URL (null while no package is approved), and its fallback image.
 */
export const ExternalPreviewSchema = z.object({
  creative: z.object({
    id: z.number().int(),
    name: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    status: z.string(),
  }),
  variants: z.array(
    z.object({
      rule_id: z.number().int(),
      reporting_label: z.string(),
      render_url: z.string().nullable(),
    }),
  ),
  /** How many variants the creative has; more than `variants` holds past PREVIEW_VARIANTS_MAX. */
  variants_total: z.number().int(),
  fallback_url: z.string().nullable(),
});
export type ExternalPreview = z.infer<typeof ExternalPreviewSchema>;

/**
 * GET /v1/creatives/externalpreview/{token}/simulate: which variant a viewer would get at a moment,
 * place and device (the preview page's read-only simulator). Query: the simulation context's
 * `at`, `time_zone`, `country`, `region`, `city`, `device`, `language`; data sources read their
 * cached values (no overrides from outside).
 */
export const ExternalSimulationSchema = z.object({
  context: z.object({ date: z.string(), time: z.string(), weekday: z.string(), time_zone: z.string() }),
  variant: z
    .object({
      rule_id: z.number().int(),
      reporting_label: z.string(),
      /** False for a variant without conditions: it always applies when active and in its dates. */
      has_conditions: z.boolean(),
    })
    .nullable(),
  reason: z.enum(['matched', 'default', 'first_active', 'none']),
  render_url: z.string().nullable(),
});
export type ExternalSimulation = z.infer<typeof ExternalSimulationSchema>;
