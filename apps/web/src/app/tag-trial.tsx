import type { AdTagListItem, Creative } from '@adstudio/contract';
import { TagTrialPanel } from '../features/ad-tags/components/tag-trial-panel';
import { useDataSourceNames } from '../features/conditions/api/get-data-source-names';
import { RuleSimulationView } from '../features/conditions/components/simulator/rule-simulation-view';
import { SimulatorContextForm } from '../features/conditions/components/simulator/simulator-context-form';

/**
 * The Tags tab's "Try it" for one tag: the ad tags' panel with the conditions simulator's context
 * form and trace, composed here because features never import each other.
 */
export function TagTrial({ creative, tag }: { creative: Creative; tag: AdTagListItem }) {
  const names = useDataSourceNames();
  return (
    <TagTrialPanel
      creative={creative}
      tag={tag}
      contextForm={(onRun) => <SimulatorContextForm onRun={onRun} submitLabel="Try" />}
      trace={(simulation) => <RuleSimulationView result={simulation} names={names} />}
    />
  );
}
