import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from './shared-link';

/** A table's header of named columns and a last, right-aligned one of row actions, named for screen readers only. */
export function ActionsTableHead({ columns }: { columns: readonly string[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column}>{column}</TableCell>
        ))}
        <TableCell align="right">
          <Box component="span" sx={visuallyHidden}>
            Actions
          </Box>
        </TableCell>
      </TableRow>
    </TableHead>
  );
}
