import type { DataSource } from '@adstudio/contract';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { dataSourcesApi } from '../../api/data-sources';
import { Columns, FORM_AND_ASIDE } from '../../components/ui/columns';
import { ItemPage } from '../../components/ui/item-page';
import { PageHeader } from '../../components/ui/page-header';
import { ResourceActions } from '../../components/ui/resource-actions';
import { TitledCard } from '../../components/ui/titled-card';
import { UnsavedChangesGuard } from '../../components/ui/unsaved-changes-guard';
import { VersionedFormAlerts } from '../../components/ui/versioned-form-alerts';
import { href } from '../../config/paths';
import { useCanAccess } from '../../lib/access';
import { useVersionedForm } from '../../lib/use-versioned-form';
import { DataSourceFormFields, useDataSourceForm } from './components/data-source-form';
import { DataSourceState, DataSourceUsedBy } from './components/data-source-state';
import { DataSourceTestPanel } from './components/data-source-test-panel';
import { dataSourceBody, dataSourceFormValues, urlHost } from './data-source-format';

const dataSourceHref = (id: number) => href('datasource.view', { id });

function DataSourceView({ source }: { source: DataSource }) {
  const canWrite = useCanAccess('conditions', 'write');
  const remove = dataSourcesApi.useRemove();
  const update = dataSourcesApi.useUpdate();
  const queryClient = useQueryClient();
  const form = useDataSourceForm(source);
  const edit = useVersionedForm({
    noun: 'data source',
    item: source,
    form,
    toValues: dataSourceFormValues,
    save: (values, updatedAt) =>
      update.mutateAsync({ id: source.id, body: { ...dataSourceBody(values), updated_at: updatedAt } }),
    fetchLatest: () =>
      queryClient.fetchQuery({ ...dataSourcesApi.itemQueryOptions(source.id), staleTime: 0 }),
    savedMessage: 'Data source saved.',
  });
  // The page's own navigation (after delete) skips the unsaved-changes question.
  const allowLeave = useRef(false);

  return (
    <Box>
      <PageHeader
        title={source.name}
        subtitle={`${source.method} ${urlHost(source.url)} · field datasource:${source.id}`}
        actions={
          canWrite ? (
            <ResourceActions
              noun="data source"
              name={source.name}
              onDelete={() => remove.mutateAsync(source.id)}
              viewHref={dataSourceHref}
              overview={href('datasources.view')}
              allowLeave={allowLeave}
              refusalInDialog
            />
          ) : null
        }
      />
      <Columns template={FORM_AND_ASIDE} alignTop>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <TitledCard title="Definition">
            <VersionedFormAlerts edit={edit} />
            <DataSourceFormFields
              form={form}
              readOnly={!canWrite}
              onSubmit={edit.submit}
              submitLabel="Save"
              onCancel={edit.isDirty ? edit.cancel : undefined}
            />
            <UnsavedChangesGuard
              dirty={edit.isDirty && canWrite}
              allowLeave={allowLeave}
              noun="this data source"
            />
          </TitledCard>
          {canWrite ? (
            <TitledCard
              title="Test"
              subheader="Fetches once with the form as it stands; stored header values are used."
            >
              <DataSourceTestPanel form={form} id={source.id} />
            </TitledCard>
          ) : null}
        </Box>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <TitledCard title="Value">
            <DataSourceState source={source} />
          </TitledCard>
          <TitledCard title="Used by">
            <DataSourceUsedBy uses={source.used_by} />
          </TitledCard>
        </Box>
      </Columns>
    </Box>
  );
}

/** One data source: its definition (editable, testable), its value and fetch state, and who reads it. */
export function DataSourceViewPage() {
  return (
    <ItemPage
      section="conditions"
      noun="data source"
      api={dataSourcesApi}
      overview={href('datasources.view')}
      itemRoute="datasource.view"
    >
      {(source) => <DataSourceView source={source} />}
    </ItemPage>
  );
}
