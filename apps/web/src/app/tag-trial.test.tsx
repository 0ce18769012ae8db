import {
  type AdTagListItem,
  type Creative,
  type RotationOdds,
  type SimulationResult,
  TAG_TRIAL_MESSAGES,
  type TagTrial as Trial,
} from '@adstudio/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdTagsTab } from '../features/ad-tags/components/ad-tags-tab';
import type { ApiRequest, ApiResponse } from '../lib/api-client';
import { setUser } from '../lib/auth';
import { answer, recordApi, restoreApi } from '../lib/stub-api';
import { onePage, testUser } from '../lib/test-fixtures';
import { byLabel, byText, cleanup, click, renderLoaded, tableRows, waitFor } from '../lib/test-render';
import { TagTrial } from './tag-trial';

const creative = { id: 12, name: 'Skyway MPU', width: 300, height: 250 } as Creative;

const tag = (changes: Partial<AdTagListItem>): AdTagListItem => ({
  id: 1,
  name: 'Homepage MPU',
  media_entity_id: null,
  token: 'tok1',
  ad_server: 'gam',
  serve_url: 'https://render.example/serve/tok1',
  js: '<script src="https://render.example/serve/tok1.js"></script>',
  iframe: '<iframe src="https://render.example/serve/tok1"></iframe>',
  created_at: '2026-11-20T10:00:00.000Z',
  revoked_at: null,
  media_entity_name: null,
  impressions_7d: 0,
  clicks_7d: 0,
  ...changes,
});
const HOME = tag({});
const OLD = tag({ id: 3, name: 'Old slot', revoked_at: '2026-11-25T10:00:00.000Z' });

const LISBON = { id: 7, unique_id: 'DEST-003', reporting_label: 'Lisbon – from 149' };
const simulation: SimulationResult = {
  context: { date: '2026-12-01', time: '10:00', weekday: 'tue', time_zone: 'Europe/Brussels' },
  rule: { ...LISBON, has_conditions: true, data: { Headline: 'Pastel de nata and tram 28' } },
  reason: 'matched',
  render_url: 'https://render.example/r/simulated',
  trace: [
    {
      rule_id: 5,
      unique_id: 'DEST-001',
      reporting_label: 'Marrakesh – from 219',
      outcome: 'conditions_failed',
      reason: 'Its conditions do not hold.',
      conditions: [],
    },
    { rule_id: 7, ...LISBON, outcome: 'chosen', reason: 'Its conditions hold.', conditions: [] },
  ],
  trace_omitted: 0,
  datasources: [],
  rotation: null,
};
const SERVED: Trial = {
  serves: 'variant',
  because: 'served',
  rule_id: 7,
  render_url: 'https://render.example/r/tagged',
  simulation,
};
const candidate = (
  rule: { id: number; unique_id: string; reporting_label: string },
  probability: number,
): RotationOdds['candidates'][number] => ({
  rule_id: rule.id,
  unique_id: rule.unique_id,
  reporting_label: rule.reporting_label,
  probability,
  weight: null,
  impressions: 4000,
  clicks: 48,
  conversions: 0,
});
const PORTO = { id: 9, unique_id: 'DEST-009', reporting_label: 'Porto – from 99' };
const ANYWHERE = { id: 1, unique_id: 'DEST-000', reporting_label: 'Anywhere' };
/** Optimized rotation with a holdout: the tag plays Porto, though Lisbon is the first rule that matches. */
const ROTATED: Trial = {
  ...SERVED,
  rule_id: PORTO.id,
  simulation: {
    ...simulation,
    rotation: {
      rotation: 'optimized',
      rotation_goal: 'clicks',
      holdout_percent: 20,
      holdout_rule_id: ANYWHERE.id,
      candidates: [candidate(PORTO, 0.6), candidate(LISBON, 0.2), candidate(ANYWHERE, 0.2)],
      candidates_total: 3,
    },
  },
};
const FALLBACK: Trial = {
  serves: 'fallback',
  because: 'not_live',
  rule_id: null,
  render_url: null,
  simulation: null,
};

const reader = testUser(['qa']);

const NO_SOURCES = onePage([], 1000);

let requests: ApiRequest[];
let trial: () => ApiResponse;

async function renderTab() {
  const tab = <AdTagsTab creative={creative} tryIt={(item) => <TagTrial creative={creative} tag={item} />} />;
  return (await renderLoaded(tab, 'Loading tags')).container;
}

const tryButton = () => byText<HTMLButtonElement>('button', 'Try', document.querySelector('form')!);
const panel = () => document.querySelector<HTMLElement>('#ad-tag-trial');

describe('“Try it” in the tags tab', () => {
  beforeEach(() => {
    trial = () => answer(200, { data: SERVED });
    requests = recordApi((request) => {
      if (request.url.endsWith('/try')) return trial();
      // The trace names data sources: the conditions' list of them.
      if (request.url.startsWith('/v1/datasource/')) return answer(200, NO_SOURCES);
      return answer(200, { data: [HOME, OLD] });
    });
    setUser(reader);
  });
  afterEach(async () => {
    // Unmounted before the user signs out, which would redraw the tab.
    await cleanup();
    restoreApi();
    setUser(null);
  });

  it('opens for an active tag, even for readers, and shows the variant the tag plays with its render and the trace', async () => {
    const container = await renderTab();
    expect(byLabel('button', 'Show Try it for Old slot', container)).toBeUndefined();
    const toggle = byLabel<HTMLButtonElement>('button', 'Show Try it for Homepage MPU', container)!;
    expect(toggle.textContent).toBe('Try it');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe('ad-tag-trial');
    expect(panel()?.querySelector('h2')?.textContent).toBe('Try Homepage MPU');
    expect(panel()?.textContent).toContain('then Try');

    await click(tryButton());
    await waitFor(() => panel()!.textContent!.includes(TAG_TRIAL_MESSAGES.served));
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.url).toBe('/v1/creatives/12/tags/1/try');
    expect(post.data).toMatchObject({ params: {}, datasources: {} });

    expect(panel()!.textContent).toContain('Serves: The variant Lisbon – from 149 (DEST-003).');
    const frame = panel()!.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(SERVED.render_url);
    expect(frame.getAttribute('title')).toBe('The tag’s variant: Lisbon – from 149 (DEST-003)');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame.getAttribute('width')).toBe('300');
    // The simulator's trace: every rule tried, in feed order.
    const tried = panel()!.querySelector('[aria-label="Rules tried"]')!;
    expect(tried.textContent).toContain('Marrakesh – from 219');
    expect(tried.textContent).toContain('Chosen');

    // One panel at a time: the snippets replace it.
    await click(byLabel<HTMLElement>('button', 'Show the snippets of Homepage MPU', container));
    expect(panel()).toBeNull();
    expect(container.querySelector('#ad-tag-snippets')).not.toBeNull();
  });

  it('shows the rules its rotation may serve here, each with its probability, and the one it played', async () => {
    trial = () => answer(200, { data: ROTATED });
    const container = await renderTab();
    await click(byLabel<HTMLElement>('button', 'Show Try it for Homepage MPU', container));
    await click(tryButton());
    await waitFor(() => panel()!.textContent!.includes(TAG_TRIAL_MESSAGES.served));
    expect(panel()!.textContent).toContain('Serves: The variant Porto – from 99 (DEST-009).');
    expect(panel()!.textContent).toContain(
      'Optimized rotation (Thompson sampling on clicks): a view here is served one of these 3 rules.',
    );
    expect(tableRows(panel()!, 'rotation-candidate', 5)).toEqual([
      ['Porto – from 99', '60.0%', '4,000', '48', '1.2%'],
      ['Lisbon – from 149', '20.0%', '4,000', '48', '1.2%'],
      ['Anywhere (control, 20 % holdout)', '20.0%', '4,000', '48', '1.2%'],
    ]);
  });

  it('says when the tag shows its fallback, with no render and no trace', async () => {
    trial = () => answer(200, { data: FALLBACK });
    const container = await renderTab();
    await click(byLabel<HTMLElement>('button', 'Show Try it for Homepage MPU', container));
    await click(tryButton());
    await waitFor(() => panel()!.textContent!.includes(TAG_TRIAL_MESSAGES.not_live));
    expect(panel()!.textContent).toContain('Serves: The creative’s fallback image.');
    expect(panel()!.querySelector('iframe')).toBeNull();
    expect(panel()!.querySelector('[aria-label="Rules tried"]')).toBeNull();
  });

  it('shows a 422 next to its field, and other failures above the button', async () => {
    trial = () => answer(422, { message: 'Invalid.', errors: { country: ['The country is unknown.'] } });
    const container = await renderTab();
    await click(byLabel<HTMLElement>('button', 'Show Try it for Homepage MPU', container));
    await click(tryButton());
    await waitFor(() => panel()!.textContent!.includes('The country is unknown.'));
    const country = [...panel()!.querySelectorAll('input')].find(
      (input) => input.getAttribute('aria-invalid') === 'true',
    );
    expect(country).toBeDefined();
    expect(panel()!.textContent).not.toContain('Serves:');

    trial = () => answer(500, { message: 'Server Error' });
    await click(tryButton());
    await waitFor(() => panel()!.querySelector('[role="alert"]') !== null);
    expect(panel()!.textContent).not.toContain('Serves:');
  });
});
