import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

/**
 * A control that is disabled for a reason says it: hovering or focusing it shows `reason`. A
 * disabled button takes no pointer events nor focus, so the tooltip sits on a focusable wrapper
 * that carries the reason as its description too. Without a reason the control shows as it is.
 */
export function DisabledReason({
  reason,
  children,
}: {
  /** Why the control is disabled ("No status change is open to you from draft."); null when it is not. */
  reason: string | null | undefined;
  children: ReactElement;
}) {
  if (!reason) return children;
  return (
    <Tooltip title={reason} describeChild>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a disabled control takes no focus; its reason must be reachable by keyboard */}
      <span tabIndex={0} style={{ display: 'inline-flex' }}>
        {children}
      </span>
    </Tooltip>
  );
}
