import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

export interface PickerOption {
  id: number;
  name: string;
  /** A second line under the name in the options (a data source's current value). */
  detail?: string | undefined;
}

export interface SearchPickerProps {
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  label: string;
  size?: 'small' | 'medium';
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  sx?: object;
}

/**
 * Picks one item of another section by searching it on the server (its list's `filter`), e.g. a
 * creative's campaign. `useOptions` answers the matches of the typed text (asked only while open),
 * `useSelected` the chosen item by id, so a value from the URL shows its name.
 */
export function SearchPicker({
  useOptions,
  useSelected,
  noun,
  value,
  onChange,
  label,
  size,
  required,
  disabled,
  error,
  helperText,
  inputRef,
  onBlur,
  sx,
  autoFocus,
  defaultOpen = false,
}: SearchPickerProps & {
  useOptions: (search: string, enabled: boolean) => UseQueryResult<PickerOption[]>;
  useSelected: (id: number | null | undefined) => UseQueryResult<PickerOption>;
  /** Plural: "campaigns". */
  noun: string;
  autoFocus?: boolean;
  /** Its options show from the start (the picker replaces a stand-in that was clicked). */
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const selected = useSelected(value);
  const options = useOptions(search, open);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const current: PickerOption | null = value
    ? (selected.data ?? { id: value, name: selected.isError ? `#${value}` : 'Loading…' })
    : null;
  const list = options.data ?? [];

  return (
    <Autocomplete
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={current}
      options={current && !list.some((option) => option.id === current.id) ? [current, ...list] : list}
      getOptionLabel={(option) => option.name}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.detail ? (
            <ListItemText primary={option.name} secondary={option.detail} sx={{ my: 0 }} />
          ) : (
            option.name
          )}
        </li>
      )}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      // The server filters; the options are its answer.
      filterOptions={(all) => all}
      loading={options.isFetching}
      onChange={(_event, option) => onChange(option?.id ?? null)}
      onInputChange={(_event, input, reason) => {
        if (reason === 'input') setText(input);
        else if (reason === 'clear' || reason === 'reset') setText('');
      }}
      noOptionsText={search ? `No ${noun} match "${search}".` : `No ${noun} yet.`}
      disabled={disabled}
      size={size}
      sx={sx}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          required={required}
          error={error}
          helperText={helperText}
          inputRef={inputRef}
          onBlur={onBlur}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {options.isFetching ? <CircularProgress color="inherit" size={18} aria-hidden /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
