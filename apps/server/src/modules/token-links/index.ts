/** What other areas use of token links: the opener's type, and what an opened link is. */
export type { LinkKind, LinkRow, TokenLinks, Viewer } from './token-links';
