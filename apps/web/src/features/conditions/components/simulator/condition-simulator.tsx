import type { Condition } from '@adstudio/contract';
import Box from '@mui/material/Box';
import { Columns } from '../../../../components/ui/columns';
import { useSimulateCondition } from '../../api/simulate-condition';
import type { DataSourceNames } from '../../condition-format';
import { ConditionSimulationView } from './condition-simulation-view';
import { SimulatorContextForm } from './simulator-context-form';

/** The condition page's simulator: a context in, the saved condition's verdict out. */
export function ConditionSimulator({
  condition,
  names,
}: {
  condition: Condition;
  names?: DataSourceNames | undefined;
}) {
  const simulate = useSimulateCondition();
  return (
    <Columns>
      <SimulatorContextForm onRun={(context) => simulate.mutateAsync({ id: condition.id, context })} />
      <Box aria-live="polite">
        {simulate.data ? (
          <ConditionSimulationView result={simulate.data} logic={condition.logic} names={names} />
        ) : null}
      </Box>
    </Columns>
  );
}
