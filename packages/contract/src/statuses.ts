/** Status of campaigns and creatives, and the moves docs/design.md §5 allows between them. */
export const STATUSES = [
  'draft',
  'action required',
  'quality assurance',
  'testing',
  'delivered',
  'ready',
  'live',
  'finished',
] as const;
export type Status = (typeof STATUSES)[number];

export const STATUS_TRANSITIONS: Readonly<Record<Status, readonly Status[]>> = {
  draft: ['quality assurance', 'testing'],
  'quality assurance': ['action required', 'testing', 'ready'],
  'action required': ['draft', 'quality assurance'],
  testing: ['action required', 'quality assurance', 'ready'],
  ready: ['delivered', 'live', 'action required'],
  delivered: ['live', 'action required'],
  live: ['finished', 'action required'],
  finished: ['live'],
};

/** Statuses a `qa` user may move items out of. */
export const QA_STATUSES: readonly Status[] = ['quality assurance', 'testing'];

/**
 * Why `from → to` cannot be made, in the words every client shows (the bulk menu, a bulk result, a
 * single edit's 422 or 403): the table has no such move, or the user may not move the item at all
 * (`allowed`: the moves this user has from `from`).
 */
export const moveRefusal = (from: string, to: string, allowed: readonly string[]): string =>
  `${from} → ${to} is ${allowed.length ? 'not allowed' : 'not open to you'}`;
