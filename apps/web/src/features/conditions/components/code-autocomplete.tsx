import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import type { CodeOption } from '../codes';
import { rankMatches } from '../rank-matches';

interface CommonProps {
  label: string;
  /** The codes offered, with their names; none makes it a plain chips input. */
  options: readonly CodeOption[];
  /** Codes (or any text) not in `options` may be typed; Enter or leaving the field adds them. */
  freeSolo?: boolean;
  /** How a typed value is written (e.g. upper case for countries). */
  normalize?: (text: string) => string;
  disabled?: boolean;
  error?: boolean;
  helperText?: string | undefined;
  placeholder?: string;
}

/** Typed text may hold several values: "FR, BE" adds two. */
const split = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * Picks codes by code or name ("FR · France"): one, or several as chips. With `freeSolo` it also
 * takes what is typed, so it doubles as a chips input for lists of free text.
 */
export function CodeAutocomplete(
  props: CommonProps &
    (
      | { multiple: true; value: readonly string[]; onChange: (value: string[]) => void }
      | { multiple?: false; value: string; onChange: (value: string) => void }
    ),
) {
  const { label, options, freeSolo = false, normalize = (text) => text, disabled, error, helperText } = props;
  const labels = useMemo(() => new Map(options.map((option) => [option.code, option.label])), [options]);
  const codes = useMemo(() => options.map((option) => option.code), [options]);
  // Best matches first: an exact code, then names starting with the text ("Nether" → NL before BQ).
  const filterOptions = (list: string[], { inputValue }: { inputValue: string }) =>
    rankMatches(list, inputValue, (code) => ({ codes: [code], name: labels.get(code) ?? code }));
  const optionLabel = (code: string) => {
    const name = labels.get(code);
    return name && name !== code ? `${code} · ${name}` : code;
  };
  const input = (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      label={label}
      size="small"
      error={error}
      helperText={helperText}
      placeholder={props.placeholder}
    />
  );

  if (props.multiple) {
    return (
      <Autocomplete<string, true, false, boolean>
        multiple
        freeSolo={freeSolo}
        autoSelect={freeSolo}
        filterSelectedOptions
        options={codes}
        filterOptions={filterOptions}
        value={[...props.value]}
        getOptionLabel={optionLabel}
        disabled={disabled}
        size="small"
        onChange={(_event, next) => {
          const values = next.flatMap((item) => (codes.includes(item) ? [item] : split(item).map(normalize)));
          props.onChange([...new Set(values)]);
        }}
        renderInput={input}
        sx={{ minWidth: 240 }}
      />
    );
  }
  return (
    <Autocomplete<string, false, false, boolean>
      freeSolo={freeSolo}
      autoSelect={freeSolo}
      options={codes}
      filterOptions={filterOptions}
      value={props.value || null}
      getOptionLabel={optionLabel}
      disabled={disabled}
      size="small"
      onChange={(_event, next) => props.onChange(next ? normalize(next.trim()) : '')}
      renderInput={input}
      sx={{ minWidth: 220 }}
    />
  );
}
