import { type ExternalSimulation, NO_CONDITIONS } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AdFrame } from '../../../../components/ui/ad-frame';
import { Columns } from '../../../../components/ui/columns';
import { useSimulateExternal } from '../../api/simulate-external';
import { SimulatorContextForm } from './simulator-context-form';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const WHY: Record<ExternalSimulation['reason'], string> = {
  matched: 'its conditions hold for this viewer.',
  default: 'no other variant matches, and it is the default.',
  first_active: 'no variant matches and there is no default, so the first one shows.',
  none: '',
};

/** Why the viewer gets the variant, after its name: a variant without conditions needs none to hold. */
export const outsiderWhy = (result: ExternalSimulation) =>
  result.reason === 'matched' && result.variant?.has_conditions === false
    ? `. ${NO_CONDITIONS}`
    : `: ${WHY[result.reason]}`;

/**
 * The shared preview's simulator (docs/design.md §9): an outsider picks a moment, a place and a
 * device, and sees which variant that viewer would get — read-only, without the rules' trace.
 */
export function OutsiderSimulator({
  token,
  size,
}: {
  token: string;
  /** The creative's size, to frame the variant at. */
  size: { width: number; height: number };
}) {
  const simulate = useSimulateExternal();
  const result = simulate.data;
  return (
    <Columns>
      <SimulatorContextForm
        outsider
        submitLabel="Find the variant"
        onRun={(context) => simulate.mutateAsync({ token, context })}
      />
      <Box aria-live="polite" sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
        {result ? (
          result.variant ? (
            <>
              <Typography variant="body1" data-testid="simulated-variant">
                On {capitalised(result.context.weekday)} {result.context.date} at {result.context.time} (
                {result.context.time_zone}), this viewer gets{' '}
                <strong>{result.variant.reporting_label}</strong>
                {outsiderWhy(result)}
              </Typography>
              {result.render_url ? (
                <AdFrame
                  key={`${result.variant.rule_id}:${result.render_url}`}
                  src={result.render_url}
                  width={size.width}
                  height={size.height}
                  title={`Ad: ${result.variant.reporting_label}`}
                />
              ) : null}
            </>
          ) : (
            <Alert severity="info">No variant would show to this viewer.</Alert>
          )
        ) : (
          <Typography variant="body2" color="textSecondary">
            Choose when, where and on what device the ad is seen, then find the variant that viewer gets.
          </Typography>
        )}
      </Box>
    </Columns>
  );
}
