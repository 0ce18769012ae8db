import type { AdTagListItem, Creative, SimulationContextInput, SimulationResult } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTryAdTag } from '../../../api/ad-tags';
import { Columns } from '../../../components/ui/columns';
import { LoadingState } from '../../../components/ui/states';
import { TagTrialResult } from './tag-trial-result';

/**
 * "Try it": a viewer's context in; what the tag serves them, why, the variant rendered and, for a
 * creative with a feed, how its rules chose. The context form and the trace are the conditions
 * simulator's, which the app passes in (features never import each other).
 */
export function TagTrialPanel({
  creative,
  tag,
  contextForm,
  trace,
}: {
  creative: Creative;
  tag: AdTagListItem;
  /** The viewer's context form; `onRun` tries the tag and rejects (a 422) for the form to show. */
  contextForm: (onRun: (context: SimulationContextInput) => Promise<unknown>) => ReactNode;
  /** The simulator's account of the feed's rules in that context. */
  trace: (simulation: SimulationResult) => ReactNode;
}) {
  const trial = useTryAdTag();
  const result = trial.data;
  return (
    <Columns>
      {contextForm((context) => trial.mutateAsync({ creativeId: creative.id, tagId: tag.id, context }))}
      <Box aria-live="polite" sx={{ display: 'grid', gap: 2.5, alignContent: 'start', minWidth: 0 }}>
        {trial.isPending ? <LoadingState label="Trying the tag…" /> : null}
        {trial.isIdle ? (
          <Typography variant="body2" color="textSecondary">
            Choose who sees the ad, where and when, then Try: the answer is what the tag would serve them.
            Nothing is counted.
          </Typography>
        ) : null}
        {result ? (
          <>
            <TagTrialResult trial={result} creative={creative} />
            {result.simulation ? (
              <Box component="section" aria-labelledby={`tag-trial-${tag.id}-rules`}>
                <Typography
                  variant="subtitle1"
                  component="h3"
                  id={`tag-trial-${tag.id}-rules`}
                  sx={{ mb: 1, fontWeight: 600 }}
                >
                  How the feed’s rules chose
                </Typography>
                {trace(result.simulation)}
              </Box>
            ) : null}
          </>
        ) : null}
      </Box>
    </Columns>
  );
}
