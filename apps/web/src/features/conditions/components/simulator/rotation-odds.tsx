import type { RotationOdds as Odds } from '@adstudio/contract';
import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ScrollTable } from '../../../../components/ui/scroll-region';
import { formatCount, formatCounted } from '../../../../lib/format';

type Candidate = Odds['candidates'][number];

const PROBABILITY = new Intl.NumberFormat('en-GB', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const RATE = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 2 });

/** How the rotation picks, as the caption names it. */
const rotationName = (odds: Odds): string =>
  ({
    rules: 'First matching rule',
    even: 'Even rotation',
    weighted: 'Weighted rotation (by a feed column)',
    optimized: `Optimized rotation (Thompson sampling on ${odds.rotation_goal})`,
  })[odds.rotation];

/** "Even rotation: a view here is served one of these 3 rules." and what is not listed. */
function caption(odds: Odds): string {
  const listed = odds.candidates.length;
  const total = Math.max(odds.candidates_total, listed);
  const served =
    total === 0
      ? 'no rule is served here.'
      : total === 1
        ? 'a view here is served this rule.'
        : total > listed
          ? `a view here is served one of ${formatCounted(total, 'rule')}; the ${formatCount(listed)} likeliest are listed.`
          : `a view here is served one of these ${formatCounted(total, 'rule')}.`;
  return `${rotationName(odds)}: ${served}`;
}

const rate = (count: number, impressions: number) => (impressions ? RATE.format(count / impressions) : '—');

/**
 * What a served tag may play in a context under the creative's rotation: each candidate rule with
 * its chance of being served, and the figures its rotation weighs it by. The holdout's control rule
 * is marked. The simulator and the Tags tab's "Try it" both show it.
 */
export function RotationOdds({ odds }: { odds: Odds }) {
  const weighted = odds.rotation === 'weighted';
  const optimized = odds.rotation === 'optimized';
  const conversions = optimized && odds.rotation_goal === 'conversions';
  const isControl = (candidate: Candidate) =>
    odds.holdout_percent > 0 && candidate.rule_id === odds.holdout_rule_id;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        Candidates
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {caption(odds)}
      </Typography>
      {odds.candidates.length === 0 ? null : (
        <ScrollTable label="Candidates">
          <TableHead>
            <TableRow>
              <TableCell>Rule</TableCell>
              <TableCell align="right">Probability</TableCell>
              {weighted ? <TableCell align="right">Weight</TableCell> : null}
              {optimized ? (
                <>
                  <TableCell align="right">Impressions</TableCell>
                  <TableCell align="right">Clicks</TableCell>
                  <TableCell align="right">CTR</TableCell>
                </>
              ) : null}
              {conversions ? <TableCell align="right">Conversions</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {odds.candidates.map((candidate) => (
              <TableRow key={candidate.rule_id} data-testid="rotation-candidate">
                <TableCell component="th" scope="row">
                  {candidate.reporting_label || candidate.unique_id}
                  {isControl(candidate) ? (
                    <Typography component="span" variant="body2" color="textSecondary">
                      {` (control, ${odds.holdout_percent} % holdout)`}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right">{PROBABILITY.format(candidate.probability)}</TableCell>
                {weighted ? (
                  <TableCell align="right">{candidate.weight === null ? '—' : candidate.weight}</TableCell>
                ) : null}
                {optimized ? (
                  <>
                    <TableCell align="right">{formatCount(candidate.impressions)}</TableCell>
                    <TableCell align="right">{formatCount(candidate.clicks)}</TableCell>
                    <TableCell align="right">{rate(candidate.clicks, candidate.impressions)}</TableCell>
                  </>
                ) : null}
                {conversions ? (
                  <TableCell align="right">{formatCount(candidate.conversions)}</TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
    </Box>
  );
}
