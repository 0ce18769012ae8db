import { type CampaignReport, liftSentence, points, type ReportLift } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Fact, Facts } from '../../../components/ui/facts';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { formatCount } from '../../../lib/format';
import { formatRate } from '../report-format';
import { ExportCsvButton } from './export-csv-button';
import { LiftMark, liftRange } from './lift-mark';

const TITLE = 'Lift (holdout)';
const METRICS = [
  { name: 'CTR', rate: 'ctr', lift: 'ctr_lift' },
  { name: 'CVR', rate: 'cvr', lift: 'cvr_lift' },
] as const;

/** A creative's heading sits under the section's, its tags' under it. */
type Level = 3 | 4;
const nowrap = { whiteSpace: 'nowrap' } as const;

/** A creative's or tag's lift of one rate: the difference, its interval under it, and the verdict. */
function LiftCell({ row, metric }: { row: ReportLift; metric: (typeof METRICS)[number] }) {
  const lift = row[metric.lift];
  return (
    <TableCell align="right" sx={nowrap}>
      {lift ? points(lift.difference) : '—'}
      <Typography variant="caption" color="textSecondary" component="span" sx={{ display: 'block' }}>
        {lift ? liftRange(lift) : 'No interval yet'}
      </Typography>
      <Box sx={{ mt: 0.5 }}>
        <LiftMark lift={lift} />
      </Box>
    </TableCell>
  );
}

/** Dynamic against control, a rate a row: both rates, the difference, its interval and the verdict. */
function CreativeLiftTable({ row }: { row: ReportLift }) {
  return (
    <ScrollTable label={`Lift of ${row.creative_name}`}>
      <TableHead>
        <TableRow>
          <TableCell>Rate</TableCell>
          <TableCell align="right">Dynamic</TableCell>
          <TableCell align="right">Control</TableCell>
          <TableCell align="right">Difference</TableCell>
          <TableCell align="right">95 % interval</TableCell>
          <TableCell>Result</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {METRICS.map((metric) => {
          const lift = row[metric.lift];
          return (
            <TableRow key={metric.name}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {metric.name}
              </TableCell>
              <TableCell align="right" sx={nowrap}>
                {formatRate(row.dynamic[metric.rate])}
              </TableCell>
              <TableCell align="right" sx={nowrap}>
                {formatRate(row.control[metric.rate])}
              </TableCell>
              <TableCell align="right" sx={nowrap}>
                {lift ? points(lift.difference) : '—'}
              </TableCell>
              <TableCell align="right" sx={nowrap}>
                {liftRange(lift)}
              </TableCell>
              <TableCell sx={nowrap}>
                <LiftMark lift={lift} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </ScrollTable>
  );
}

/** The creative's tags, a row each: views of both arms, then each rate in both arms and its lift. */
function TagLiftTable({ creative, tags }: { creative: ReportLift; tags: readonly ReportLift[] }) {
  return (
    <ScrollTable label={`Lift of ${creative.creative_name} by tag`}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ minWidth: 160 }}>Tag</TableCell>
          <TableCell align="right" sx={nowrap}>
            Views (dynamic / control)
          </TableCell>
          {METRICS.flatMap((metric) => [
            <TableCell key={`${metric.name}-rates`} align="right" sx={nowrap}>
              {metric.name} (dynamic / control)
            </TableCell>,
            <TableCell key={`${metric.name}-lift`} align="right" sx={nowrap}>
              {metric.name} lift (95 % CI)
            </TableCell>,
          ])}
        </TableRow>
      </TableHead>
      <TableBody>
        {tags.map((tag) => (
          <TableRow key={tag.tag_id}>
            <TableCell component="th" scope="row" sx={{ minWidth: 160, fontWeight: 500 }}>
              {tag.tag_name ?? `Tag ${tag.tag_id}`}
            </TableCell>
            <TableCell align="right" sx={nowrap}>
              {formatCount(tag.dynamic.impressions)} / {formatCount(tag.control.impressions)}
            </TableCell>
            {METRICS.flatMap((metric) => [
              <TableCell key={`${metric.name}-rates`} align="right" sx={nowrap}>
                {formatRate(tag.dynamic[metric.rate])} / {formatRate(tag.control[metric.rate])}
              </TableCell>,
              <LiftCell key={`${metric.name}-lift`} row={tag} metric={metric} />,
            ])}
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}

/** One creative's holdout: its share, both arms' views, the lift table, the lift in words, its tags. */
function CreativeLift({
  row,
  tags,
  headingLevel,
}: {
  row: ReportLift;
  tags: readonly ReportLift[];
  headingLevel: Level;
}) {
  const headingId = useId();
  const tagsHeadingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-testid="lift-creative"
      sx={{ display: 'grid', gap: 1.5, pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id={headingId} variant="h3" component={`h${headingLevel}`}>
        {row.creative_name}
      </Typography>
      <Facts label={`Holdout of ${row.creative_name}`} rowGap={0.5}>
        <Fact term="Holdout">{row.holdout_percent} % of views, as set now</Fact>
        <Fact term="Dynamic views">{formatCount(row.dynamic.impressions)}</Fact>
        <Fact term="Control views">{formatCount(row.control.impressions)}</Fact>
      </Facts>
      <CreativeLiftTable row={row} />
      <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }}>
        {METRICS.map((metric) => (
          <Typography key={metric.name} component="li" variant="body2" data-testid="lift-sentence">
            {liftSentence(metric.name, row[metric.lift])}
          </Typography>
        ))}
      </Box>
      {tags.length > 0 ? (
        <Box component="section" aria-labelledby={tagsHeadingId} sx={{ display: 'grid', gap: 1 }}>
          <Typography id={tagsHeadingId} variant="subtitle2" component={headingLevel === 3 ? 'h4' : 'h5'}>
            {row.creative_name} by tag
          </Typography>
          <TagLiftTable creative={row} tags={tags} />
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * The holdout's measure (issue 46): per creative with a holdout, its dynamic views against the
 * static control, CTR and CVR, with the difference's 95 % interval and the contract's words for it;
 * its tags under it. The export holds every row shown, a creative's tags after it.
 */
export function LiftSection({
  lift,
  headingLevel,
  onExport,
}: {
  lift: CampaignReport['lift'];
  headingLevel: 2 | 3;
  onExport: (rows: ReportLift[]) => void;
}) {
  const headingId = useId();
  const tagsOf = (creativeId: number) => lift.tags.filter((tag) => tag.creative_id === creativeId);
  const rows = lift.creatives.flatMap((creative) => [creative, ...tagsOf(creative.creative_id)]);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h3" component={`h${headingLevel}`} sx={{ flex: 1 }}>
          {TITLE}
        </Typography>
        <ExportCsvButton title={TITLE} onExport={() => onExport(rows)} />
      </Box>
      <Typography variant="body2" color="textSecondary">
        Each creative’s dynamic views against its holdout, the static control: the rates of both, the
        difference in percentage points (pt) and its 95 % interval.
      </Typography>
      {lift.creatives.map((creative) => (
        <CreativeLift
          key={creative.creative_id}
          row={creative}
          tags={tagsOf(creative.creative_id)}
          headingLevel={headingLevel === 2 ? 3 : 4}
        />
      ))}
    </Paper>
  );
}
