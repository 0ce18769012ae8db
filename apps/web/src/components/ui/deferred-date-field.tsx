import EventIcon from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useState } from 'react';
import { formatDate } from '../../lib/format';
import type { DateFieldProps } from './date-field';
import { isCompleteDate } from './date-value';

const loadDateField = () => import('./date-field');
const DateField = lazy(() => loadDateField().then((module) => ({ default: module.DateField })));

/**
 * A DateField whose picker (~40 KB on the wire) loads on first use, so a list's first load carries
 * the grid and not a date filter nobody has touched yet. Until then a plain field of the same size
 * shows the date, grouped and named like the picker's own field; the pointer reaching it starts the
 * download, the focus swaps the picker in and hands it the focus.
 */
export function DeferredDateField(props: DateFieldProps) {
  const [used, setUsed] = useState(false);
  const value = isCompleteDate(props.value) ? formatDate(props.value) : '';
  const standIn = (
    <Box
      role="group"
      aria-label={props.label}
      sx={[{ display: 'inline-flex' }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
    >
      <TextField
        label={props.label}
        size={props.size}
        value={value}
        fullWidth
        onPointerEnter={() => void loadDateField()}
        onFocus={() => setUsed(true)}
        slotProps={{
          htmlInput: { readOnly: true },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <EventIcon fontSize="small" sx={{ color: 'action.active' }} />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
  if (!used) return standIn;
  return (
    <Suspense fallback={standIn}>
      <DateField {...props} autoFocus />
    </Suspense>
  );
}
