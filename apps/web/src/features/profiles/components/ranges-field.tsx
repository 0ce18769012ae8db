import type { ProfileCreateInput } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type Control, useController } from 'react-hook-form';

/** Most ranges a profile takes (the contract's limit). */
const MAX_RANGES = 10;

/** The feed's A1 ranges, optional: none reads the first sheet whole. */
export function RangesField({
  control,
  disabled,
}: {
  control: Control<ProfileCreateInput>;
  disabled: boolean;
}) {
  const { field, fieldState } = useController({ control, name: 'ranges' });
  const ranges = field.value ?? [];
  const errors = fieldState.error as
    | (Record<number, { message?: string } | undefined> & { message?: string; root?: { message?: string } })
    | undefined;
  const listError = errors?.message ?? errors?.root?.message;
  const set = (next: string[]) => field.onChange(next);
  // A range just added takes the focus; one there from the start does not.
  const [added, setAdded] = useState(false);

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Ranges
      </Typography>
      {ranges.length === 0 ? (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          No ranges: the first sheet is read whole (CSV and TSV files have one table).
        </Typography>
      ) : null}
      {ranges.map((range, index) => (
        <Box
          // Plain text rows with nothing of their own to keep: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1.5 }}
        >
          <TextField
            label={`Range ${index + 1}`}
            value={range}
            autoFocus={added && index === ranges.length - 1}
            disabled={disabled}
            size="small"
            placeholder="Feed!A1:Z"
            onChange={(event) => set(ranges.map((value, i) => (i === index ? event.target.value : value)))}
            onBlur={field.onBlur}
            error={Boolean(errors?.[index]?.message)}
            helperText={errors?.[index]?.message ?? 'e.g. Feed!A1:Z — the first row is the header'}
            sx={{ flex: '1 1 auto', maxWidth: 360 }}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          {disabled ? null : (
            <IconButton
              aria-label={`Remove range ${index + 1}`}
              onClick={() => set(ranges.filter((_, i) => i !== index))}
            >
              <DeleteOutlineIcon />
            </IconButton>
          )}
        </Box>
      ))}
      {listError ? (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mb: 1 }}>
          {listError}
        </Typography>
      ) : null}
      {disabled || ranges.length >= MAX_RANGES ? null : (
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => {
            setAdded(true);
            set([...ranges, '']);
          }}
        >
          Add range
        </Button>
      )}
    </Box>
  );
}
