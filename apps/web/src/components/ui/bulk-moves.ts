import { moveRefusal, STATUSES, type Status } from '@adstudio/contract';

/** What the bulk bar knows of a selected item: its status and the moves the server allows this user. */
export interface MovableItem {
  status?: string | undefined;
  allowed_statuses?: readonly Status[] | undefined;
}

/** A status the bulk menu offers, and for the selected items that cannot make the move, why not. */
export interface BulkMove {
  status: Status;
  /** "2 of 4 cannot: draft → ready is not allowed"; null when every selected item can. */
  note: string | null;
}

type Reason = { kind: 'already' } | { kind: 'refused'; text: string };

function reasonOf(item: MovableItem, to: Status): Reason | null {
  const allowed = item.allowed_statuses ?? [];
  if (allowed.includes(to)) return null;
  if (item.status === to) return { kind: 'already' };
  return { kind: 'refused', text: moveRefusal(item.status ?? 'its status', to, allowed) };
}

function noteOf(items: readonly MovableItem[], to: Status): string | null {
  const refusals = new Map<string, number>();
  let already = 0;
  for (const item of items) {
    const reason = reasonOf(item, to);
    if (reason?.kind === 'already') already += 1;
    else if (reason) refusals.set(reason.text, (refusals.get(reason.text) ?? 0) + 1);
  }
  const cannot = [...refusals.values()].reduce((sum, count) => sum + count, 0);
  const parts: string[] = [];
  if (cannot > 0) {
    const reasons = [...refusals].sort((a, b) => b[1] - a[1]);
    const listed =
      reasons.length === 1 ? reasons[0]![0] : reasons.map(([text, count]) => `${text} (${count})`).join(', ');
    parts.push(`${cannot} of ${items.length} cannot: ${listed}`);
  }
  if (already > 0) {
    parts.push(
      `${cannot > 0 ? already : `${already} of ${items.length}`} ${already === 1 ? 'is' : 'are'} already ${to}`,
    );
  }
  return parts.length ? parts.join('; ') : null;
}

/**
 * The moves the bulk status menu offers: those allowed for at least one selected item (in the
 * statuses' order), each saying which of the others cannot make it and why.
 */
export const bulkMoves = (items: readonly MovableItem[]): BulkMove[] =>
  STATUSES.filter((status) => items.some((item) => item.allowed_statuses?.includes(status))).map(
    (status) => ({ status, note: noteOf(items, status) }),
  );

/** Why no move is offered for these items: "No status change is open to you from draft, testing." */
export function noMoveReason(items: readonly MovableItem[]): string {
  const from = [...new Set(items.map((item) => item.status).filter(Boolean))];
  return from.length
    ? `No status change is open to you from ${from.join(', ')}.`
    : 'No status change is open to you for these items.';
}
