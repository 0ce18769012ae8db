import 'dayjs/locale/en-gb';
import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, type Ref, useState } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { DATE_FORMAT } from '../../lib/format';

/**
 * What a DateField reports while its text is not a whole, plausible date (typed halfway, 31/02, year 0002).
 * Not '' — so a form never saves a half-typed date as "no date"; the contract's ISO-date schemas reject it.
 */
export const INVALID_DATE = 'invalid-date';

const ISO_PATTERN = { date: /^\d{4}-\d{2}-\d{2}$/, time: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/ };

/** True for a value a DateField reports for a whole date: `YYYY-MM-DD` (`YYYY-MM-DDTHH:mm` with time). */
export const isCompleteDate = (value: string | null | undefined, withTime = false): value is string =>
  Boolean(value) && ISO_PATTERN[withTime ? 'time' : 'date'].test(value ?? '');

export interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD` (`YYYY-MM-DDTHH:mm` with `withTime`, like `<input type="datetime-local">`), '' or null. */
  value: string | null | undefined;
  /** Called with the ISO value, '' when emptied, or INVALID_DATE while the text is not a whole date. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Adds hours and minutes (DD/MM/YYYY HH:mm). */
  withTime?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  /** Shows a clear button while the field holds a date. */
  clearable?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

const ISO_DATE = 'YYYY-MM-DD';
const ISO_DATE_TIME = 'YYYY-MM-DDTHH:mm';

const parse = (value: string | null | undefined, withTime: boolean): Dayjs | null => {
  if (!isCompleteDate(value, withTime)) return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
};

/** The picker's date as the value the field reports; dates the picker rejects (year 0002) are invalid. */
const toValue = (date: Dayjs | null, hasValidationError: boolean, withTime: boolean): string => {
  if (date === null) return '';
  if (hasValidationError || !date.isValid()) return INVALID_DATE;
  return date.format(withTime ? ISO_DATE_TIME : ISO_DATE);
};

/**
 * A date (or date and time) shown and typed as DD/MM/YYYY (spec section 9) whatever the browser's locale;
 * the value in and out stays ISO, so schemas and the API are unchanged. For react-hook-form, see FormDateField.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  name,
  inputRef,
  withTime = false,
  error = false,
  helperText,
  disabled = false,
  required = false,
  clearable = false,
  size,
  sx,
}: DateFieldProps) {
  // The picker keeps a half-typed date only while it is the value it reported last, so remember both;
  // a value that changes from outside (a form reset, the URL) replaces it.
  const [shown, setShown] = useState(() => ({ value: value ?? '', date: parse(value, withTime) }));
  if ((value ?? '') !== shown.value) setShown({ value: value ?? '', date: parse(value, withTime) });

  const invalidEntry = shown.value === INVALID_DATE;
  const format = withTime ? `${DATE_FORMAT} HH:mm` : DATE_FORMAT;
  const Picker = withTime ? DateTimePicker : DatePicker;

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="en-gb">
      <Picker
        label={label}
        value={shown.date}
        format={format}
        ampm={withTime ? false : undefined}
        disabled={disabled}
        name={name}
        inputRef={inputRef}
        localeText={{ fieldClearLabel: 'Clear date' }}
        onChange={(date: Dayjs | null, { validationError }) => {
          const next = toValue(date, validationError !== null, withTime);
          setShown({ value: next, date });
          if (next !== (value ?? '')) onChange(next);
        }}
        slotProps={{
          field: { clearable },
          textField: {
            required,
            size,
            sx,
            onBlur,
            error: error || invalidEntry,
            helperText: invalidEntry ? `Enter a valid date as ${format}.` : helperText,
          },
        }}
      />
    </LocalizationProvider>
  );
}

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
