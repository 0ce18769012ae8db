import type { Creative } from '@adstudio/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { creativesApi } from '../../../api/creatives';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { VersionedFormAlerts } from '../../../components/ui/versioned-form-alerts';
import { useVersionedForm } from '../../../lib/use-versioned-form';
import { creativeFormValues } from '../creative-form-values';
import { CreativeFormFields, useCreativeForm } from './creative-form';
import { ReadOnlyFacts } from './read-only-facts';

const toValues = (creative: Creative) => creativeFormValues(creative);

/** The creative's fields; editable for writers, read-only otherwise; a stale save offers re-apply. */
export function DetailsTab({
  creative,
  readOnly,
  allowLeave,
}: {
  creative: Creative;
  readOnly: boolean;
  allowLeave: RefObject<boolean>;
}) {
  const form = useCreativeForm(creative);
  const update = creativesApi.useUpdate({ alertOnError: false });
  const queryClient = useQueryClient();
  const edit = useVersionedForm({
    noun: 'creative',
    item: creative,
    form,
    toValues,
    save: (values, updatedAt) =>
      update.mutateAsync({ id: creative.id, body: { ...values, updated_at: updatedAt } }),
    fetchLatest: () =>
      queryClient.fetchQuery({ ...creativesApi.itemQueryOptions(creative.id), staleTime: 0 }),
    savedMessage: 'Creative saved.',
  });

  return (
    <>
      <VersionedFormAlerts edit={edit} />
      <CreativeFormFields
        form={form}
        readOnly={readOnly}
        creativeId={creative.id}
        onSubmit={edit.submit}
        submitLabel="Save"
        onCancel={edit.isDirty ? edit.cancel : undefined}
      >
        <ReadOnlyFacts creative={creative} />
      </CreativeFormFields>
      <UnsavedChangesGuard dirty={edit.isDirty && !readOnly} allowLeave={allowLeave} noun="this creative" />
    </>
  );
}
