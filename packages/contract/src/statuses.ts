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

/** The way an item usually goes live; the other statuses are branches off it. */
export const STATUS_ROAD = [
  'draft',
  'quality assurance',
  'ready',
  'live',
] as const satisfies readonly Status[];
export type RoadStatus = (typeof STATUS_ROAD)[number];

export const isRoadStatus = (status: Status): status is RoadStatus =>
  (STATUS_ROAD as readonly Status[]).includes(status);

/**
 * The shortest chain of moves over STATUS_TRANSITIONS from `from` to `to`, both included (`[from]`
 * when they are the same); null when no chain reaches `to`. Between chains of one length, each step
 * prefers a move onto the main road (STATUS_ROAD), then the table's order: draft → live is
 * draft → quality assurance → ready → live, not the equally short way through testing.
 */
export function statusPath(from: Status, to: Status): Status[] | null {
  // Breadth first, moves onto the road before the others: the first chain found is the one wanted.
  const byRoad = (statuses: readonly Status[]) =>
    [...statuses].sort((a, b) => Number(isRoadStatus(b)) - Number(isRoadStatus(a)));
  const previous = new Map<Status, Status | null>([[from, null]]);
  const queue: Status[] = [from];
  for (let at = queue.shift(); at !== undefined && !previous.has(to); at = queue.shift()) {
    for (const next of byRoad(STATUS_TRANSITIONS[at])) {
      if (previous.has(next)) continue;
      previous.set(next, at);
      queue.push(next);
    }
  }
  if (!previous.has(to)) return null;
  const path: Status[] = [];
  for (let at: Status | null | undefined = to; at; at = previous.get(at)) path.unshift(at);
  return path;
}

/** Statuses a `qa` user may move items out of. */
export const QA_STATUSES: readonly Status[] = ['quality assurance', 'testing'];

const isStatus = (value: string): value is Status => (STATUSES as readonly string[]).includes(value);

/**
 * Why `from → to` cannot be made, in the words every client shows (the bulk menu, a bulk result, a
 * single edit's 422 or 403): the user may not move the item at all (`allowed`: the moves this user
 * has from `from`), or the table has no such move, and then which step comes first on the shortest
 * way there ("draft → live is not allowed: move it to quality assurance first").
 */
export function moveRefusal(from: string, to: Status, allowed: readonly string[]): string {
  const move = `${from} → ${to} is`;
  if (allowed.length === 0) return `${move} not open to you`;
  const first = isStatus(from) ? statusPath(from, to)?.[1] : undefined;
  return first ? `${move} not allowed: move it to ${first} first` : `${move} not allowed`;
}
