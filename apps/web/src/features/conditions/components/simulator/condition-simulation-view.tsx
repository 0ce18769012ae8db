import type { ConditionSimulation } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { DataSourceNames } from '../../condition-format';
import { DataSourcesUsed, EvaluatedAt, PredicateVerdicts } from './verdicts';

/** A condition's verdict in the simulated context: holds or not, predicate by predicate, and the data used. */
export function ConditionSimulationView({
  result,
  logic,
  names,
}: {
  result: ConditionSimulation;
  /** How the predicates combine, to say why the whole holds. */
  logic: 'all' | 'any';
  names?: DataSourceNames | undefined;
}) {
  const held = result.predicates.filter((predicate) => predicate.holds).length;
  return (
    <Box role="region" aria-label="Simulation result" sx={{ display: 'grid', gap: 2 }}>
      <Alert severity={result.holds ? 'success' : 'error'} variant="outlined">
        {result.holds ? 'The condition holds' : 'The condition does not hold'}: {held} of{' '}
        {result.predicates.length} predicates hold, and it needs{' '}
        {logic === 'all' ? 'all of them' : 'at least one'}.
      </Alert>
      <EvaluatedAt context={result.context} />
      <PredicateVerdicts predicates={result.predicates} names={names} label="Predicates" />
      <DataSourcesUsed sources={result.datasources} />
    </Box>
  );
}
