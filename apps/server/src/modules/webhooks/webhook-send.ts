import { createHmac } from 'node:crypto';
import type { Sealer } from '../../lib/secrets';
import { type RefusalLog, SafeFetchError, safeFetch } from '../../net/safe-fetch';

/** A receiver has this long to answer, DNS and connect included. */
export const SEND_TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 500;
const USER_AGENT = 'Adstudio-Webhooks/1';

/** `t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{body}")}` (Stripe's scheme). */
export const signatureOf = (secret: string, body: string, at: number) => {
  const t = Math.floor(at / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
};

/** One POST of an event to a webhook, as the receiver answered it. */
export interface Sent {
  /** Whether the receiver took it (a 2xx). */
  ok: boolean;
  /** Its status (null: no answer — a timeout, a refused address, a network error). */
  status: number | null;
  ms: number;
  /** The start of its answer, or why there was none. */
  excerpt: string;
}

interface Deps {
  /** Opens the webhooks' sealed secrets. */
  sealer: Sealer;
  allowHosts: readonly string[];
  refusalLog: RefusalLog;
}

/**
 * Sends one event to a webhook: signed with its secret, through the SSRF guard, following no
 * redirect, within a bounded time (docs/design.md §12). Deliveries and the test event both go
 * through it, so a test event proves what a delivery would meet.
 */
export const createWebhookSender =
  ({ sealer, allowHosts, refusalLog }: Deps) =>
  async (
    hook: { url: string; secret: string },
    event: { id: number; type: string; body: string },
  ): Promise<Sent> => {
    const started = Date.now();
    let status: number | null = null;
    let excerpt: string;
    try {
      const answer = await safeFetch(hook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'x-adstudio-event': event.type,
          'x-adstudio-delivery': String(event.id),
          'x-adstudio-signature': signatureOf(sealer.open(hook.secret), event.body, started),
        },
        body: event.body,
        timeoutMs: SEND_TIMEOUT_MS,
        maxBytes: 64 * 1024,
        maxRedirects: 0,
        allowHosts,
        log: refusalLog,
      });
      status = answer.status;
      excerpt = answer.body.toString('utf8').slice(0, EXCERPT_CHARS);
    } catch (error) {
      excerpt =
        error instanceof SafeFetchError && error.code === 'too_many_redirects'
          ? 'The receiver answered a redirect, which deliveries do not follow.'
          : error instanceof SafeFetchError
            ? error.message
            : 'The delivery could not be sent.';
    }
    return {
      ok: status !== null && status >= 200 && status < 300,
      status,
      ms: Date.now() - started,
      excerpt,
    };
  };
export type WebhookSender = ReturnType<typeof createWebhookSender>;

/** An event's body as every delivery POSTs it: `{id, type, created_at, company_id, data}`. */
export const eventBody = (event: {
  id: number;
  type: string;
  created_at: string;
  company_id: number;
  data: unknown;
}) =>
  JSON.stringify({
    id: event.id,
    type: event.type,
    created_at: event.created_at,
    company_id: event.company_id,
    data: event.data,
  });
