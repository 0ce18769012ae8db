import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { isCompleteDate } from '../../../components/ui/date-value';
import { DeferredDateField } from '../../../components/ui/deferred-date-field';
import { DisabledReason } from '../../../components/ui/disabled-reason';
import type { Timeframe } from '../../../lib/timeframe';
import { formatRange } from '../report-format';

/** A phone gives each date its own full-width row; wider screens keep both beside the buttons. */
const FIELD_SX = { flex: { xs: '1 1 100%', sm: '0 1 auto' }, minWidth: 0 } as const;

/** Why a day cannot be applied, or undefined when it can. */
function dayProblem(day: string, bounds: Timeframe): string | undefined {
  if (!isCompleteDate(day)) return undefined;
  if (day < bounds.start || day > bounds.end)
    return `Pick a day from ${formatRange(bounds.start, bounds.end)}.`;
  return undefined;
}

/**
 * From and To within what the report allows (`bounds`), applied together; "Whole timeframe" (while a
 * timeframe is chosen, `value`) goes back to all of it. The fields start from the days the report
 * shows (`shown`: the server keeps an asked timeframe within bounds); key it by them, so that a new
 * report replaces what was typed.
 */
export function TimeframePicker({
  value,
  onChange,
  bounds,
  shown,
}: {
  value: Timeframe | null;
  onChange: (timeframe: Timeframe | null) => void;
  bounds: Timeframe;
  shown: Timeframe;
}) {
  const [start, setStart] = useState(shown.start);
  const [end, setEnd] = useState(shown.end);
  const startProblem = dayProblem(start, bounds);
  const endProblem =
    dayProblem(end, bounds) ??
    (isCompleteDate(start) && isCompleteDate(end) && end < start
      ? 'The end must not be before the start.'
      : undefined);
  const ready = isCompleteDate(start) && isCompleteDate(end) && !startProblem && !endProblem;
  // Applying the days already shown would only reload them.
  const unchanged = shown.start === start && shown.end === end;
  const notYet = !ready
    ? (startProblem ?? endProblem ?? 'Enter both days first.')
    : unchanged
      ? 'These days are shown already.'
      : null;

  return (
    <Box
      component="form"
      aria-label="Report timeframe"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onChange({ start, end });
      }}
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <DeferredDateField
        label="From"
        size="small"
        sx={FIELD_SX}
        value={start}
        onChange={setStart}
        error={Boolean(startProblem)}
        helperText={startProblem}
      />
      <DeferredDateField
        label="To"
        size="small"
        sx={FIELD_SX}
        value={end}
        onChange={setEnd}
        error={Boolean(endProblem)}
        helperText={endProblem}
      />
      <DisabledReason reason={notYet}>
        <Button type="submit" variant="outlined" disabled={notYet !== null}>
          Apply
        </Button>
      </DisabledReason>
      {value ? <Button onClick={() => onChange(null)}>Whole timeframe</Button> : null}
    </Box>
  );
}
