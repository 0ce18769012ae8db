import type { Webhook, WebhookDelivery } from '@adstudio/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../../lib/api-client';
import { answer, recordApi, restoreApi } from '../../../lib/stub-api';
import { byLabel, byText, click, renderLoaded, type, waitFor } from '../../../lib/test-render';
import { WebhooksCard } from './webhooks-card';

const webhook = (changes: Partial<Webhook>): Webhook => ({
  id: 1,
  url: 'https://hooks.example.com/adstudio',
  events: ['campaign.status_changed'],
  description: null,
  active: true,
  failing_since: null,
  disabled_reason: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...changes,
});
const HOOK = webhook({});
const OFF = webhook({
  id: 2,
  url: 'https://down.example.com/hook',
  active: false,
  failing_since: '2026-11-19T10:00:00.000Z',
  disabled_reason: 'its deliveries failed for a day',
});
const DELIVERY: WebhookDelivery = {
  id: 9,
  event_id: 40,
  event: 'campaign.status_changed',
  status: 'delivered',
  attempt: 1,
  response_status: 200,
  ms: 12,
  response_excerpt: 'ok',
  next_attempt_at: null,
  created_at: '2026-11-20T11:00:00.000Z',
  delivered_at: '2026-11-20T11:00:01.000Z',
};

let requests: ApiRequest[];
let reply: (request: ApiRequest) => ApiResponse;
const routes =
  (list: Webhook[]) =>
  (request: ApiRequest): ApiResponse => {
    if (request.url.endsWith('/deliveries')) return answer(200, { data: [DELIVERY] });
    if (request.url.endsWith('/redeliver')) return answer(201, { data: null });
    if (request.method === 'PUT')
      return answer(200, { data: { ...OFF, active: true, disabled_reason: null } });
    return answer(200, { data: list });
  };

const renderCard = async () => (await renderLoaded(<WebhooksCard />, 'Loading webhooks')).container;
const rows = (container: HTMLElement, testId: string) => [
  ...container.querySelectorAll<HTMLTableRowElement>(`tr[data-testid="${testId}"]`),
];
const items = (container: HTMLElement) => [
  ...container.querySelectorAll<HTMLElement>('li[data-testid="webhook"]'),
];

describe('Settings’ webhooks', () => {
  beforeEach(() => {
    reply = routes([HOOK, OFF]);
    requests = recordApi((request) => reply(request));
  });
  afterEach(() => {
    restoreApi();
  });

  it('lists the webhooks as cards: the whole URL, the events in words, the state', async () => {
    const container = await renderCard();
    expect(requests.map((request) => request.url)).toEqual(['/v1/webhooks']);
    const [first, second] = items(container);
    expect(first!.querySelector('h3')!.textContent).toBe(HOOK.url);
    expect([...first!.querySelectorAll('.MuiChip-label')].map((chip) => chip.textContent)).toEqual([
      'Campaign status changed',
    ]);
    expect(first!.textContent).not.toContain('campaign.status_changed');
    expect(byLabel<HTMLInputElement>('input', `${HOOK.url} active`, container)!.checked).toBe(true);
    expect(byLabel<HTMLInputElement>('input', `${OFF.url} active`, container)!.checked).toBe(false);
    expect(first!.textContent).not.toContain('Failing since');
    expect(second!.textContent).toContain('Failing since');
  });

  it('sends a test event and shows how the receiver answered', async () => {
    const container = await renderCard();
    reply = (request) =>
      request.url.endsWith('/ping')
        ? answer(201, {
            data: {
              ...DELIVERY,
              id: 11,
              event: 'ping',
              response_status: 503,
              ms: 40,
              status: 'failed',
              response_excerpt: 'busy',
            },
          })
        : routes([HOOK, OFF])(request);
    await click(byLabel<HTMLElement>('button', `Send a test event to ${HOOK.url}`, container));
    await waitFor(() => Boolean(container.querySelector('[data-testid="webhook-ping-answer"]')));
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.url).toBe('/v1/webhooks/1/ping');
    const shown = container.querySelector<HTMLElement>('[data-testid="webhook-ping-answer"]')!;
    expect(shown.textContent).toContain('Test event not delivered: 503 in 40 ms.');
    expect(shown.textContent).toContain('busy');
    expect(items(container)[0]!.contains(shown)).toBe(true);
  });

  it('warns of a webhook the failures turned off, and turns it on', async () => {
    const container = await renderCard();
    const warning = container.querySelector<HTMLElement>('[role="alert"]')!;
    expect(warning.textContent).toContain(`${OFF.url} turned off: its deliveries failed for a day`);
    await click(byText<HTMLElement>('button', 'Turn on', warning));
    await waitFor(() => requests.some((request) => request.method === 'PUT'));
    const put = requests.find((request) => request.method === 'PUT')!;
    expect([put.url, put.data]).toEqual(['/v1/webhooks/2', { active: true }]);
  });

  it('creates a webhook and shows its secret once', async () => {
    const container = await renderCard();
    await click(byText<HTMLElement>('button', 'New webhook', container));
    const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
    await type(dialog().querySelector<HTMLInputElement>('input[name="url"]')!, 'https://new.example.com/in');
    const label = byText<HTMLElement>('label', 'Campaign status changed', dialog())!;
    await click(label.querySelector<HTMLInputElement>('input[type="checkbox"]'));
    reply = (request) =>
      request.method === 'POST'
        ? answer(201, {
            data: { ...webhook({ id: 3, url: 'https://new.example.com/in' }), secret: 'whsec_abc' },
          })
        : routes([HOOK, OFF])(request);
    await click(byText<HTMLElement>('button', 'Create webhook', dialog()));
    await waitFor(() => Boolean(dialog().querySelector('[data-testid="new-webhook-secret"]')));
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.data).toEqual({
      url: 'https://new.example.com/in',
      events: ['campaign.status_changed'],
      description: '',
    });
    expect(dialog().querySelector<HTMLInputElement>('[data-testid="new-webhook-secret"]')!.value).toBe(
      'whsec_abc',
    );
    expect(dialog().textContent).toContain('It signs every delivery');
    await click(byText<HTMLElement>('button', 'Done', dialog()));
    await waitFor(() => !document.body.textContent?.includes('whsec_abc'));
  });

  it('shows a webhook’s deliveries and redelivers one', async () => {
    const container = await renderCard();
    await click(byLabel<HTMLElement>('button', `Show the deliveries to ${HOOK.url}`, container));
    await waitFor(() => rows(container, 'webhook-delivery').length === 1);
    expect(
      [...rows(container, 'webhook-delivery')[0]!.cells].slice(0, 3).map((cell) => cell.textContent),
    ).toEqual(['Campaign status changed', 'delivered', '200 in 12 msok']);
    await click(byText<HTMLElement>('button', 'Redeliver', container));
    await waitFor(() => requests.filter((request) => request.url.endsWith('/deliveries')).length === 2);
    expect(requests.find((request) => request.method === 'POST')!.url).toBe(
      '/v1/webhooks/1/deliveries/9/redeliver',
    );
  });

  it('says so when a redelivery meets a webhook that is off, and offers to turn it on', async () => {
    const message = 'This webhook is off: failures turned it off on 20/11/2026. Turn it on to deliver again.';
    reply = (request) =>
      request.url.endsWith('/redeliver') ? answer(409, { message }) : routes([HOOK, OFF])(request);
    const container = await renderCard();
    await click(byLabel<HTMLElement>('button', `Show the deliveries to ${OFF.url}`, container));
    await waitFor(() => rows(container, 'webhook-delivery').length === 1);
    await click(byText<HTMLElement>('button', 'Redeliver', container));
    await waitFor(() => Boolean(container.querySelector('[data-testid="webhook-off"]')));
    const off = container.querySelector<HTMLElement>('[data-testid="webhook-off"]')!;
    expect(off.textContent).toContain(message);
    expect(document.body.textContent).not.toContain('sent again');
    await click(byLabel<HTMLElement>('button', `Turn on ${OFF.url}`, off));
    await waitFor(() => requests.some((request) => request.method === 'PUT'));
    const put = requests.find((request) => request.method === 'PUT')!;
    expect([put.url, put.data]).toEqual(['/v1/webhooks/2', { active: true }]);
  });

  it('offers no redelivery of a test event', async () => {
    reply = (request) =>
      request.url.endsWith('/deliveries')
        ? answer(200, { data: [{ ...DELIVERY, event: 'ping' }] })
        : routes([HOOK, OFF])(request);
    const container = await renderCard();
    await click(byLabel<HTMLElement>('button', `Show the deliveries to ${HOOK.url}`, container));
    await waitFor(() => rows(container, 'webhook-delivery').length === 1);
    expect(rows(container, 'webhook-delivery')[0]!.cells[0]!.textContent).toBe('Test event');
    expect(byText<HTMLElement>('button', 'Redeliver', container)).toBeUndefined();
  });
});
