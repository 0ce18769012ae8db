import type { Creative, QaFinding, QaRun, QaRunDetailResponse } from '@adstudio/contract';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearAlert, getAlert } from '../../../lib/alert';
import type { ApiRequest, ApiResponse } from '../../../lib/api-client';
import { setUser } from '../../../lib/auth';
import { queryClient } from '../../../lib/query-client';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { onePage, testUser } from '../../../lib/test-fixtures';
import { byText, click, render, testQueryClient, waitFor } from '../../../lib/test-render';
import { NO_RUN_RIGHT, QaTab } from './qa-tab';

const CREATIVE = { id: 12, name: 'Winter banner', profile_id: 5, status: 'quality assurance' } as Creative;

const RUN: QaRun = {
  id: 7,
  status: 'finished',
  total: 40,
  checked: 40,
  errors: 1,
  warnings: 1,
  created_at: '2026-12-10T09:00:00.000Z',
  finished_at: '2026-12-10T09:02:00.000Z',
  verdict: 'failed',
  carried_over: 4,
  failure: null,
  current: true,
  created_by: { id: 1, name: 'Ada' },
};

const FINDINGS: QaFinding[] = [
  {
    rule_id: 31,
    unique_id: 'SKU-31',
    reporting_label: 'Red boots',
    kind: 'text_overflow',
    severity: 'error',
    message: 'The headline spills 14 px out of its box: shorten Headline to 28 characters.',
    screenshot_url: '/storage/qa/7/31.png',
  },
  {
    rule_id: 32,
    unique_id: 'SKU-32',
    reporting_label: '',
    kind: 'weight',
    severity: 'warning',
    message: '182 KB on the initial load, over the 150 KB the IAB asks.',
    screenshot_url: null,
  },
];

const detailOf = (run: QaRun, findings: QaFinding[] = FINDINGS): QaRunDetailResponse => ({
  ...onePage(findings),
  data: {
    ...run,
    findings,
    counts: [
      { kind: 'text_overflow', severity: 'error', count: 1 },
      { kind: 'weight', severity: 'warning', count: 1 },
    ],
  },
});

let runs: QaRun[];
let detail: QaRunDetailResponse;
let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;

/** The request's path, without the query the client wrote into its url. */
const pathOf = (request: ApiRequest) => request.url.split('?')[0];

const defaultReply = (request: ApiRequest): ApiResponse => {
  if (pathOf(request) === '/v1/creatives/12/qa-runs' && request.method === 'GET')
    return answer(200, onePage(runs));
  if (pathOf(request) === `/v1/creatives/12/qa-runs/${detail.data.id}`) return answer(200, detail);
  return answer(404, { message: 'Not found.' });
};

/** The tab at `/creatives/12?tab=qa…`; the router tells where its links and filters lead. */
async function renderTab(search = '?tab=qa', queryClient = testQueryClient()) {
  const router = createMemoryRouter([{ path: '/creatives/:id', element: <QaTab creative={CREATIVE} /> }], {
    initialEntries: [`/creatives/12${search}`],
  });
  const view = await render(<RouterProvider router={router} />, { queryClient });
  return { ...view, router };
}

/** Waits up to `ms` (the tab polls every 2 s), then asserts. */
async function waitLong(check: () => boolean, ms = 5000) {
  for (let waited = 0; waited < ms && !check(); waited += 50)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(check()).toBe(true);
}

describe('the creative’s QA tab', () => {
  beforeEach(() => {
    runs = [RUN];
    detail = detailOf(RUN);
    reply = defaultReply;
    requests = recordApi((request) => reply(request));
    setUser(testUser(['qa']));
    clearAlert();
  });
  afterEach(() => {
    restoreApi();
    setUser(null);
  });

  it('shows the verdict, the counts, what it carried over, and the findings grouped by kind', async () => {
    const { container } = await renderTab();
    await waitFor(() => container.querySelector('[data-testid="qa-finding"]') !== null);
    expect(container.querySelector('[data-testid="qa-verdict-detail"]')?.textContent).toBe(
      'Failed: 1 error, 1 warningFindings: 1 error, 1 warning.',
    );
    expect(container.textContent).toContain('4 variants carried over from the last run');
    expect(container.textContent).toContain('This run covers the creative’s current content.');
    const groups = [...container.querySelectorAll('section[aria-label]')].map((group) => [
      group.getAttribute('aria-label'),
      group.querySelector('h3')?.textContent,
    ]);
    expect(groups).toEqual([
      ['Text overflow', 'Text overflow (1)'],
      ['Weight', 'Weight (1)'],
    ]);
    const shot = container.querySelector<HTMLImageElement>('img[src="/storage/qa/7/31.png"]');
    expect(shot?.alt).toBe('Screenshot of variant Red boots');
    // The rule in its feed, the variant on the Preview tab.
    const links = [...container.querySelectorAll('[data-testid="qa-finding"] a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Open the rule SKU-31', '/profiles/5?tab=rules&filter=SKU-31'],
      ['Preview Red boots', '/creatives/12?tab=preview&variant=SKU-31'],
      ['Open the rule SKU-32', '/profiles/5?tab=rules&filter=SKU-32'],
      ['Preview SKU-32', '/creatives/12?tab=preview&variant=SKU-32'],
    ]);
  });

  it('asks for the filtered page and keeps the filters in the URL', async () => {
    const { container, router } = await renderTab('?tab=qa&kind=weight&severity=warning');
    await waitFor(() => container.querySelector('[data-testid="qa-finding"]') !== null);
    const asked = requests.find((request) => pathOf(request) === '/v1/creatives/12/qa-runs/7');
    expect(asked?.params).toEqual({ page: 1, 'items-per-page': 20, kind: 'weight', severity: 'warning' });
    await click(container.querySelector<HTMLElement>('[data-testid="qa-run-row"]'));
    expect(router.state.location.search).toBe('?tab=qa&run=7');
  });

  it('follows a running run every 2 s, and says how it ended in the banner with Open', async () => {
    const running: QaRun = {
      ...RUN,
      status: 'running',
      checked: 12,
      errors: 0,
      warnings: 0,
      verdict: null,
      finished_at: null,
    };
    runs = [running];
    detail = detailOf(running, []);
    const { container } = await renderTab();
    await waitFor(() => container.textContent?.includes('12 / 40 variants checked') ?? false);
    const bar = container.querySelector('[role="progressbar"]');
    expect(bar?.getAttribute('aria-valuenow')).toBe('30');
    expect(bar?.getAttribute('aria-valuetext')).toBe('12 / 40 variants checked');
    expect(byText<HTMLButtonElement>('button', 'Run QA', container)?.disabled).toBe(true);

    runs = [RUN];
    detail = detailOf(RUN);
    await waitLong(() => getAlert().payload !== null);
    expect(getAlert().payload).toEqual({
      status: 200,
      color: 'warning',
      data: { message: 'QA of Winter banner finished: 1 error, 1 warning.' },
      goToView: { name: 'creative', id: 12, tab: 'qa' },
    });
    await waitFor(() => byText<HTMLButtonElement>('button', 'Run QA', container)?.disabled === false);
  });

  it('starts a run and says so; a refused start is the server’s words', async () => {
    runs = [];
    // The app's client: a refused write raises the banner there.
    const { container } = await renderTab('?tab=qa', queryClient);
    await waitFor(() => container.textContent?.includes('No QA run yet.') ?? false);
    const queued: QaRun = { ...RUN, id: 8, status: 'queued', checked: 0, verdict: null, finished_at: null };
    reply = (request) => {
      if (request.method === 'POST') return answer(202, { data: queued });
      return defaultReply(request);
    };
    await click(byText<HTMLElement>('button', 'Run QA', container));
    await waitFor(() => getAlert().payload?.data?.message === 'QA of Winter banner started.');
    expect(requests.filter((request) => request.method === 'POST').map(pathOf)).toEqual([
      '/v1/creatives/12/qa-runs',
    ]);

    clearAlert();
    reply = (request) =>
      request.method === 'POST'
        ? answer(422, { message: 'The creative has no approved package to check.' })
        : defaultReply(request);
    runs = [];
    await click(byText<HTMLElement>('button', 'Run QA', container));
    await waitFor(
      () => getAlert().payload?.data?.message === 'The creative has no approved package to check.',
    );
  });

  it('lets a reader see results only: Run QA is off and says why', async () => {
    setUser(testUser([]));
    const { container } = await renderTab();
    await waitFor(() => container.querySelector('[data-testid="qa-finding"]') !== null);
    const button = byText<HTMLButtonElement>('button', 'Run QA', container)!;
    expect(button.disabled).toBe(true);
    const wrapper = button.parentElement!;
    await act(async () => wrapper.focus());
    await waitFor(() => document.querySelector('[role="tooltip"]') !== null);
    expect(document.querySelector('[role="tooltip"]')?.textContent).toBe(NO_RUN_RIGHT);
  });

  it('says when the runs could not be loaded, and asks again on Retry', async () => {
    reply = () => answer(500, { message: 'Server Error' });
    const { container } = await renderTab();
    await waitFor(() => container.textContent?.includes('The QA runs could not be loaded.') ?? false);
    reply = defaultReply;
    await click(byText<HTMLElement>('button', 'Retry', container));
    await waitFor(() => container.querySelector('[data-testid="qa-finding"]') !== null);
  });
});
