import type { Condition, ConditionCreate } from '@adstudio/contract';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { conditionsApi } from '../../../api/conditions';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { VersionedFormAlerts } from '../../../components/ui/versioned-form-alerts';
import { useVersionedForm } from '../../../lib/use-versioned-form';
import { conditionBody, conditionFormValues } from '../condition-format';
import { ConditionFormFields, useConditionForm } from './condition-form';

/** The condition's form on its page: editable for writers; a stale save offers re-apply. */
export function ConditionDetails({
  condition,
  readOnly,
  allowLeave,
}: {
  condition: Condition;
  readOnly: boolean;
  allowLeave: RefObject<boolean>;
}) {
  const form = useConditionForm(condition);
  const update = conditionsApi.useUpdate();
  const queryClient = useQueryClient();
  const edit = useVersionedForm({
    noun: 'condition',
    item: condition,
    form,
    toValues: conditionFormValues,
    save: (values: ConditionCreate, updatedAt) =>
      update.mutateAsync({
        id: condition.id,
        body: { ...(conditionBody(values) as ConditionCreate), updated_at: updatedAt },
      }),
    fetchLatest: () =>
      queryClient.fetchQuery({ ...conditionsApi.itemQueryOptions(condition.id), staleTime: 0 }),
    savedMessage: 'Condition saved.',
  });

  return (
    <Box>
      <VersionedFormAlerts edit={edit} />
      <ConditionFormFields
        form={form}
        readOnly={readOnly}
        onSubmit={edit.submit}
        submitLabel="Save"
        onCancel={edit.isDirty ? edit.cancel : undefined}
      />
      <UnsavedChangesGuard dirty={edit.isDirty && !readOnly} allowLeave={allowLeave} noun="this condition" />
    </Box>
  );
}
