import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';

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
  return (
    <Paper variant="outlined">
      <Tabs
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
