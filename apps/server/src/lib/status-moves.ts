import {
  type AccessSubject,
  canAccess,
  isQa,
  QA_STATUSES,
  type Section,
  STATUS_TRANSITIONS,
  type Status,
} from '@adstudio/contract';

/**
 * The statuses `user` may move an item of `section` to from `from` (DESIGN sections 5 and 6): writers
 * and admins along the whole table; `qa` only out of quality assurance and testing; others nowhere.
 */
export function allowedMoves(user: AccessSubject, section: Section, from: Status): Status[] {
  if (canAccess(user, section, 'write')) return [...STATUS_TRANSITIONS[from]];
  if (isQa(user) && QA_STATUSES.includes(from)) return [...STATUS_TRANSITIONS[from]];
  return [];
}

export type MoveCheck = { ok: true } | { ok: false; message: string };

/** Whether `from → to` is allowed, and if not a message naming the allowed next statuses. */
export function checkMove(user: AccessSubject, section: Section, from: Status, to: Status): MoveCheck {
  const allowed = allowedMoves(user, section, from);
  if (allowed.includes(to)) return { ok: true };
  const options = allowed.length ? allowed.join(', ') : 'none';
  return { ok: false, message: `Cannot move from ${from} to ${to}. Allowed: ${options}.` };
}
