import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { type ReactNode, useEffect, useState } from 'react';
import { isCompleteDate } from './date-value';
import { DeferredDateField } from './deferred-date-field';
import { FILTER_DEBOUNCE_MS, FilterField } from './filter-field';
import type { StatusDisplay } from './status-chip';
import { StatusFilter } from './status-filter';

/** What a list's filters change; `keepFocus` asks the remounted view to give the filter box the focus back. */
export interface ListFilterChanges {
  onFilter: (filter: string, keepFocus: boolean) => void;
  onDate: (date: string | null) => void;
  onStatus: (status: string[]) => void;
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
  statuses,
  statusDisplay,
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
  status: readonly string[];
  /** The list's own statuses and their look; the campaign / creative ones by default; none hides the filter. */
  statuses?: readonly string[] | undefined;
  statusDisplay?: Readonly<Record<string, StatusDisplay>> | undefined;
  deleted: boolean;
  /** The filter box had the focus before the URL changed. */
  focusFilter: boolean;
  changes: ListFilterChanges;
  children?: ReactNode;
}) {
  const { onFilter, onDate } = changes;
  const [day, setDay] = useState(date ?? '');

  // Typing a day passes through whole dates (1 on the way to 15), and applying one remounts the view.
  useEffect(() => {
    if (!dateLabel || (day !== '' && !isCompleteDate(day)) || day === (date ?? '')) return;
    const timer = setTimeout(() => onDate(day || null), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [day, date, dateLabel, onDate]);

  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <FilterField
          noun={noun}
          filter={filter}
          placeholder={placeholder}
          focusFilter={focusFilter}
          onFilter={onFilter}
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
        {statuses?.length === 0 ? (
          // A section without statuses: the switch keeps its place on the right.
          <span />
        ) : (
          <StatusFilter
            value={status}
            onChange={changes.onStatus}
            statuses={statuses}
            display={statusDisplay}
          />
        )}
        <FormControlLabel
          control={<Switch checked={deleted} onChange={(event) => changes.onDeleted(event.target.checked)} />}
          label="Show deleted"
          sx={{ mr: 0 }}
        />
      </Box>
    </Box>
  );
}
