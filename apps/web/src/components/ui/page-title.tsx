import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useFocusWhenShown, usePageTitleFocus } from '../../lib/page-focus';

/** A heading given focus by the app: a ring only when the user was on the keyboard. */
const headingFocusSx = {
  '&:focus': { outline: 'none' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

/**
 * A screen's h1. After a page change it takes focus (lib/page-focus.tsx); programmatic focus shows a
 * ring only when the user was on the keyboard (`:focus-visible`), so a click does not make it jump.
 */
export function PageTitle({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  const ref = usePageTitleFocus<HTMLHeadingElement>();
  return (
    <Typography
      ref={ref}
      variant="h1"
      component="h1"
      tabIndex={-1}
      sx={[headingFocusSx, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Typography>
  );
}

/**
 * A panel's h2 that takes focus when the user opens it in place of another view of the page ("Try
 * it" under a tag's row), as a new page's title does.
 */
export function ShownHeading({ id, children, sx }: { id: string; children: ReactNode; sx?: SxProps<Theme> }) {
  const ref = useFocusWhenShown<HTMLHeadingElement>();
  return (
    <Typography
      ref={ref}
      id={id}
      variant="h3"
      component="h2"
      tabIndex={-1}
      sx={[headingFocusSx, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {children}
    </Typography>
  );
}
