import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  type ListState,
  type ListStateConfig,
  parseListState,
  toSearchParams,
  withChanges,
} from './list-state';

/**
 * A list's state kept in the URL, so reload and Back keep it: `change` writes it back (replacing
 * the entry, so Back leaves the list) and starts again at page 1 unless only the page changed.
 * `keepFocus` asks the remounted view to give the filter box the focus back (`focusFilter`).
 */
export function useListUrlState<S extends string>(config: ListStateConfig<S>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const state = useMemo(() => parseListState(searchParams, config), [searchParams, config]);
  const change = useCallback(
    (changes: Partial<ListState<S>>, keepFocus = false) => {
      const next = new URLSearchParams();
      for (const key of config.keep ?? []) {
        const value = searchParams.get(key);
        if (value !== null) next.set(key, value);
      }
      for (const [key, value] of toSearchParams(withChanges(state, changes), config.statuses))
        next.set(key, value);
      if (next.toString() === searchParams.toString()) return;
      setSearchParams(next, { replace: true, state: keepFocus ? { focusFilter: true } : null });
    },
    [state, searchParams, setSearchParams, config],
  );
  const focusFilter = (location.state as { focusFilter?: boolean } | null)?.focusFilter === true;
  return { state, change, focusFilter };
}
