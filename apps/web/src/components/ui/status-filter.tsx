import { STATUSES } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { STATUS_COLOURS, STATUS_DISPLAY, type StatusDisplay } from './status-chip';

/**
 * Toggles which statuses a list shows (`status=a,b`); none selected shows every status. By default
 * the campaign / creative statuses; a section with its own passes them and how they show.
 */
export function StatusFilter({
  value,
  onChange,
  statuses = STATUSES,
  display = STATUS_DISPLAY,
}: {
  value: readonly string[];
  onChange: (statuses: string[]) => void;
  statuses?: readonly string[] | undefined;
  display?: Readonly<Record<string, StatusDisplay>> | undefined;
}) {
  const toggle = (status: string) =>
    onChange(value.includes(status) ? value.filter((s) => s !== status) : [...value, status]);
  return (
    <Box role="group" aria-label="Status" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {statuses.map((status) => {
        const on = value.includes(status);
        const shown = display[status];
        if (!shown) return null;
        const { icon: Icon, colour } = shown;
        return (
          <Chip
            key={status}
            component="button"
            type="button"
            size="small"
            label={shown.label ?? status}
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
