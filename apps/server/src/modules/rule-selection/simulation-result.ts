import type { RotationOdds, SimulationResult } from '@adstudio/contract';
import { parseJson } from '../../lib/json';
import { type ChosenRule, hasConditions } from './choose-rule';

/** The answer of the simulator: the rule with its content, how it was chosen, why, and its render. */
export const simulationResult = (
  chosen: ChosenRule,
  timeZone: string,
  renderUrl: string | null,
  rotation: RotationOdds | null,
): SimulationResult => ({
  context: {
    date: chosen.context.date,
    time: chosen.context.time,
    weekday: chosen.context.weekday,
    time_zone: timeZone,
  },
  rule: chosen.rule
    ? {
        id: chosen.rule.id,
        unique_id: chosen.rule.unique_id,
        reporting_label: chosen.rule.reporting_label,
        has_conditions: hasConditions(chosen.rule),
        data: parseJson<Record<string, string | number | boolean | null>>(chosen.rule.data, {}),
      }
    : null,
  reason: chosen.selection.reason,
  render_url: renderUrl,
  trace: chosen.selection.trace,
  trace_omitted: chosen.omitted,
  datasources: chosen.datasources,
  rotation,
});
