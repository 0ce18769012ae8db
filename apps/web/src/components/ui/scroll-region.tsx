import Table, { type TableProps } from '@mui/material/Table';
import TableContainer, { type TableContainerProps } from '@mui/material/TableContainer';

/**
 * A table's scrolling container, reachable by keyboard: a named region in the tab order, so someone
 * without a mouse can scroll a table wider than the screen (axe scrollable-region-focusable). Every
 * table that may scroll sideways sits in one.
 */
export function ScrollRegion({ label, sx, ...props }: TableContainerProps & { label: string }) {
  return (
    <TableContainer
      role="region"
      aria-label={label}
      tabIndex={0}
      // The containing block of what is positioned inside (a visually hidden header): without it,
      // that escapes the clipping and widens the page (a 390 px phone scrolled 273 px sideways).
      sx={[{ position: 'relative' }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
    />
  );
}

/**
 * The app's table: small, named, and wider than a phone only inside its own scroll region, so the
 * page itself never scrolls sideways. Every table of the app is one (a test keeps it so).
 */
export function ScrollTable({ label, ...props }: TableProps & { label: string }) {
  return (
    <ScrollRegion label={`${label} table`}>
      <Table size="small" aria-label={label} {...props} />
    </ScrollRegion>
  );
}
