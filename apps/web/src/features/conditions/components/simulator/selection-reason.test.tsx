import type { ExternalSimulation, SimulationResult } from '@adstudio/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { render } from '../../../../lib/test-render';
import { outsiderWhy } from './outsider-simulator';
import { RuleSimulationView, selectionReason } from './rule-simulation-view';

const CONTEXT = { date: '2026-05-02', time: '14:30', weekday: 'sat', time_zone: 'Europe/Paris' };
const EVERYONE = { id: 12, unique_id: 'ALL', reporting_label: 'Everyone', data: {} };

const result = (hasConditions: boolean): SimulationResult => ({
  context: CONTEXT,
  rule: { ...EVERYONE, has_conditions: hasConditions },
  reason: 'matched',
  render_url: null,
  trace_omitted: 0,
  trace: [
    {
      rule_id: 12,
      unique_id: 'ALL',
      reporting_label: 'Everyone',
      outcome: 'chosen',
      reason: 'No conditions: it always applies.',
      conditions: [],
    },
  ],
  datasources: [],
  rotation: null,
});

const external = (hasConditions: boolean, reason: ExternalSimulation['reason'] = 'matched') =>
  ({
    context: CONTEXT,
    variant: { rule_id: 12, reporting_label: 'Everyone', has_conditions: hasConditions },
    reason,
    render_url: null,
  }) satisfies ExternalSimulation;

describe('why a rule was chosen', () => {
  it('says a rule without conditions always applies, not that its conditions hold', async () => {
    expect(selectionReason(result(false))).toBe(
      'No conditions: it always applies. It is the first active rule in its dates that matches.',
    );
    expect(selectionReason(result(true))).toBe(
      'Its conditions hold: it is the first active rule in its dates that matches.',
    );
    const { container } = await render(<RuleSimulationView result={result(false)} />, {
      queryClient: new QueryClient(),
    });
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(
      'No conditions: it always applies.',
    );
    expect(container.textContent).not.toContain('Its conditions hold');
  });

  it('tells the shared preview’s viewer the same', () => {
    expect(outsiderWhy(external(false))).toBe('. No conditions: it always applies.');
    expect(outsiderWhy(external(true))).toBe(': its conditions hold for this viewer.');
    // A default chosen after the others failed is a default, conditions or not.
    expect(outsiderWhy(external(false, 'default'))).toBe(
      ': no other variant matches, and it is the default.',
    );
  });
});
