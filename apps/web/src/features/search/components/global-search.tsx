import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { href } from '../../../config/paths';
import { useNavigateTo } from '../../../lib/use-navigate-to';
import { feedUrl, resultId, type SearchResult, searchQueryOptions } from '../api/search';

// The results' rows (chips, status, dates) are not part of the first load: they load when the box
// takes the focus, well before the first answer (debounced) comes back.
const loadResultItem = () => import('./search-result-item');
const SearchResultItem = lazy(() =>
  loadResultItem().then((module) => ({ default: module.SearchResultItem })),
);

/** Spec section 9: 170 px box, 300 px focused; the results panel is 100 px wider than the box. */
export const SEARCH_WIDTH = 170;
export const SEARCH_FOCUSED_WIDTH = 300;
export const SEARCH_PANEL_EXTRA = 100;
const DEBOUNCE_MS = 200;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (value === '') {
      setDebounced('');
      return;
    }
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Whether a key press is typing into a field (where `/` is a character, not a shortcut). */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function GlobalSearch() {
  const id = useId();
  const listId = `${id}-results`;
  const inputRef = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const go = useNavigateTo();
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  // Whether the highlight sits on the active profile's 'Open Data Feed' link rather than the result.
  const [onFeed, setOnFeed] = useState(false);

  const trimmed = query.trim();
  const debounced = useDebounced(trimmed, DEBOUNCE_MS);
  const search = useQuery(searchQueryOptions(debounced));
  // Only the answer to the query now in the box counts; answers to older queries are ignored.
  const current = debounced === trimmed;
  const results: SearchResult[] = current && !search.isError ? (search.data ?? []) : [];
  const searching = trimmed !== '' && (!current || (search.isFetching && !search.data));
  const open = trimmed !== '';
  // The grid exists only while there are results; the searching and empty states are status text.
  const listed = open && !searching && results.length > 0;

  const highlight = (index: number) => {
    setActive(index);
    setOnFeed(false);
  };

  const collapse = () => {
    setQuery('');
    setFocused(false);
    highlight(-1);
  };

  // Any route change clears the search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change only
  useEffect(() => {
    setQuery('');
    highlight(-1);
    inputRef.current?.blur();
  }, [location.pathname, location.search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result list resets the highlight
  useEffect(() => highlight(-1), [search.data, trimmed]);

  // `/` (outside a text field) and Ctrl+K or ⌘K take the user to the search box from anywhere.
  useEffect(() => {
    const onShortcut = (event: KeyboardEvent) => {
      const slash =
        event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
      const commandK = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey;
      if (!slash && !commandK) return;
      event.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener('keydown', onShortcut);
    return () => document.removeEventListener('keydown', onShortcut);
  }, []);

  // Opening a result ends the search at once, also when the target is the page already shown
  // (no route change then) — the box collapses to its resting width.
  const openResult = (result: SearchResult) => {
    const targetId = resultId(result.url);
    if (!targetId) return;
    collapse();
    inputRef.current?.blur();
    go(`${result.type}.view`, { id: targetId });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const highlighted = results[active];
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (results.length) highlight(Math.min(active + 1, results.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length) highlight(Math.max(active - 1, 0));
    } else if (event.key === 'ArrowRight' && highlighted && !onFeed && feedUrl(highlighted)) {
      event.preventDefault();
      setOnFeed(true);
    } else if (event.key === 'ArrowLeft' && onFeed) {
      event.preventDefault();
      setOnFeed(false);
    } else if (event.key === 'Enter') {
      // Nothing highlighted: the first result.
      const result = highlighted ?? results[0];
      if (!result) return;
      event.preventDefault();
      const feed = onFeed && highlighted ? feedUrl(highlighted) : null;
      if (feed) window.open(feed, '_blank', 'noopener,noreferrer');
      else openResult(result);
    } else if (event.key === 'Escape') {
      collapse();
      inputRef.current?.blur();
    }
  };

  const width = focused ? SEARCH_FOCUSED_WIDTH : SEARCH_WIDTH;
  const cellId = (index: number) => `${id}-cell-${index}`;
  const feedId = (index: number) => `${id}-feed-${index}`;
  const activeId = results[active] ? (onFeed ? feedId(active) : cellId(active)) : undefined;

  return (
    <ClickAwayListener onClickAway={() => (focused || query ? collapse() : undefined)}>
      <Box sx={{ position: 'relative' }} data-testid="global-search">
        <Box
          sx={(theme) => ({
            display: 'flex',
            alignItems: 'center',
            width,
            maxWidth: 'calc(100vw - 140px)',
            height: 40,
            px: 1.25,
            gap: 1,
            borderRadius: 1,
            bgcolor: alpha(theme.palette.text.primary, focused ? 0.1 : 0.06),
            border: 1,
            borderColor: focused ? 'primary.main' : 'transparent',
            transition: theme.transitions.create(['width', 'background-color', 'border-color'], {
              duration: theme.transitions.duration.short,
            }),
          })}
        >
          <SearchIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
          <InputBase
            inputRef={inputRef}
            value={query}
            placeholder="Search"
            onChange={(event) => setQuery(event.target.value)}
            onFocus={() => {
              setFocused(true);
              void loadResultItem();
            }}
            // The width follows real focus: a blur by Tab, by opening a result or by a route change shrinks it.
            onBlur={() => setFocused(false)}
            onKeyDown={onKeyDown}
            sx={{ flex: 1, fontSize: '0.95rem' }}
            slotProps={{
              input: {
                role: 'combobox',
                type: 'search',
                'aria-label': 'Search campaigns, creatives and profiles',
                'aria-keyshortcuts': '/ Control+K Meta+K',
                'aria-autocomplete': 'list',
                'aria-haspopup': 'grid',
                'aria-expanded': listed,
                'aria-controls': listed ? listId : undefined,
                'aria-activedescendant': activeId,
                autoComplete: 'off',
                spellCheck: false,
              },
            }}
          />
        </Box>
        {open ? (
          <Paper
            elevation={8}
            data-testid="search-panel"
            sx={{
              position: 'absolute',
              top: 'calc(100% + 6px)',
              left: 0,
              width: width + SEARCH_PANEL_EXTRA,
              maxWidth: 'calc(100vw - 16px)',
              maxHeight: '70vh',
              overflowY: 'auto',
              zIndex: (theme) => theme.zIndex.modal,
            }}
          >
            {searching ? (
              <Box role="status" sx={{ p: 2 }}>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  Searching for “{trimmed}”…
                </Typography>
                <LinearProgress aria-label="Searching" />
              </Box>
            ) : results.length === 0 ? (
              <Typography role="status" variant="body2" sx={{ p: 2 }}>
                No results found for: {trimmed}
              </Typography>
            ) : (
              <Box id={listId} role="grid" aria-label="Search results" sx={{ p: 0.5 }}>
                <Suspense fallback={null}>
                  {results.map((result, index) => (
                    <SearchResultItem
                      key={`${result.type}-${result.url}`}
                      rowId={`${id}-row-${index}`}
                      cellId={cellId(index)}
                      feedId={feedId(index)}
                      result={result}
                      active={index === active}
                      feedActive={index === active && onFeed}
                      href={href(`${result.type}.view`, { id: resultId(result.url) || '0' })}
                      onHover={() => (index === active ? undefined : highlight(index))}
                      onOpen={() => openResult(result)}
                    />
                  ))}
                </Suspense>
              </Box>
            )}
          </Paper>
        ) : null}
      </Box>
    </ClickAwayListener>
  );
}
