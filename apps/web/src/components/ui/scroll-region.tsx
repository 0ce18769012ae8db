import TableContainer, { type TableContainerProps } from '@mui/material/TableContainer';

/**
 * A table's scrolling container, reachable by keyboard: a named region in the tab order, so someone
 * without a mouse can scroll a table wider than the screen (axe scrollable-region-focusable). Every
 * table that may scroll sideways sits in one.
 */
export function ScrollRegion({ label, ...props }: TableContainerProps & { label: string }) {
  return <TableContainer role="region" aria-label={label} tabIndex={0} {...props} />;
}
