import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { showAlert } from '../../lib/alert';
import { ActionsTableHead } from './actions-table-head';
import { ConfirmDialog } from './confirm-dialog';
import { FormDialog, type FormDialogProps } from './form-dialog';
import { QueryView } from './query-view';
import { RowActionsCell } from './row-actions';
import { ScrollTable } from './scroll-region';
import { TitledCard } from './titled-card';

interface Item {
  id: number;
  name: string;
  updated_at: string;
}

/** A column of the card's table; the first is the item's name, set in bold. */
export interface ResourceColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
  /** The cell's tooltip, when the cell abbreviates (a template's columns). */
  title?: (item: T) => string;
}

export interface ResourceCardProps<T extends Item, L, I extends FieldValues, O> {
  title: string;
  subheader: string;
  /** "publisher": "New publisher", "Edit publisher Acme", "Delete this publisher?", "Publisher "Acme" deleted." */
  noun: string;
  query: UseQueryResult<L>;
  /** The items of the query's answer (a page's `data`, or the list itself). */
  items: (list: L) => readonly T[];
  pending: string;
  error: string;
  /** What shows without items; `add` opens the new item's dialog. */
  empty: (add: () => void) => ReactNode;
  /** Above the table (a filter). */
  above?: ReactNode;
  columns: readonly ResourceColumn<T>[];
  /** The create/edit dialog's form: the contract's schema, starting values, mutations and fields. */
  form: Pick<
    FormDialogProps<T, I, O>,
    'schema' | 'values' | 'useCreate' | 'useUpdate' | 'maxWidth' | 'children'
  >;
  remove: {
    mutate: (id: number, options: { onSuccess: () => void; onSettled: () => void }) => void;
    isPending: boolean;
  };
  /** The confirmation's text: what deleting does, and what refuses it. */
  deleteMessage: (item: T) => string;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A settings resource (publishers, profile templates): a titled card with its table, an edit and a
 * delete per row, one create/edit dialog and a confirmation before deleting. A refusal to delete
 * reaches the user through the global error alert.
 */
export function ResourceCard<T extends Item, L, I extends FieldValues, O>({
  title,
  subheader,
  noun,
  query,
  items,
  pending,
  error,
  empty,
  above,
  columns,
  form,
  remove,
  deleteMessage,
}: ResourceCardProps<T, L, I, O>) {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const add = () => setEditing({ item: null });
  // The confirmation keeps naming the item while it closes.
  const lastDeleting = useRef<T | null>(null);
  if (deleting) lastDeleting.current = deleting;

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, name } = deleting;
    remove.mutate(id, {
      onSuccess: () =>
        showAlert({ status: 200, data: { message: `${capitalized(noun)} "${name}" deleted.` } }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <TitledCard
      title={title}
      subheader={subheader}
      action={
        <Button startIcon={<AddIcon />} onClick={add}>
          New {noun}
        </Button>
      }
    >
      {above}
      <QueryView
        query={query}
        pending={pending}
        error={error}
        isEmpty={(list) => items(list).length === 0}
        empty={empty(add)}
      >
        {(list) => (
          <ScrollTable label={title}>
            <ActionsTableHead columns={columns.map((column) => column.header)} />
            <TableBody>
              {items(list).map((item) => (
                <TableRow key={item.id}>
                  {columns.map((column, index) => (
                    <TableCell
                      key={column.header}
                      title={column.title?.(item)}
                      sx={index === 0 ? { fontWeight: 500 } : undefined}
                    >
                      {column.cell(item)}
                    </TableCell>
                  ))}
                  <RowActionsCell
                    name={item.name}
                    onEdit={() => setEditing({ item })}
                    onDelete={() => setDeleting(item)}
                  />
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </QueryView>
      <FormDialog
        {...form}
        open={editing !== null}
        item={editing?.item ?? null}
        onClose={() => setEditing(null)}
        noun={noun}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete this ${noun}?`}
        message={lastDeleting.current ? deleteMessage(lastDeleting.current) : ''}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </TitledCard>
  );
}
