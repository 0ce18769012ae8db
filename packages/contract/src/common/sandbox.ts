/**
 * What an ad's frame may do, wherever it is shown (the app's previews, the token pages, a served
 * tag): run its scripts and open its click-through, never `allow-same-origin`, so its code cannot
 * reach any page's cookies or DOM (docs/design.md §9). The click-through opens outside the sandbox:
 * a window the ad opens inherits it otherwise, and Chrome then refuses any answer carrying a
 * Cross-Origin-Opener-Policy (ERR_BLOCKED_BY_RESPONSE: our click tracker's redirect, many landing
 * pages), and a landing page would run without its origin (no cookies, storage or forms).
 */
export const AD_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';
