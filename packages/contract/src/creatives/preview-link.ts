import { z } from 'zod';

/**
 * GET /v1/creatives/{id}/preview-url: the creative's shareable preview (a 256-bit token link),
 * created on the first call and the same link on every later one. `url` is the full address of the
 * SPA's token page.
 */
export const PreviewLinkSchema = z.object({
  url: z.string(),
  created_at: z.string(),
});
export type PreviewLink = z.infer<typeof PreviewLinkSchema>;

export const previewLinkPath = (token: string) => `/externalpreview/${token}`;
