import type { SimulationResult } from '@adstudio/contract';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Columns } from '../../../../components/ui/columns';
import { useDataSourceNames } from '../../api/get-data-source-names';
import { useSimulateCreative } from '../../api/simulate-creative';
import { RuleSimulationView } from './rule-simulation-view';
import { SimulatorContextForm } from './simulator-context-form';

/**
 * A creative's rule simulator, for its preview tab: a viewer's context in; the rule it would show,
 * its dynamic content and the trace out; `renderVariant` shows the variant rendered (the app
 * composes it from the packages feature).
 */
export function CreativeSimulator({
  creativeId,
  renderVariant,
}: {
  creativeId: number;
  renderVariant?: ((result: SimulationResult) => ReactNode) | undefined;
}) {
  const simulate = useSimulateCreative();
  const names = useDataSourceNames();
  return (
    <Columns>
      <SimulatorContextForm onRun={(context) => simulate.mutateAsync({ id: creativeId, context })} />
      <Box aria-live="polite" sx={{ display: 'grid', gap: 2.5, alignContent: 'start' }}>
        {simulate.data ? (
          <>
            <RuleSimulationView result={simulate.data} names={names} />
            {renderVariant?.(simulate.data)}
          </>
        ) : null}
      </Box>
    </Columns>
  );
}
