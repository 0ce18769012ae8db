import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/** A whole-number field bound to a react-hook-form form: the value is a number (NaN while empty). */
export function FormNumberField<T extends FieldValues>({
  control,
  name,
  min,
  max,
  ...props
}: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'type'> & {
  control: Control<T>;
  name: FieldPath<T>;
  min?: number;
  max?: number;
}) {
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'number' && !Number.isNaN(field.value) ? String(field.value) : '';
  return (
    <TextField
      {...props}
      type="number"
      name={field.name}
      value={value}
      onChange={(event) =>
        field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
      }
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? props.helperText}
      slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
    />
  );
}
