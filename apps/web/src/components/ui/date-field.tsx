import 'dayjs/locale/en-gb';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, type ReactNode, type Ref, Suspense, useState } from 'react';
import { DATE_FORMAT } from '../../lib/format';
import { INVALID_DATE, isCompleteDate } from './date-value';

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
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/** Weighs nearly as much as the date picker again, and only a link's expiry asks for a time. */
const DateTimePicker = lazy(() =>
  import('@mui/x-date-pickers/DateTimePicker').then((module) => ({ default: module.DateTimePicker })),
);

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
 * the value in and out stays ISO, so schemas and the API are unchanged. For react-hook-form, see FormDateField
 * (form-date-field.tsx).
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
  autoFocus,
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
      <Suspense
        fallback={<TextField label={label} size={size} sx={sx} disabled value="" helperText={helperText} />}
      >
        <Picker
          label={label}
          value={shown.date}
          format={format}
          ampm={withTime ? false : undefined}
          disabled={disabled}
          autoFocus={autoFocus}
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
      </Suspense>
    </LocalizationProvider>
  );
}
