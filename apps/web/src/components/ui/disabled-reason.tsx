import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

/**
 * A control that is disabled for a reason says it: hovering or focusing it shows `reason`. A
 * disabled button takes no pointer events nor focus, so the tooltip sits on a wrapper, focusable
 * while there is a reason. The wrapper stays when the reason goes: the control keeps its element,
 * so a click or the focus in flight as it becomes enabled is not lost.
 */
export function DisabledReason({
  reason,
  children,
}: {
  /** Why the control is disabled ("No status change is open to you from draft."); null when it is not. */
  reason: string | null | undefined;
  children: ReactElement;
}) {
  return (
    <Tooltip title={reason ?? ''} describeChild>
      <span tabIndex={reason ? 0 : undefined} style={{ display: 'inline-flex' }}>
        {children}
      </span>
    </Tooltip>
  );
}
