import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';

/** The last cell of a small settings table's row: edit and delete, named after the row's item. */
export function RowActionsCell({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      <IconButton size="small" aria-label={`Edit ${name}`} onClick={onEdit}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={`Delete ${name}`} onClick={onDelete}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </TableCell>
  );
}
