import { z } from 'zod';

/** The three kinds of token link (docs/design.md §5). */
export const TOKEN_LINK_KINDS = ['preview', 'report', 'approval'] as const;
export type TokenLinkKind = (typeof TOKEN_LINK_KINDS)[number];

/** How much a shared link has been used, shown beside it on its sharing tab. */
export const tokenLinkUsage = {
  /** When the link was last opened; null if never. */
  last_viewed_at: z.string().nullable(),
  /** How many times it was opened. */
  views: z.number().int(),
};

/**
 * GET /v1/token-links/{kind}/{id}/views: a link's openings, newest first (at most TOKEN_VIEWS_MAX).
 * `viewer` is a keyed hash of the IP address: the same viewer is recognisable, the address is not kept.
 */
export const TokenViewSchema = z.object({
  viewed_at: z.string(),
  viewer: z.string(),
  user_agent: z.string(),
});
export type TokenView = z.infer<typeof TokenViewSchema>;
export const TOKEN_VIEWS_MAX = 100;
