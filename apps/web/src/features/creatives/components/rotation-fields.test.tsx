import { WEIGHT_COLUMN_NEEDED } from '@adstudio/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../../lib/api-client';
import { setUser } from '../../../lib/auth';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { testCreative, testUser } from '../../../lib/test-fixtures';
import {
  byText,
  choose,
  cleanup,
  click,
  render,
  testQueryClient,
  type,
  waitFor,
} from '../../../lib/test-render';
import { DetailsTab } from './details-tab';

const creative = testCreative();

let requests: ApiRequest[];
let save: (request: ApiRequest) => ApiResponse;

async function renderDetails() {
  const router = createMemoryRouter([
    {
      path: '*',
      element: <DetailsTab creative={creative} readOnly={false} allowLeave={{ current: false }} />,
    },
  ]);
  return (await render(<RouterProvider router={router} />, { queryClient: testQueryClient() })).container;
}

const select = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
const input = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const puts = () => requests.filter((request) => request.method === 'PUT');
const submit = (container: HTMLElement) => click(byText<HTMLElement>('button', 'Save', container));

describe('the creative’s rotation fields', () => {
  beforeEach(() => {
    save = (request) => answer(200, { data: { ...creative, ...(request.data as object) } });
    requests = recordApi((request) =>
      request.method === 'PUT' ? save(request) : answer(404, { message: 'Not found.' }),
    );
    setUser(testUser(['edit creatives']));
  });
  afterEach(async () => {
    // Unmounted before the user signs out, which would redraw the form.
    await cleanup();
    restoreApi();
    setUser(null);
  });

  it('shows the weight column only for weighted rotation and the goal only for optimized, each mode explained', async () => {
    const container = await renderDetails();
    const rotation = select(container, 'rotation')!;
    expect([...rotation.options].map((option) => option.textContent)).toEqual([
      'First matching rule',
      'Even rotation',
      'Weighted by a feed column',
      'Optimized (Thompson sampling)',
    ]);
    expect(rotation.value).toBe('rules');
    expect(container.textContent).toContain('Each view gets the first rule that matches it, in feed order.');
    expect(input(container, 'rotation_weight_column')).toBeNull();
    expect(select(container, 'rotation_goal')).toBeNull();
    expect(input(container, 'holdout_percent')?.value).toBe('0');
    expect(container.textContent).toContain(
      'Share of views that see the feed’s default rule, as a control to measure lift.',
    );
    expect(input(container, 'click_id_param')?.value).toBe('adstudio_click');

    await choose(rotation, 'optimized');
    expect(select(container, 'rotation_goal')?.value).toBe('clicks');
    expect(input(container, 'rotation_weight_column')).toBeNull();
    expect(container.textContent).toContain('Learns which matching rule performs best');

    await choose(rotation, 'weighted');
    expect(select(container, 'rotation_goal')).toBeNull();
    expect(input(container, 'rotation_weight_column')).not.toBeNull();
  });

  it('asks weighted rotation for its column before saving, then sends the rotation with the version it edited', async () => {
    const container = await renderDetails();
    await choose(select(container, 'rotation')!, 'weighted');
    await submit(container);
    await waitFor(() => container.textContent!.includes(WEIGHT_COLUMN_NEEDED));
    expect(input(container, 'rotation_weight_column')!.getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toEqual([]);

    await type(input(container, 'rotation_weight_column')!, 'Weight');
    await type(input(container, 'holdout_percent')!, '10');
    await type(input(container, 'click_id_param')!, 'cid');
    await submit(container);
    await waitFor(() => puts().length === 1);
    expect(puts()[0]!.url).toBe('/v1/creatives/7');
    expect(puts()[0]!.data).toMatchObject({
      rotation: 'weighted',
      rotation_weight_column: 'Weight',
      rotation_goal: 'clicks',
      holdout_percent: 10,
      click_id_param: 'cid',
      updated_at: creative.updated_at,
    });
  });

  it('checks the holdout’s range, and shows the server’s 422 beside its field', async () => {
    const container = await renderDetails();
    await type(input(container, 'holdout_percent')!, '60');
    await submit(container);
    await waitFor(() => container.textContent!.includes('The holdout may not be greater than 50 %.'));
    expect(puts()).toEqual([]);

    save = () =>
      answer(422, {
        message: 'The click id parameter is reserved.',
        errors: { click_id_param: ['The click id parameter is reserved.'] },
      });
    await type(input(container, 'holdout_percent')!, '5');
    await submit(container);
    await waitFor(() => input(container, 'click_id_param')!.getAttribute('aria-invalid') === 'true');
    expect(container.textContent).toContain('The click id parameter is reserved.');
  });
});
