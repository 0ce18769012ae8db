import { type MediaEntity, MediaEntityCreateSchema } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { ActionsTableHead } from '../../../components/ui/actions-table-head';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FilterField } from '../../../components/ui/filter-field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { QueryView } from '../../../components/ui/query-view';
import { RowActionsCell } from '../../../components/ui/row-actions';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { EmptyState } from '../../../components/ui/states';
import { TitledCard } from '../../../components/ui/titled-card';
import { showAlert } from '../../../lib/alert';
import { useCreateMediaEntity } from '../api/create-media-entity';
import { useDeleteMediaEntity } from '../api/delete-media-entity';
import { publishersQuery, useMediaEntities } from '../api/get-media-entities';
import { useUpdateMediaEntity } from '../api/update-media-entity';
import { noPublishersText, publisherContact, publisherFormValues } from '../publisher-format';

/** Publishers (admins): who approves creatives, with the contact an approval link goes to. */
export function PublishersCard() {
  const [filter, setFilter] = useState('');
  const publishers = useMediaEntities(publishersQuery(filter));
  const remove = useDeleteMediaEntity();
  const [editing, setEditing] = useState<{ publisher: MediaEntity | null } | null>(null);
  const [deleting, setDeleting] = useState<MediaEntity | null>(null);
  const add = () => setEditing({ publisher: null });

  const confirmDelete = () => {
    if (!deleting) return;
    const { id, name } = deleting;
    // A refusal (the publisher has approvals) reaches the user through the global error alert.
    remove.mutate(id, {
      onSuccess: () => showAlert({ status: 200, data: { message: `Publisher "${name}" deleted.` } }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <TitledCard
      title="Publishers"
      subheader="The media entities that approve creatives, and whom to contact there."
      action={
        <Button startIcon={<AddIcon />} onClick={add}>
          New publisher
        </Button>
      }
    >
      <FilterField
        noun="publishers"
        filter={filter}
        placeholder="Name or domain"
        focusFilter={false}
        onFilter={(text) => setFilter(text)}
        sx={{ mb: 2, minWidth: { xs: '100%', sm: 260 } }}
      />
      <QueryView
        query={publishers}
        pending="Loading publishers…"
        error="The publishers could not be loaded."
        isEmpty={(page) => page.data.length === 0}
        empty={
          <EmptyState title={noPublishersText(filter)}>
            {filter ? null : (
              <Button startIcon={<AddIcon />} onClick={add}>
                Add the first publisher
              </Button>
            )}
          </EmptyState>
        }
      >
        {(page) => (
          <ScrollTable label="Publishers">
            <ActionsTableHead columns={['Name', 'Domain', 'Contact']} />
            <TableBody>
              {page.data.map((publisher) => (
                <TableRow key={publisher.id}>
                  <TableCell sx={{ fontWeight: 500 }}>{publisher.name}</TableCell>
                  <TableCell>{publisher.domain ?? '—'}</TableCell>
                  <TableCell>{publisherContact(publisher)}</TableCell>
                  <RowActionsCell
                    name={publisher.name}
                    onEdit={() => setEditing({ publisher })}
                    onDelete={() => setDeleting(publisher)}
                  />
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </QueryView>
      <FormDialog
        open={editing !== null}
        item={editing?.publisher ?? null}
        onClose={() => setEditing(null)}
        noun="publisher"
        schema={MediaEntityCreateSchema}
        values={publisherFormValues}
        useCreate={useCreateMediaEntity}
        useUpdate={useUpdateMediaEntity}
      >
        {({ control }) => (
          <>
            <FormTextField control={control} name="name" label="Name" required autoFocus />
            <FormTextField
              control={control}
              name="domain"
              label="Domain"
              hint="The publisher's host name, e.g. news.example.com."
            />
            <FormTextField control={control} name="contact_name" label="Contact name" autoComplete="off" />
            <FormTextField
              control={control}
              name="contact_email"
              label="Contact email"
              type="email"
              autoComplete="off"
            />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this publisher?"
        message={`"${deleting?.name ?? ''}" will be deleted. A publisher whose approvals are still shown on a campaign cannot be deleted.`}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </TitledCard>
  );
}
