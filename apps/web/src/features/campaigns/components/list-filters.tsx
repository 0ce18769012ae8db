import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

export const FILTER_DEBOUNCE_MS = 400;

/**
 * The view remounts whenever the URL changes (spec section 2), which a debounced filter does
 * while the user types; this remembers to give the new box the focus back.
 */
let refocusFilter = false;

/** A date typed key by key passes through years like 0002; only plausible ones are applied. */
const isCompleteDate = (value: string) => value === '' || Number(value.slice(0, 4)) >= 1900;

export function ListFilters({
  filter,
  date,
  onFilter,
  onDate,
}: {
  filter: string;
  date: string | null;
  onFilter: (filter: string) => void;
  onDate: (date: string | null) => void;
}) {
  const [text, setText] = useState(filter);
  const [day, setDay] = useState(date ?? '');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!refocusFilter) return;
    refocusFilter = false;
    const element = input.current;
    element?.focus();
    element?.setSelectionRange(element.value.length, element.value.length);
  }, []);

  useEffect(() => {
    if (text.trim() === filter) return;
    const timer = setTimeout(() => {
      refocusFilter = document.activeElement === input.current;
      onFilter(text.trim());
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, filter, onFilter]);

  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <TextField
        label="Filter"
        placeholder="Name or URL"
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && text.trim() !== filter) onFilter(text.trim());
        }}
        inputRef={input}
        sx={{ minWidth: { xs: '100%', sm: 280 } }}
        slotProps={{
          htmlInput: { 'aria-label': 'Filter campaigns', maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" aria-hidden />
              </InputAdornment>
            ),
            endAdornment: text ? (
              <InputAdornment position="end">
                <IconButton size="small" aria-label="Clear filter" onClick={() => onFilter('')} edge="end">
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : null,
          },
        }}
      />
      <TextField
        label="Running on"
        type="date"
        size="small"
        value={day}
        onChange={(event) => {
          const value = event.target.value;
          setDay(value);
          if (isCompleteDate(value) && value !== (date ?? '')) onDate(value || null);
        }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'aria-label': 'Campaigns running on' },
          input: {
            endAdornment: date ? (
              <InputAdornment position="end">
                <IconButton size="small" aria-label="Clear date" onClick={() => onDate(null)} edge="end">
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : null,
          },
        }}
      />
    </Box>
  );
}
