import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

export const FILTER_DEBOUNCE_MS = 400;

/**
 * A list's free-text filter: applied after a pause in typing or at once with Enter, cleared with
 * its button. `keepFocus` tells the list that the box had the focus, so the view that the URL
 * change remounts (spec section 2) can give it back (`focusFilter`).
 */
export function FilterField({
  noun,
  filter,
  placeholder,
  focusFilter,
  onFilter,
  sx = { minWidth: { xs: '100%', sm: 260 } },
}: {
  /** Plural: "campaigns". */
  noun: string;
  filter: string;
  placeholder: string;
  /** The filter box had the focus before the URL changed. */
  focusFilter: boolean;
  onFilter: (filter: string, keepFocus: boolean) => void;
  sx?: SxProps<Theme>;
}) {
  const [text, setText] = useState(filter);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!focusFilter) return;
    const element = input.current;
    element?.focus();
    element?.setSelectionRange(element.value.length, element.value.length);
  }, [focusFilter]);

  useEffect(() => {
    if (text.trim() === filter) return;
    const timer = setTimeout(
      () => onFilter(text.trim(), document.activeElement === input.current),
      FILTER_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, filter, onFilter]);

  return (
    <TextField
      label="Filter"
      placeholder={placeholder}
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && text.trim() !== filter) onFilter(text.trim(), true);
      }}
      inputRef={input}
      sx={sx}
      slotProps={{
        htmlInput: { 'aria-label': `Filter ${noun}`, maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" aria-hidden />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label="Clear filter"
                onClick={() => {
                  setText('');
                  onFilter('', false);
                }}
                edge="end"
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : null,
        },
      }}
    />
  );
}
