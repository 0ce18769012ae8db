import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs, { tabsClasses } from '@mui/material/Tabs';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Scrolls the tab strip, not the page, just enough to show its selected tab whole. MUI does so when
 * the selection changes; a strip that narrows (a phone turned, a window resized) is left to this.
 */
function showSelected(strip: HTMLElement) {
  const scroller = strip.querySelector<HTMLElement>(`.${tabsClasses.scroller}`);
  const tab = strip.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  if (!scroller || !tab) return;
  const view = scroller.getBoundingClientRect();
  const shown = tab.getBoundingClientRect();
  if (shown.left < view.left) scroller.scrollLeft -= view.left - shown.left;
  else if (shown.right > view.right) scroller.scrollLeft += shown.right - view.right;
}

/**
 * An item's URL-addressable tabs (`?tab=…`) and the open tab's panel. The page turns `onChange`
 * into a new URL, so reload, Back and the unsaved-changes guard see tab switches too.
 */
export function ViewTabs<T extends string>({
  tabs,
  labels,
  value,
  onChange,
  label,
  children,
}: {
  tabs: readonly T[];
  labels: Readonly<Record<T, string>>;
  value: T;
  onChange: (tab: T) => void;
  /** "Campaign sections". */
  label: string;
  children: ReactNode;
}) {
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = strip.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => showSelected(element));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Paper variant="outlined">
      <Tabs
        ref={strip}
        value={value}
        onChange={(_event, next: T) => onChange(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={label}
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={labels[tab]}
            id={`tab-${tab}`}
            aria-controls={`tabpanel-${tab}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`tabpanel-${value}`}
        aria-labelledby={`tab-${value}`}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        {children}
      </Box>
    </Paper>
  );
}
