import type { ConditionCreate } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useRef } from 'react';
import { conditionsApi } from '../../api/conditions';
import { PageHeader } from '../../components/ui/page-header';
import { UnsavedChangesGuard } from '../../components/ui/unsaved-changes-guard';
import { useCanAccess } from '../../lib/access';
import { alertFromError, showAlert } from '../../lib/alert';
import { isSessionExpiredError } from '../../lib/api-client';
import { showServerErrors } from '../../lib/form-errors';
import { useNavigateTo } from '../../lib/use-navigate-to';
import { ConditionFormFields, useConditionForm } from './components/condition-form';
import { conditionBody } from './condition-format';

/** A new condition: a name and the predicates that must hold (all or any). */
export function ConditionNewPage() {
  const canWrite = useCanAccess('conditions', 'write');
  const form = useConditionForm();
  const create = conditionsApi.useCreate();
  const go = useNavigateTo();
  const allowLeave = useRef(false);

  const submit = (values: ConditionCreate) =>
    create.mutateAsync(conditionBody(values) as ConditionCreate).then(
      (condition) => {
        showAlert({ status: 200, data: { message: 'Condition created.' } });
        allowLeave.current = true;
        go('condition.view', { id: condition.id });
      },
      (error: unknown) => {
        // Field messages go next to their inputs; anything else (a network failure) to the banner.
        if (!showServerErrors(form, error) && !isSessionExpiredError(error)) showAlert(alertFromError(error));
      },
    );

  return (
    <Box>
      <PageHeader
        title="New condition"
        subtitle="Rules of a feed name conditions; a rule is shown only when its conditions hold."
      />
      {canWrite ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <ConditionFormFields
            form={form}
            readOnly={false}
            onSubmit={submit}
            submitLabel="Create condition"
            onCancel={() => go('conditions.view')}
          />
          <UnsavedChangesGuard dirty={form.formState.isDirty} allowLeave={allowLeave} noun="this condition" />
        </Paper>
      ) : (
        <Alert severity="info">You may view conditions but not create them.</Alert>
      )}
    </Box>
  );
}
