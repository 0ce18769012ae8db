import { type Creative, TAG_TRIAL_MESSAGES, type TagTrial } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdFrame } from '../../../components/ui/ad-frame';

/** The played rule's name as the feed's trace gives it; rule 0 (no rule) is the creative's own content. */
function variantName(trial: TagTrial): string {
  if (trial.rule_id === null) return 'the creative’s own content';
  const simulation = trial.simulation;
  // A rotation may serve another matching rule than the first; it is among its candidates.
  const rule =
    simulation?.rule?.id === trial.rule_id
      ? simulation.rule
      : (simulation?.trace.find((entry) => entry.rule_id === trial.rule_id) ??
        simulation?.rotation?.candidates.find((candidate) => candidate.rule_id === trial.rule_id));
  return rule ? `${rule.reporting_label || rule.unique_id} (${rule.unique_id})` : `rule ${trial.rule_id}`;
}

const SERVES: Record<TagTrial['serves'], (trial: TagTrial) => string> = {
  variant: (trial) => `The variant ${variantName(trial)}.`,
  fallback: () => 'The creative’s fallback image.',
  nothing: () => 'Nothing: the placement stays empty.',
};

/** What a tried tag serves and why, and the variant it plays, rendered in the sandbox. */
export function TagTrialResult({ trial, creative }: { trial: TagTrial; creative: Creative }) {
  return (
    <Stack spacing={1.5} role="region" aria-label="What the tag serves">
      <Alert severity={trial.serves === 'variant' ? 'success' : 'warning'} variant="outlined">
        {TAG_TRIAL_MESSAGES[trial.because]}
      </Alert>
      <Typography variant="body2">
        <Typography component="span" variant="subtitle2">
          Serves:{' '}
        </Typography>
        {SERVES[trial.serves](trial)}
      </Typography>
      {trial.render_url ? (
        <AdFrame
          // Another rule is another ad: it starts from the beginning.
          key={trial.rule_id ?? 0}
          src={trial.render_url}
          width={creative.width}
          height={creative.height}
          title={`The tag’s variant: ${variantName(trial)}`}
          maxHeight={400}
        />
      ) : null}
    </Stack>
  );
}
