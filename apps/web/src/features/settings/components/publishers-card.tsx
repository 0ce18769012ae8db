import { MediaEntityCreateSchema } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { mediaEntitiesApi, publishersQuery } from '../../../api/media-entities';
import { FilterField } from '../../../components/ui/filter-field';
import { FormTextField } from '../../../components/ui/form-text-field';
import { ResourceCard } from '../../../components/ui/resource-card';
import { EmptyState } from '../../../components/ui/states';
import { noPublishersText, publisherContact, publisherFormValues } from '../publisher-format';

/** Publishers (admins): who approves creatives, with the contact an approval link goes to. */
export function PublishersCard() {
  const [filter, setFilter] = useState('');
  return (
    <ResourceCard
      title="Publishers"
      subheader="The media entities that approve creatives, and whom to contact there."
      noun="publisher"
      query={mediaEntitiesApi.useList(publishersQuery(filter))}
      items={(page) => page.data}
      pending="Loading publishers…"
      error="The publishers could not be loaded."
      empty={(add) => (
        <EmptyState title={noPublishersText(filter)}>
          {filter ? null : (
            <Button startIcon={<AddIcon />} onClick={add}>
              Add the first publisher
            </Button>
          )}
        </EmptyState>
      )}
      above={
        <FilterField
          noun="publishers"
          filter={filter}
          placeholder="Name or domain"
          focusFilter={false}
          onFilter={(text) => setFilter(text)}
          sx={{ mb: 2, minWidth: { xs: '100%', sm: 260 } }}
        />
      }
      columns={[
        { header: 'Name', cell: (publisher) => publisher.name },
        { header: 'Domain', cell: (publisher) => publisher.domain ?? '—' },
        { header: 'Contact', cell: publisherContact },
      ]}
      form={{
        schema: MediaEntityCreateSchema,
        values: publisherFormValues,
        useCreate: mediaEntitiesApi.useCreate,
        useUpdate: mediaEntitiesApi.useUpdate,
        children: ({ control }) => (
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
        ),
      }}
      remove={mediaEntitiesApi.useRemove()}
      deleteMessage={(publisher) =>
        `"${publisher.name}" will be deleted. A publisher whose approvals are still shown on a campaign cannot be deleted.`
      }
    />
  );
}
