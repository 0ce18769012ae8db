import { NO_CONDITIONS, type SimulationResult } from '@adstudio/contract';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ScrollTable } from '../../../../components/ui/scroll-region';
import { formatCounted } from '../../../../lib/format';
import type { DataSourceNames } from '../../condition-format';
import { dataValueText } from '../../data-source-format';
import { RotationOdds } from './rotation-odds';
import { DataSourcesUsed, EvaluatedAt, HoldsIcon, PredicateVerdicts } from './verdicts';

type Reason = SimulationResult['reason'];
type Outcome = SimulationResult['trace'][number]['outcome'];

/** Why the rule shown was chosen, in words. */
export const SELECTION_REASONS: Readonly<Record<Reason, string>> = {
  matched: 'Its conditions hold: it is the first active rule in its dates that matches.',
  default: 'No rule matched: the feed’s default rule is shown.',
  first_active: 'No rule matched and the feed has no default: the first active rule is shown.',
  none: 'The creative serves no active rule: nothing dynamic can be shown.',
};

/** Why the rule shown was chosen: a rule without conditions did not need any to hold. */
export const selectionReason = (result: Pick<SimulationResult, 'reason' | 'rule'>): string =>
  result.reason === 'matched' && result.rule?.has_conditions === false
    ? `${NO_CONDITIONS} It is the first active rule in its dates that matches.`
    : SELECTION_REASONS[result.reason];

export const OUTCOME_DISPLAY: Readonly<
  Record<Outcome, { label: string; color: 'success' | 'default' | 'warning' | 'error' }>
> = {
  chosen: { label: 'Chosen', color: 'success' },
  inactive: { label: 'Inactive', color: 'default' },
  outside_dates: { label: 'Outside its dates', color: 'warning' },
  conditions_failed: { label: 'Conditions failed', color: 'error' },
};

function RuleTraceEntry({
  entry,
  names,
}: {
  entry: SimulationResult['trace'][number];
  names?: DataSourceNames | undefined;
}) {
  const outcome = OUTCOME_DISPLAY[entry.outcome];
  const summary = (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
      <Chip size="small" label={outcome.label} color={outcome.color} variant="outlined" />
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {entry.reporting_label || entry.unique_id}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {entry.unique_id} · {entry.reason}
      </Typography>
    </Box>
  );
  if (entry.conditions.length === 0)
    return (
      <Box component="li" sx={{ px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}>
        {summary}
      </Box>
    );
  return (
    <Box component="li" sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Accordion disableGutters elevation={0} square sx={{ '&::before': { display: 'none' } }}>
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>{summary}</AccordionSummary>
        <AccordionDetails sx={{ display: 'grid', gap: 2 }}>
          {entry.conditions.map((condition) => (
            <Box key={condition.id}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <HoldsIcon holds={condition.holds} />
                <Typography variant="subtitle2" component="h4">
                  {condition.name}
                  {condition.missing ? ' (deleted: it never holds)' : ''}
                </Typography>
              </Box>
              <Box sx={{ pl: 4 }}>
                <PredicateVerdicts
                  predicates={condition.predicates}
                  names={names}
                  label={`Predicates of ${condition.name}`}
                />
              </Box>
            </Box>
          ))}
        </AccordionDetails>
      </Accordion>
    </Box>
  );
}

/**
 * A creative's simulation: the rule it would show (reporting label, unique id, why), the rules its
 * rotation may serve with their odds, that rule's dynamic content, and the trace of every rule
 * tried with its conditions' verdicts.
 */
export function RuleSimulationView({
  result,
  names,
}: {
  result: SimulationResult;
  names?: DataSourceNames | undefined;
}) {
  const { rule } = result;
  const content = rule ? Object.entries(rule.data) : [];
  return (
    <Box role="region" aria-label="Simulation result" sx={{ display: 'grid', gap: 2.5 }}>
      <Alert
        severity={rule ? (result.reason === 'matched' ? 'success' : 'info') : 'warning'}
        variant="outlined"
      >
        {rule ? (
          <>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {rule.reporting_label || rule.unique_id}
            </Typography>{' '}
            <Typography component="span" variant="body2" color="textSecondary">
              ({rule.unique_id})
            </Typography>
            <Box component="span" sx={{ display: 'block' }}>
              {selectionReason(result)}
            </Box>
          </>
        ) : (
          selectionReason(result)
        )}
      </Alert>
      <EvaluatedAt context={result.context} />
      {result.rotation ? <RotationOdds odds={result.rotation} /> : null}
      {rule ? (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            Dynamic content
          </Typography>
          {content.length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              The rule has no content.
            </Typography>
          ) : (
            <ScrollTable label="Dynamic content">
              <TableBody>
                {content.map(([key, value]) => (
                  <TableRow key={key}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 500, width: '30%' }}>
                      {key}
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{dataValueText(value)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </ScrollTable>
          )}
        </Box>
      ) : null}
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          Rules tried
        </Typography>
        {result.trace.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            No rule was tried.
          </Typography>
        ) : (
          <Box
            component="ol"
            aria-label="Rules tried"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              '& > li:first-of-type': { borderTop: 0 },
            }}
          >
            {result.trace.map((entry) => (
              <RuleTraceEntry key={entry.rule_id} entry={entry} names={names} />
            ))}
          </Box>
        )}
        {result.trace_omitted > 0 ? (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {formatCounted(result.trace_omitted, 'more rule')} not shown.
          </Typography>
        ) : null}
      </Box>
      <DataSourcesUsed sources={result.datasources} />
    </Box>
  );
}
