import type { ProfileCreateInput } from '@adstudio/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, useController } from 'react-hook-form';
import { buildSchedule, parseSchedule, type ScheduleMode, type ScheduleParts } from '../profile-format';

const MODE_LABELS: Readonly<Record<ScheduleMode, string>> = {
  none: 'No schedule (sync by hand)',
  hourly: 'Every hour',
  every: 'Every N hours',
  daily: 'Daily at a time (UTC)',
};

/** When the feed syncs by itself: never, hourly, every N hours or daily at HH:MM UTC. */
export function ScheduleField({
  control,
  disabled,
}: {
  control: Control<ProfileCreateInput>;
  disabled: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'schedule' });
  const parts = parseSchedule(field.value);
  const set = (change: Partial<ScheduleParts>) => field.onChange(buildSchedule({ ...parts, ...change }));
  const error = fieldState.error?.message;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <TextField
        select
        label="Schedule"
        value={parts.mode}
        disabled={disabled}
        onChange={(event) => set({ mode: event.target.value as ScheduleMode })}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={Boolean(error)}
        helperText={error ?? 'Scheduled syncs run in UTC.'}
        sx={{ flex: '1 1 240px', maxWidth: 320 }}
      >
        {(Object.keys(MODE_LABELS) as ScheduleMode[]).map((mode) => (
          <MenuItem key={mode} value={mode}>
            {MODE_LABELS[mode]}
          </MenuItem>
        ))}
      </TextField>
      {parts.mode === 'every' ? (
        <TextField
          label="Hours"
          type="number"
          value={parts.hours}
          disabled={disabled}
          onChange={(event) => set({ hours: event.target.value })}
          helperText="1 to 24"
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { min: 1, max: 24, step: 1 } }}
        />
      ) : null}
      {parts.mode === 'daily' ? (
        <TextField
          label="Time (UTC)"
          type="time"
          value={parts.time}
          disabled={disabled}
          onChange={(event) => set({ time: event.target.value })}
          helperText="HH:MM"
          sx={{ width: 160 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
        />
      ) : null}
    </Box>
  );
}
