import type { Condition } from '@adstudio/contract';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { conditionsApi } from '../../api/conditions';
import { Columns } from '../../components/ui/columns';
import { ItemPage } from '../../components/ui/item-page';
import { PageHeader } from '../../components/ui/page-header';
import { ResourceActions } from '../../components/ui/resource-actions';
import { TitledCard } from '../../components/ui/titled-card';
import { href } from '../../config/paths';
import { useCanAccess } from '../../lib/access';
import { useDataSourceNames } from './api/get-data-source-names';
import { ConditionDetails } from './components/condition-details';
import { ConditionSimulator } from './components/simulator/condition-simulator';
import { UsedByList } from './components/used-by-list';
import { conditionSummary } from './condition-format';

const conditionHref = (id: number) => href('condition.view', { id });

function ConditionView({ condition }: { condition: Condition }) {
  const canWrite = useCanAccess('conditions', 'write');
  const remove = conditionsApi.useRemove();
  const names = useDataSourceNames();
  const queryClient = useQueryClient();
  // The page's own navigation (after delete) skips the unsaved-changes question.
  const allowLeave = useRef(false);

  return (
    <Box>
      <PageHeader
        title={condition.name}
        subtitle={conditionSummary(condition, names)}
        actions={
          canWrite ? (
            <ResourceActions
              noun="condition"
              name={condition.name}
              onDelete={() =>
                remove.mutateAsync(condition.id).catch((error: unknown) => {
                  // A refusal names the profiles using it now: "Used by" catches up with it.
                  void queryClient.invalidateQueries({ queryKey: conditionsApi.keys.detail(condition.id) });
                  throw error;
                })
              }
              viewHref={conditionHref}
              overview={href('conditions.view')}
              allowLeave={allowLeave}
              refusalInDialog
            />
          ) : null
        }
      />
      <Columns template="minmax(0, 1fr) 340px" from="xl" alignTop sx={{ mb: 3 }}>
        <TitledCard title="Expression">
          <ConditionDetails condition={condition} readOnly={!canWrite} allowLeave={allowLeave} />
        </TitledCard>
        <TitledCard title="Used by">
          <UsedByList uses={condition.used_by} />
        </TitledCard>
      </Columns>
      <TitledCard
        title="Simulator"
        subheader="Try the saved condition on a viewer's context: each predicate says what it read and why it held."
      >
        <ConditionSimulator condition={condition} names={names} />
      </TitledCard>
    </Box>
  );
}

/** One condition: its expression (editable), where it is used, and a simulator. */
export function ConditionViewPage() {
  return (
    <ItemPage section="conditions" noun="condition" api={conditionsApi} overview={href('conditions.view')}>
      {(condition) => <ConditionView condition={condition} />}
    </ItemPage>
  );
}
