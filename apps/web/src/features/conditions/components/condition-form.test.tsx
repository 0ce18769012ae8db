import type { ConditionCreate, SimulationResult } from '@adstudio/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { showServerErrors } from '../../../lib/form-errors';
import { byLabel, byText, click, render, type } from '../../../lib/test-render';
import { type ConditionForm, ConditionFormFields, useConditionForm } from './condition-form';
import { RuleSimulationView } from './simulator/rule-simulation-view';

let container: HTMLElement;
let queryClient: QueryClient;

const renderWithClient = async (ui: ReactNode) => {
  ({ container } = await render(ui, { queryClient }));
};

const group = (name: string) => byLabel('[role="group"]', name, container);
const button = (text: string) => byText<HTMLButtonElement>('button', text, container);

let form: ConditionForm | undefined;
function Harness({ onSubmit }: { onSubmit: (values: ConditionCreate) => Promise<unknown> }) {
  form = useConditionForm();
  return (
    <ConditionFormFields form={form} readOnly={false} onSubmit={onSubmit} submitLabel="Create condition" />
  );
}

describe('the condition form', () => {
  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  });
  afterEach(() => {
    form = undefined;
  });

  it('offers weekday chips for a weekday field and sends the days chosen', async () => {
    const onSubmit = vi.fn(async (_values: ConditionCreate) => {});
    await renderWithClient(<Harness onSubmit={onSubmit} />);
    await act(async () => {
      form?.setValue('name', 'Weekend');
      form?.setValue('predicates.0', { field: 'weekday', operator: 'in', value: [] });
    });
    const chips = group('Predicate 1')?.querySelectorAll('button[aria-pressed]') ?? [];
    expect([...chips].map((chip) => chip.textContent)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    await click(chips[6] as HTMLElement);
    const saturday = group('Predicate 1')?.querySelectorAll<HTMLElement>('button[aria-pressed]')[5];
    await click(saturday);
    expect(group('Predicate 1')?.querySelectorAll('button[aria-pressed="true"]')).toHaveLength(2);

    await click(button('Create condition'));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Weekend',
      logic: 'all',
      predicates: [{ field: 'weekday', operator: 'in', value: ['sat', 'sun'] }],
    });
  });

  it('checks a between before sending, and shows the message on its row', async () => {
    const onSubmit = vi.fn(async () => {});
    await renderWithClient(<Harness onSubmit={onSubmit} />);
    await act(async () => {
      form?.setValue('name', 'Office hours');
      form?.setValue('predicates.0', { field: 'time', operator: 'between', value: ['18:00', '09:00'] });
    });
    await click(button('Create condition'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(group('Predicate 1')?.textContent).toContain(
      'The first value of between must not be after the second.',
    );
  });

  it('puts a server 422 next to the row it names', async () => {
    await renderWithClient(<Harness onSubmit={async () => {}} />);
    const error = new ApiError(
      'Unprocessable',
      'ERR_BAD_REQUEST',
      { method: 'POST', url: '/v1/conditions' },
      {
        status: 422,
        statusText: 'Unprocessable Content',
        data: {
          message: 'The data source does not exist.',
          errors: { 'predicates.0.field': ['The data source does not exist.'] },
        },
        headers: {},
      },
    );
    await act(async () => {
      form?.setValue('predicates.0', { field: 'region', operator: 'eq', value: 'Bavaria' });
    });
    await act(async () => {
      if (form) showServerErrors(form, error);
    });
    expect(group('Predicate 1')?.textContent).toContain('The data source does not exist.');
  });

  it('moves and removes rows with buttons', async () => {
    await renderWithClient(<Harness onSubmit={async () => {}} />);
    await act(async () => {
      form?.setValue('predicates', [
        { field: 'country', operator: 'eq', value: 'FR' },
        { field: 'device', operator: 'eq', value: 'mobile' },
      ]);
    });
    const down = container.querySelector<HTMLElement>('[aria-label="Move predicate 1 down"]');
    await click(down);
    expect(form?.getValues('predicates').map((predicate) => predicate.field)).toEqual(['device', 'country']);
    await click(container.querySelector<HTMLElement>('[aria-label="Remove predicate 1"]'));
    expect(form?.getValues('predicates').map((predicate) => predicate.field)).toEqual(['country']);
  });
  it('offers the regions of the countries the condition names, found by name or ISO 3166-2 code', async () => {
    // The region list is no request to the API: this client runs it.
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const onSubmit = vi.fn(async (_values: ConditionCreate) => {});
    await renderWithClient(<Harness onSubmit={onSubmit} />);
    await act(async () => {
      form?.setValue('name', 'Paris region');
      form?.setValue('predicates', [
        { field: 'country', operator: 'in', value: ['FR', 'BE'] },
        { field: 'region', operator: 'eq', value: '' },
      ]);
    });
    expect(group('Predicate 2')?.textContent).toContain('Regions of FR, BE; any other name can be typed.');
    const input = group('Predicate 2')!.querySelector<HTMLInputElement>('input[aria-autocomplete="list"]')!;
    const options = () => [...document.querySelectorAll('[role="listbox"] [role="option"]')];

    await type(input, 'IDF');
    // The list arrives with a render of its own once the query settles.
    await vi.waitFor(() =>
      expect(options().map((option) => option.textContent)).toEqual(['Île-de-FranceFR-IDF · France']),
    );
    await type(input, 'ile de');
    expect(options().map((option) => option.textContent)).toEqual(['Île-de-FranceFR-IDF · France']);
    // Only the countries named: a German Land is not offered, Flemish and Walloon regions are.
    await type(input, 'Bayern');
    expect(options()).toHaveLength(0);
    await type(input, 'wallon');
    expect(options().map((option) => option.textContent)).toEqual(['WalloniaBE-WAL · Belgium']);
    await type(input, 'IDF');
    await click(options()[0] as HTMLElement);
    await click(button('Create condition'));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Paris region',
      logic: 'all',
      predicates: [
        { field: 'country', operator: 'in', value: ['FR', 'BE'] },
        { field: 'region', operator: 'eq', value: 'Île-de-France' },
      ],
    });
    // Loads the 4,000-region list (its own chunk): on a loaded machine that takes more than the default 5 s.
  }, 30_000);
});

describe('the rule simulation', () => {
  beforeEach(() => {
    queryClient = new QueryClient();
  });

  it('shows the winning rule, its content and every rule tried', async () => {
    const result: SimulationResult = {
      context: { date: '2026-05-02', time: '14:30', weekday: 'sat', time_zone: 'Europe/Paris' },
      rule: {
        id: 12,
        unique_id: 'SKU-2',
        reporting_label: 'Weekend offer',
        has_conditions: true,
        data: { Headline: 'Sale!', Price: 9.5 },
      },
      reason: 'matched',
      render_url: null,
      trace_omitted: 0,
      trace: [
        {
          rule_id: 11,
          unique_id: 'SKU-1',
          reporting_label: 'Weekday offer',
          outcome: 'conditions_failed',
          reason: 'Condition Weekdays does not hold.',
          conditions: [
            {
              id: 4,
              name: 'Weekdays',
              holds: false,
              predicates: [
                {
                  field: 'weekday',
                  operator: 'in',
                  value: ['mon', 'tue'],
                  actual: 'sat',
                  holds: false,
                  reason: 'The weekday is sat: "in mon, tue" does not hold.',
                },
              ],
            },
          ],
        },
        {
          rule_id: 12,
          unique_id: 'SKU-2',
          reporting_label: 'Weekend offer',
          outcome: 'chosen',
          reason: 'Active.',
          conditions: [],
        },
      ],
      datasources: [{ id: 3, name: 'Weather', value: 25, source: 'override' }],
      rotation: null,
    };
    await renderWithClient(<RuleSimulationView result={result} />);
    expect(container.textContent).toContain('Weekend offer');
    expect(container.textContent).toContain('(SKU-2)');
    expect(container.textContent).toContain('Evaluated for Sat 02/05/2026 14:30 (Europe/Paris)');
    const content = container.querySelector('table[aria-label="Dynamic content"]');
    expect([...(content?.querySelectorAll('tr') ?? [])].map((row) => row.textContent)).toEqual([
      'HeadlineSale!',
      'Price9.5',
    ]);
    const tried = container.querySelectorAll('ol[aria-label="Rules tried"] > li');
    expect([...tried].map((item) => item.querySelector('.MuiChip-label')?.textContent)).toEqual([
      'Conditions failed',
      'Chosen',
    ]);
    expect(container.textContent).toContain('weekday is one of mon, tue');
    expect(container.textContent).toContain('Override');
  });
});
