import type { Status } from '@adstudio/contract';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { isCompleteDate } from './date-value';
import { DeferredDateField } from './deferred-date-field';
import { StatusFilter } from './status-filter';

export const FILTER_DEBOUNCE_MS = 400;

/** What a list's filters change; `keepFocus` asks the remounted view to give the filter box the focus back. */
export interface ListFilterChanges {
  onFilter: (filter: string, keepFocus: boolean) => void;
  onDate: (date: string | null) => void;
  onStatus: (status: Status[]) => void;
  onDeleted: (deleted: boolean) => void;
}

/**
 * A list's filters: free text (debounced), an optional date, the statuses and the deleted items,
 * plus the list's own (`children`). The view remounts whenever the URL changes (spec section 2).
 */
export function ListFilters({
  noun,
  filter,
  placeholder,
  date,
  dateLabel,
  status,
  deleted,
  focusFilter,
  changes,
  children,
}: {
  /** Plural: "campaigns". */
  noun: string;
  filter: string;
  placeholder: string;
  date: string | null;
  /** Without it the list has no date filter. */
  dateLabel?: string | undefined;
  status: readonly Status[];
  deleted: boolean;
  /** The filter box had the focus before the URL changed. */
  focusFilter: boolean;
  changes: ListFilterChanges;
  children?: ReactNode;
}) {
  const { onFilter, onDate } = changes;
  const [text, setText] = useState(filter);
  const [day, setDay] = useState(date ?? '');
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

  // Typing a day passes through whole dates (1 on the way to 15), and applying one remounts the view.
  useEffect(() => {
    if (!dateLabel || (day !== '' && !isCompleteDate(day)) || day === (date ?? '')) return;
    const timer = setTimeout(() => onDate(day || null), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [day, date, dateLabel, onDate]);

  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
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
          sx={{ minWidth: { xs: '100%', sm: 260 } }}
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
                    onClick={() => onFilter('', false)}
                    edge="end"
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : null,
            },
          }}
        />
        {dateLabel ? (
          <DeferredDateField
            label={dateLabel}
            size="small"
            clearable
            value={day}
            onChange={setDay}
            sx={{ width: { xs: '100%', sm: 200 } }}
          />
        ) : null}
        {children}
      </Box>
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <StatusFilter value={status} onChange={changes.onStatus} />
        <FormControlLabel
          control={<Switch checked={deleted} onChange={(event) => changes.onDeleted(event.target.checked)} />}
          label="Show deleted"
          sx={{ mr: 0 }}
        />
      </Box>
    </Box>
  );
}
