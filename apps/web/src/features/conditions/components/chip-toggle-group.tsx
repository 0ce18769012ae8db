import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/**
 * A few fixed choices as toggle chips (weekdays, devices): one for `is`, several for `is one of`.
 * Each chip is a button with `aria-pressed`, so Tab and Space work as they do on any button.
 */
export function ChipToggleGroup({
  label,
  options,
  value,
  multiple,
  onChange,
  disabled = false,
  error = false,
  helperText,
}: {
  label: string;
  options: readonly { value: string; label: string }[];
  /** The chosen values (one at most when not `multiple`). */
  value: readonly string[];
  multiple: boolean;
  /** The new choice, in the options' order. */
  onChange: (value: string[]) => void;
  disabled?: boolean;
  error?: boolean;
  helperText?: string | undefined;
}) {
  const id = useId();
  const toggle = (choice: string) => {
    if (!multiple) return onChange(value.includes(choice) ? [] : [choice]);
    const next = value.includes(choice) ? value.filter((v) => v !== choice) : [...value, choice];
    onChange(options.map((option) => option.value).filter((v) => next.includes(v)));
  };
  return (
    <Box>
      <Typography id={`${id}-label`} variant="caption" color={error ? 'error' : 'textSecondary'}>
        {label}
      </Typography>
      <Box
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={helperText ? `${id}-help` : undefined}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}
      >
        {options.map((option) => {
          const on = value.includes(option.value);
          return (
            <Chip
              key={option.value}
              component="button"
              type="button"
              size="small"
              label={option.label}
              aria-pressed={on}
              disabled={disabled}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggle(option.value)}
              sx={{ cursor: 'pointer', minWidth: 44 }}
            />
          );
        })}
      </Box>
      {helperText ? (
        <FormHelperText id={`${id}-help`} error={error}>
          {helperText}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
