import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { DateField, isCompleteDate } from '../../../components/ui/date-field';

export const FILTER_DEBOUNCE_MS = 400;

/**
 * The view remounts whenever the URL changes (spec section 2), which a debounced filter does
 * while the user types; this remembers to give the new box the focus back.
 */
let refocusFilter = false;

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

  // Typing a day passes through whole dates (1 on the way to 15), and applying one remounts the view.
  useEffect(() => {
    if ((day !== '' && !isCompleteDate(day)) || day === (date ?? '')) return;
    const timer = setTimeout(() => onDate(day || null), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [day, date, onDate]);

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
      <DateField
        label="Running on"
        size="small"
        clearable
        value={day}
        onChange={setDay}
        sx={{ width: { xs: '100%', sm: 200 } }}
      />
    </Box>
  );
}
