import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryClient } from '../lib/query-client';
import { useDarkTheme } from '../lib/theme-mode';
import { createAppTheme } from './theme';

export function AppProviders({ children }: { children: React.ReactNode }) {
  const dark = useDarkTheme();
  const theme = useMemo(() => createAppTheme(dark), [dark]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </QueryClientProvider>
  );
}
