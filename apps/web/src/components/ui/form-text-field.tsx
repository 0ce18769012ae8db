import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText'
> & {
  control: Control<T>;
  name: FieldPath<T>;
  /** Shown under the field while it has no error. */
  hint?: ReactNode;
};

/** A text field bound to a react-hook-form form; its message (schema or server 422) replaces the hint. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  hint,
  ...props
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? hint}
    />
  );
}
