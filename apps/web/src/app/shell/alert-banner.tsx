import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { href, isRouteName } from '../../config/paths';
import { alertMessage, clearAlert, type GoToView, resolveAlert, useAlert } from '../../lib/alert';
import { navigateToHref } from '../../lib/use-navigate-to';

const THEME_COLOURS = ['success', 'error', 'info', 'warning', 'primary', 'secondary', 'accent'] as const;

/** Theme colours use their dark shade so white text keeps AA contrast; other values are CSS colours. */
function background(color: string) {
  return (theme: Theme) => {
    if ((THEME_COLOURS as readonly string[]).includes(color)) {
      const palette = theme.palette[color as (typeof THEME_COLOURS)[number]];
      return color === 'accent' ? palette.main : palette.dark;
    }
    return color;
  };
}

/** The global alert banner (spec sections 4, 8, 9): bottom, timeout, Dismiss and Open. */
export function AlertBanner() {
  const { id, payload } = useAlert();
  const navigate = useNavigate();
  const open = Boolean(payload && alertMessage(payload));
  // Dismissed or timed out, the store is empty at once while the bar still slides away: it keeps
  // saying what it said (and offering the same buttons) until it is gone, never an empty bar.
  const [last, setLast] = useState(payload);
  if (open && payload !== last) setLast(payload);
  const shown = open ? payload : last;
  const alert = shown ? resolveAlert(shown) : null;
  const openHref = alert?.goToView ? viewHref(alert.goToView) : null;

  return (
    <Snackbar
      key={id}
      open={open}
      autoHideDuration={alert?.timeout ?? null}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') clearAlert();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <SnackbarContent
        role="alert"
        data-testid="alert-banner"
        data-type={alert?.type}
        data-color={alert?.color}
        data-multiline={alert?.multiLine ? 'true' : 'false'}
        message={
          <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
            {alert?.message}
          </Box>
        }
        sx={{
          bgcolor: background(alert?.color ?? 'info'),
          color: '#fff',
          minWidth: { sm: 344 },
          maxWidth: 672,
          // Vuetify's multi-line snackbar: taller, the text wraps beside the actions.
          ...(alert?.multiLine ? { minHeight: 68, flexWrap: 'nowrap' } : {}),
        }}
        action={
          <>
            {openHref ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  clearAlert();
                  navigateToHref(navigate, openHref);
                }}
              >
                Open
              </Button>
            ) : null}
            <Button color="inherit" size="small" onClick={clearAlert}>
              Dismiss
            </Button>
          </>
        }
      />
    </Snackbar>
  );
}

/** `{name}.view` with the id (and the tab), or null when the app has no such view. */
function viewHref({ name, id, tab }: GoToView): string | null {
  const route = `${name}.view`;
  if (!isRouteName(route)) return null;
  try {
    return href(route as 'campaign.view', { id }, tab ? { tab } : undefined);
  } catch {
    return null;
  }
}
