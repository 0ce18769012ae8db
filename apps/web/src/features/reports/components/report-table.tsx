import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { EmptyState } from '../../../components/ui/states';
import { nextSort, type SortState, sortRows } from '../report-sort';
import { ExportCsvButton } from './export-csv-button';

export interface ReportColumn<R> {
  id: string;
  label: string;
  /** Figures are right-aligned and sort high-to-low first. */
  numeric?: boolean;
  /** What the column sorts by. */
  value: (row: R) => string | number;
  /** What the cell shows; the value when absent. */
  render?: (row: R) => ReactNode;
}

const FIRST_PAGE = 25;
const PAGE_SIZES = [FIRST_PAGE, 50, 100];

/** On a phone the table scrolls sideways rather than breaking names into a word a line. */
const cellSx = (column: { numeric?: boolean | undefined }) =>
  column.numeric ? { whiteSpace: 'nowrap' } : { minWidth: 180 };

/**
 * A titled report table, sortable by every column (the sort labels are buttons, so Tab and Enter
 * reach them), paged past 25 rows, with an "Export CSV" of all its rows in the order shown.
 */
export function ReportTable<R>({
  title,
  headingLevel,
  columns,
  rows,
  rowKey,
  defaultSort,
  onExport,
  footer,
  empty,
}: {
  title: string;
  headingLevel: 2 | 3;
  columns: readonly ReportColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  defaultSort: SortState;
  onExport: (sorted: R[]) => void;
  footer?: ReactNode;
  /** What shows instead of the table when it has no rows (the table's headings otherwise). */
  empty?: string;
}) {
  const headingId = useId();
  const [sort, setSort] = useState(defaultSort);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(FIRST_PAGE);
  const column = columns.find((item) => item.id === sort.by) ?? columns[0];
  const sorted = useMemo(
    () => (column ? sortRows(rows, column.value, sort.direction) : [...rows]),
    [rows, column, sort.direction],
  );
  const paged = sorted.length > FIRST_PAGE;
  const shown = paged ? sorted.slice(page * pageSize, (page + 1) * pageSize) : sorted;

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', p: 2, pb: 1 }}>
        <Typography id={headingId} variant="h3" component={`h${headingLevel}`} sx={{ flex: 1 }}>
          {title}
        </Typography>
        <ExportCsvButton title={title} empty={rows.length === 0} onExport={() => onExport(sorted)} />
      </Box>
      {empty && rows.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        // Wider than a phone: it scrolls sideways in its own box, which the keyboard can reach.
        <ScrollTable label={title}>
          <TableHead>
            <TableRow>
              {columns.map((item) => {
                const active = item.id === sort.by;
                return (
                  <TableCell
                    key={item.id}
                    align={item.numeric ? 'right' : 'left'}
                    sx={cellSx(item)}
                    sortDirection={active ? sort.direction : false}
                  >
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.direction : item.numeric ? 'desc' : 'asc'}
                      onClick={() => {
                        setSort((current) => nextSort(current, item.id, Boolean(item.numeric)));
                        setPage(0);
                      }}
                    >
                      {item.label}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((item) => (
                  <TableCell key={item.id} align={item.numeric ? 'right' : 'left'} sx={cellSx(item)}>
                    {item.render ? item.render(row) : item.value(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
      {paged ? (
        <TablePagination
          component="div"
          count={sorted.length}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      ) : null}
      {footer ? <Box sx={{ px: 2, pb: 1.5, pt: paged ? 0 : 1 }}>{footer}</Box> : null}
    </Paper>
  );
}
