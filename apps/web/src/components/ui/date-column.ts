import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { formatDate } from '../../lib/format';

/** A list's column of a date (updated, deleted): the day, sorted by `field` on the server when it is a sort key. */
export const dateColumn = <T extends GridValidRowModel>(
  field: string,
  headerName: string,
): GridColDef<T> => ({
  field,
  headerName,
  width: 130,
  valueFormatter: (value: string | null) => formatDate(value),
});
