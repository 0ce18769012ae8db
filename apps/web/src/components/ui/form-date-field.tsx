import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { DateField, type DateFieldProps } from './date-field';

/** A DateField bound to a react-hook-form field; the field's error message shows beneath it. */
export function FormDateField<TValues extends FieldValues, TTransformed = TValues>({
  control,
  name,
  ...props
}: Omit<DateFieldProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'inputRef' | 'error'> & {
  control: Control<TValues, unknown, TTransformed>;
  name: FieldPathByValue<TValues, string | null | undefined>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...props}
          name={field.name}
          value={field.value as string | null | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={props.disabled || field.disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? props.helperText}
        />
      )}
    />
  );
}
