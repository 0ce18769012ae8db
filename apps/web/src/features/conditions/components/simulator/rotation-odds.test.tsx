import type { RotationOdds as Odds, SimulationResult } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { render, tableRows } from '../../../../lib/test-render';
import { RotationOdds } from './rotation-odds';
import { RuleSimulationView } from './rule-simulation-view';

const candidate = (
  rule_id: number,
  reporting_label: string,
  probability: number,
  figures: Partial<Odds['candidates'][number]> = {},
): Odds['candidates'][number] => ({
  rule_id,
  unique_id: `R-${rule_id}`,
  reporting_label,
  probability,
  weight: null,
  impressions: 0,
  clicks: 0,
  conversions: 0,
  ...figures,
});

const odds = (changes: Partial<Odds>): Odds => ({
  rotation: 'even',
  rotation_goal: 'clicks',
  holdout_percent: 0,
  holdout_rule_id: null,
  candidates: [candidate(1, 'Lisbon', 0.5), candidate(2, 'Porto', 0.5)],
  candidates_total: 2,
  ...changes,
});

const header = (container: HTMLElement) =>
  [...container.querySelectorAll('table[aria-label="Candidates"] thead th')].map((cell) => cell.textContent);
const rows = (container: HTMLElement, columns = 6) => tableRows(container, 'rotation-candidate', columns);

describe('the rotation’s candidates', () => {
  it('lists each rule with its probability to one decimal, the control marked', async () => {
    const { container } = await render(
      <RotationOdds
        odds={odds({
          holdout_percent: 10,
          holdout_rule_id: 3,
          candidates: [candidate(1, 'Lisbon', 0.45), candidate(2, '', 0.45), candidate(3, 'Default', 0.1)],
          candidates_total: 3,
        })}
      />,
    );
    expect(container.textContent).toContain('Even rotation: a view here is served one of these 3 rules.');
    expect(header(container)).toEqual(['Rule', 'Probability']);
    expect(rows(container)).toEqual([
      ['Lisbon', '45.0%'],
      ['R-2', '45.0%'],
      ['Default (control, 10 % holdout)', '10.0%'],
    ]);
  });

  it('shows what optimized rotation learns from, and says when not every candidate is listed', async () => {
    const figures = { impressions: 2000, clicks: 30, conversions: 4 };
    const { container } = await render(
      <RotationOdds
        odds={odds({
          rotation: 'optimized',
          rotation_goal: 'conversions',
          candidates: [candidate(1, 'Lisbon', 0.8125, figures), candidate(2, 'Porto', 0.0625)],
          candidates_total: 120,
        })}
      />,
    );
    expect(container.textContent).toContain(
      'Optimized rotation (Thompson sampling on conversions): a view here is served one of 120 rules; the 2 likeliest are listed.',
    );
    expect(header(container)).toEqual(['Rule', 'Probability', 'Impressions', 'Clicks', 'CTR', 'Conversions']);
    expect(rows(container)).toEqual([
      ['Lisbon', '81.3%', '2,000', '30', '1.5%', '4'],
      ['Porto', '6.3%', '0', '0', '—', '0'],
    ]);
  });

  it('shows weighted rotation’s weights, none for a rule without one', async () => {
    const { container } = await render(
      <RotationOdds
        odds={odds({
          rotation: 'weighted',
          candidates: [candidate(1, 'Lisbon', 1, { weight: 3 }), candidate(2, 'Porto', 0)],
        })}
      />,
    );
    expect(container.textContent).toContain('Weighted rotation (by a feed column):');
    expect(header(container)).toEqual(['Rule', 'Probability', 'Weight']);
    expect(rows(container)).toEqual([
      ['Lisbon', '100.0%', '3'],
      ['Porto', '0.0%', '—'],
    ]);
  });

  it('belongs to the simulation result, which shows none without a rotation', async () => {
    const result: SimulationResult = {
      context: { date: '2026-05-02', time: '14:30', weekday: 'sat', time_zone: 'Europe/Paris' },
      rule: { id: 1, unique_id: 'R-1', reporting_label: 'Lisbon', has_conditions: false, data: {} },
      reason: 'matched',
      render_url: null,
      trace: [],
      trace_omitted: 0,
      datasources: [],
      rotation: odds({}),
    };
    const view = await render(<RuleSimulationView result={result} />);
    expect(rows(view.container)).toEqual([
      ['Lisbon', '50.0%'],
      ['Porto', '50.0%'],
    ]);
    await view.rerender(<RuleSimulationView result={{ ...result, rotation: null }} />);
    expect(view.container.querySelector('table[aria-label="Candidates"]')).toBeNull();
  });
});
