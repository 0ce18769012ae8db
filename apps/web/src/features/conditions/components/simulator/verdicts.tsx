import type { ConditionOperator, DataValue, PredicateValue, SimulationResult } from '@adstudio/contract';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ScrollTable } from '../../../../components/ui/scroll-region';
import { type DataSourceNames, predicateText } from '../../condition-format';
import { dataValueText } from '../../data-source-format';

/** One predicate's verdict as the simulators answer it. */
export interface PredicateVerdict {
  field: string;
  operator: string;
  value: unknown;
  actual: DataValue;
  holds: boolean;
  reason: string;
}

/** ✓ or ✗ with words for screen readers. */
export function HoldsIcon({ holds }: { holds: boolean }) {
  return holds ? (
    <CheckCircleIcon color="success" fontSize="small" titleAccess="Holds" />
  ) : (
    <CancelIcon color="error" fontSize="small" titleAccess="Does not hold" />
  );
}

/** Each predicate: what it asks, the value the context had, and why it held or not. */
export function PredicateVerdicts({
  predicates,
  names,
  label,
}: {
  predicates: readonly PredicateVerdict[];
  names?: DataSourceNames | undefined;
  label: string;
}) {
  if (predicates.length === 0)
    return (
      <Typography variant="body2" color="textSecondary">
        No predicates.
      </Typography>
    );
  return (
    <List dense disablePadding aria-label={label}>
      {predicates.map((predicate, index) => (
        // Verdicts are answered in the condition's order and never reordered.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <ListItem key={index} disableGutters alignItems="flex-start">
          <ListItemIcon sx={{ minWidth: 32, mt: 0.75 }}>
            <HoldsIcon holds={predicate.holds} />
          </ListItemIcon>
          <ListItemText
            primary={predicateText(
              {
                field: predicate.field,
                operator: predicate.operator as ConditionOperator,
                value: predicate.value as PredicateValue,
              },
              names,
            )}
            secondary={
              <>
                <Box component="span" sx={{ display: 'block' }}>
                  Actual value: {dataValueText(predicate.actual)}
                </Box>
                <Box component="span" sx={{ display: 'block' }}>
                  {predicate.reason}
                </Box>
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

const SOURCE_LABELS: Readonly<Record<SimulationResult['datasources'][number]['source'], string>> = {
  cache: 'Cached value',
  default: 'Default value',
  override: 'Override',
  none: 'No value',
};

/** The data sources the simulation read, each value with where it came from. */
export function DataSourcesUsed({ sources }: { sources: SimulationResult['datasources'] }) {
  if (sources.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        Data sources used
      </Typography>
      <ScrollTable label="Data sources used">
        <TableHead>
          <TableRow>
            <TableCell>Data source</TableCell>
            <TableCell>Value</TableCell>
            <TableCell>From</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sources.map((source) => (
            <TableRow key={source.id}>
              <TableCell>{source.name}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{dataValueText(source.value)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={SOURCE_LABELS[source.source]}
                  color={
                    source.source === 'override' ? 'info' : source.source === 'cache' ? 'default' : 'warning'
                  }
                  variant="outlined"
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
    </Box>
  );
}

/** "Evaluated for Sat 02/05/2026 14:30 (Europe/Paris)". */
export function EvaluatedAt({ context }: { context: SimulationResult['context'] }) {
  const [year, month, day] = context.date.split('-');
  const weekday = context.weekday.charAt(0).toUpperCase() + context.weekday.slice(1);
  return (
    <Typography variant="body2" color="textSecondary">
      Evaluated for {weekday} {day}/{month}/{year} {context.time} ({context.time_zone})
    </Typography>
  );
}
