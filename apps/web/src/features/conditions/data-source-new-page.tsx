import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useRef } from 'react';
import { dataSourcesApi } from '../../api/data-sources';
import { Columns, FORM_AND_ASIDE } from '../../components/ui/columns';
import { PageHeader } from '../../components/ui/page-header';
import { TitledCard } from '../../components/ui/titled-card';
import { UnsavedChangesGuard } from '../../components/ui/unsaved-changes-guard';
import { useCanAccess } from '../../lib/access';
import { alertFromError, showAlert } from '../../lib/alert';
import { isSessionExpiredError } from '../../lib/api-client';
import { showServerErrors } from '../../lib/form-errors';
import { useNavigateTo } from '../../lib/use-navigate-to';
import { DataSourceFormFields, useDataSourceForm } from './components/data-source-form';
import { DataSourceTestPanel } from './components/data-source-test-panel';
import { type DataSourceFormValues, dataSourceBody } from './data-source-format';

/** A new data source, which can be tested before it is saved. */
export function DataSourceNewPage() {
  const canWrite = useCanAccess('conditions', 'write');
  const form = useDataSourceForm();
  const create = dataSourcesApi.useCreate();
  const go = useNavigateTo();
  const allowLeave = useRef(false);

  const submit = (values: DataSourceFormValues) =>
    create.mutateAsync(dataSourceBody(values)).then(
      (source) => {
        showAlert({ status: 200, data: { message: 'Data source created.' } });
        allowLeave.current = true;
        go('datasource.view', { id: source.id });
      },
      (error: unknown) => {
        if (!showServerErrors(form, error) && !isSessionExpiredError(error)) showAlert(alertFromError(error));
      },
    );

  return (
    <Box>
      <PageHeader
        title="New data source"
        subtitle="An HTTP endpoint whose answer conditions can compare (datasource:<id>), fetched on a schedule."
      />
      {canWrite ? (
        <Columns template={FORM_AND_ASIDE} alignTop>
          <TitledCard title="Definition">
            <DataSourceFormFields
              form={form}
              readOnly={false}
              onSubmit={submit}
              submitLabel="Create data source"
              onCancel={() => go('datasources.view')}
            />
            <UnsavedChangesGuard
              dirty={form.formState.isDirty}
              allowLeave={allowLeave}
              noun="this data source"
            />
          </TitledCard>
          <TitledCard title="Test" subheader="Fetches once with the definition as it stands, unsaved.">
            <DataSourceTestPanel form={form} />
          </TitledCard>
        </Columns>
      ) : (
        <Alert severity="info">You may view data sources but not create them.</Alert>
      )}
    </Box>
  );
}
