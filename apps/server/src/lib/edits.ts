import { type AccessSubject, canAccess, type Section, type Status } from '@adstudio/contract';
import { type Changes, diff } from './audit-changes';
import { forbidden, unprocessable } from './http-errors';
import { checkMove } from './status-moves';
import { assertCurrentVersion, changedMeanwhile } from './versions';

/** The fields after an edit of those sent (`undefined`: not sent), and what that changes. */
export function mergeEdit<F extends object>(before: F, edits: Partial<F>): { after: F; changes: Changes } {
  const sent = Object.fromEntries(Object.entries(edits).filter(([, v]) => v !== undefined)) as Partial<F>;
  const after: F = { ...before, ...sent };
  return { after, changes: diff(before, after) };
}

export interface EditPlan<F> {
  after: F;
  /** `{field: [old, new]}`; empty when nothing changes. */
  changes: Changes;
  /** The only change is the status (audited as 'status', not 'updated'). */
  onlyStatus: boolean;
  action: 'status' | 'updated';
}

/**
 * The rules every editable item shares (docs/design.md §4–§6), in the order the API answers them:
 * a field edit must be based on the current version (409 when stale), only writers edit fields
 * (`qa` may only move the status: 403), the item's own field rules hold (422; without a version
 * the edit is unconditional), and the status moves along the table for this user (403 when the user may not move it at
 * all, 422 when the table has no such move).
 */
export function planEdit<F extends { status: Status }>(args: {
  user: AccessSubject;
  section: Section;
  noun: string;
  /** The row's current fields and version. */
  before: F;
  version: string;
  /** The requested field edits (undefined = not sent). */
  edits: Partial<F>;
  status?: Status;
  basedOn?: string;
  /** The item's cross-field rules on the merged record, as 422 errors by field. */
  fieldErrors?: (after: F) => Record<string, string[]>;
}): EditPlan<F> {
  const { user, section, noun, before, edits } = args;
  const { after, changes: fieldChanges } = mergeEdit(before, edits);
  const editsFields = Object.keys(fieldChanges).length > 0;
  if (editsFields) {
    assertCurrentVersion(args.basedOn, args.version, changedMeanwhile(noun));
    if (!canAccess(user, section, 'write'))
      throw forbidden(`You may only change the status of this ${noun}.`);
  }
  const errors = {
    ...(args.fieldErrors?.(after) ?? {}),
  };
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  if (args.status !== undefined && args.status !== before.status) {
    const move = checkMove(user, section, before.status, args.status);
    if (!move.ok && move.reason === 'not-permitted') throw forbidden(move.message);
    if (!move.ok) throw unprocessable({ status: [move.message] }, move.message);
    after.status = args.status;
  }
  const changes = diff(before, after);
  const keys = Object.keys(changes);
  const onlyStatus = keys.length === 1 && keys[0] === 'status';
  return { after, changes, onlyStatus, action: onlyStatus ? 'status' : 'updated' };
}
