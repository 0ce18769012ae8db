import EventIcon from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatDate } from '../../lib/format';
import type { DateFieldProps } from './date-field';
import { isCompleteDate } from './date-value';

const loadDateField = () => import('./date-field');

/** The picker's own button, which opens its calendar ("Choose date, selected date is …"). */
const OPEN_BUTTON = 'button[aria-label^="Choose date"]';

/**
 * The picker, opening its calendar once drawn when the stand-in's calendar button was what brought
 * it in; otherwise it takes the focus the stand-in's field had.
 */
const LoadedDateField = lazy(async () => {
  const { DateField } = await loadDateField();
  function Loaded({ open, ...props }: DateFieldProps & { open: boolean }) {
    const box = useRef<HTMLDivElement>(null);
    // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the picker first shows
    useEffect(() => {
      if (open) box.current?.querySelector<HTMLButtonElement>(OPEN_BUTTON)?.click();
    }, []);
    return (
      <Box ref={box} sx={{ display: 'contents' }}>
        <DateField {...props} autoFocus={!open} />
      </Box>
    );
  }
  return { default: Loaded };
});

/**
 * A DateField whose picker (MUI X date pickers and dayjs, ~75 KB on the wire) loads on first use: a
 * list's first load carries the grid, and a shared report its figures, not a calendar nobody has
 * opened yet. Until then a field of the same size shows the date, grouped and named like the
 * picker's own field, with its calendar button; the pointer reaching either starts the download,
 * the field's focus swaps the picker in and hands it the focus, the button opens its calendar on
 * the first click.
 */
export function DeferredDateField(props: DateFieldProps) {
  const [used, setUsed] = useState<'field' | 'calendar' | null>(null);
  const shown = isCompleteDate(props.value) ? formatDate(props.value) : '';
  const preload = () => void loadDateField();
  const standIn = (
    <Box
      role="group"
      aria-label={props.label}
      sx={[{ display: 'inline-flex' }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
    >
      <TextField
        label={props.label}
        size={props.size}
        value={shown}
        fullWidth
        // As wide as the picker's own field (its sections are 182px), so nothing moves when it swaps in.
        sx={{ '& .MuiInputBase-input': { width: '182px', flexGrow: 1 } }}
        error={props.error}
        helperText={props.helperText}
        onPointerEnter={preload}
        slotProps={{
          htmlInput: { readOnly: true, onFocus: () => setUsed((current) => current ?? 'field') },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={shown ? `Choose date, selected date is ${shown}` : 'Choose date'}
                  onFocus={preload}
                  onClick={() => setUsed('calendar')}
                >
                  <EventIcon />
                </IconButton>
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
      <LoadedDateField {...props} open={used === 'calendar'} />
    </Suspense>
  );
}
