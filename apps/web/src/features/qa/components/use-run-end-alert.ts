import type { QaRun } from '@adstudio/contract';
import { useEffect, useRef } from 'react';
import { showOutcome } from '../../../lib/alert';
import { isOpen, qaJob, qaOutcome } from '../qa-format';

/**
 * The banner when a run watched on this page ends: it replaces the run's "started" banner, or
 * shows on an empty one, never over a newer alert (lib/alert.ts showOutcome). Both the tab and the
 * status's chip watch; the second to see the end finds the outcome shown and says nothing.
 */
export function useRunEndAlert(creative: { id: number; name: string }, run: QaRun | null | undefined) {
  const before = useRef<{ id: number; open: boolean } | null>(null);
  useEffect(() => {
    if (!run) return;
    const was = before.current;
    before.current = { id: run.id, open: isOpen(run) };
    if (was?.id !== run.id || !was.open || isOpen(run)) return;
    const outcome = qaOutcome(creative, run);
    if (outcome) showOutcome(qaJob(run.id), outcome);
  }, [creative, run]);
}
