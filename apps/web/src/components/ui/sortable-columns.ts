import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

/**
 * The columns as the grid shows them: sortable where the server sorts by them; a column that shows
 * a value but cannot be sorted says so in its header's tooltip, instead of ignoring a click.
 */
export function sortableColumns<T extends GridValidRowModel>(
  columns: readonly GridColDef<T>[],
  sorts: readonly string[],
): GridColDef<T>[] {
  return columns.map((column) => {
    const sortable = sorts.includes(column.field);
    if (sortable || column.type === 'actions' || !column.headerName) return { ...column, sortable };
    const why = column.description ?? '';
    return { ...column, sortable, description: why ? `${why} (cannot be sorted)` : 'Cannot be sorted' };
  });
}
