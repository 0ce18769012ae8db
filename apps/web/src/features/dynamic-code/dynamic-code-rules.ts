import type { DynamicCode, DynamicCodeStatus } from '@adstudio/contract';

/** The button that moves the code to a status. */
export const MOVE_LABELS: Readonly<Record<DynamicCodeStatus, string>> = {
  generated: 'Back to generated',
  implemented: 'Mark as implemented',
  verified: 'Mark as verified',
};

export const STATUS_TEXT: Readonly<Record<DynamicCodeStatus, string>> = {
  generated: 'Generated',
  implemented: 'Implemented in the package',
  verified: 'Verified',
};

/** Regenerating resets the status to generated: ask first once a producer has used the code. */
export const regenerateNeedsConfirm = (status: DynamicCodeStatus | null): boolean =>
  status === 'implemented' || status === 'verified';

/**
 * What the tab can offer: with no profile nothing can be generated; with a profile, code can be
 * generated (the server says why not when the profile has no rows yet) and, once there, regenerated.
 */
export function generateAction(code: Pick<DynamicCode, 'profile' | 'code'>, canWrite: boolean) {
  if (!canWrite || code.profile === null) return null;
  return code.code === null ? 'Generate code' : 'Regenerate';
}
