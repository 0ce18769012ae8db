import {
  type AccessSubject,
  canAccess,
  isQa,
  moveRefusal,
  QA_STATUSES,
  type Section,
  STATUS_TRANSITIONS,
  type Status,
} from '@adstudio/contract';

/**
 * The statuses `user` may move an item of `section` to from `from` (docs/design.md §5 and §6): writers
 * and admins along the whole table; `qa` only out of quality assurance and testing; others nowhere.
 */
export function allowedMoves(user: AccessSubject, section: Section, from: Status): Status[] {
  if (canAccess(user, section, 'write')) return [...STATUS_TRANSITIONS[from]];
  if (isQa(user) && QA_STATUSES.includes(from)) return [...STATUS_TRANSITIONS[from]];
  return [];
}

/**
 * `not-permitted`: the user may not move the item out of its status at all (a permission matter, 403);
 * `not-allowed`: the table has no such move (a validation matter, 422).
 */
export type MoveCheck =
  | { ok: true }
  | { ok: false; reason: 'not-permitted' | 'not-allowed'; message: string };

/** Whether `from → to` is allowed, and if not why, naming the step that comes first (`moveRefusal`). */
export function checkMove(user: AccessSubject, section: Section, from: Status, to: Status): MoveCheck {
  const allowed = allowedMoves(user, section, from);
  if (allowed.includes(to)) return { ok: true };
  return {
    ok: false,
    reason: allowed.length ? 'not-allowed' : 'not-permitted',
    message: `${moveRefusal(from, to, allowed)}.`,
  };
}
