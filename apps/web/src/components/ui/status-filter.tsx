import { STATUSES, type Status } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { STATUS_COLOURS, STATUS_DISPLAY } from './status-chip';

/** Toggles which statuses a list shows (`status=a,b`); none selected shows every status. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: readonly Status[];
  onChange: (statuses: Status[]) => void;
}) {
  const toggle = (status: Status) =>
    onChange(value.includes(status) ? value.filter((s) => s !== status) : [...value, status]);
  return (
    <Box role="group" aria-label="Status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {STATUSES.map((status) => {
        const on = value.includes(status);
        const { icon: Icon, colour } = STATUS_DISPLAY[status];
        return (
          <Chip
            key={status}
            component="button"
            type="button"
            size="small"
            label={status}
            icon={<Icon fontSize="small" />}
            aria-pressed={on}
            variant={on ? 'filled' : 'outlined'}
            onClick={() => toggle(status)}
            sx={[
              { textTransform: 'capitalize', fontWeight: 500, cursor: 'pointer' },
              on
                ? {
                    bgcolor: STATUS_COLOURS[colour],
                    color: '#fff',
                    '& .MuiChip-icon': { color: '#fff' },
                    '&:hover, &:focus-visible': {
                      bgcolor: STATUS_COLOURS[colour],
                      filter: 'brightness(1.15)',
                    },
                  }
                : {},
            ]}
          />
        );
      })}
    </Box>
  );
}
