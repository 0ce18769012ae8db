import { z } from 'zod';
import { PACKAGE_STATUSES } from '../packages/package';
import { STATUSES } from '../statuses';
import type { WebhookDeliveredEvent } from './webhook';

/**
 * The body of each webhook event, as a delivery POSTs it: `{id, type, created_at, company_id, data}`
 * (the dispatcher's envelope) with `data` as the outbox trigger of its change writes it (the
 * webhooks migration). The OpenAPI document's `webhooks` section is made from these.
 */
const id = z.number().int();
const envelope = <T extends WebhookDeliveredEvent, D extends z.ZodObject>(
  type: T,
  data: D,
  description: string,
) =>
  z
    .object({
      /** The event's id, also `X-Adstudio-Delivery`: the same on every retry and redelivery. */
      id,
      type: z.literal(type),
      created_at: z.string(),
      company_id: id,
      data,
    })
    .describe(description);

const statusChange = z.object({
  id,
  name: z.string(),
  status: z.enum(STATUSES),
  previous_status: z.enum(STATUSES),
});
const profileSync = (status: 'synced' | 'failed' | 'needs_confirmation') =>
  z.object({ id, name: z.string(), status: z.literal(status) });

export const WEBHOOK_EVENT_BODIES = {
  'campaign.status_changed': envelope(
    'campaign.status_changed',
    statusChange,
    'A campaign moved from `previous_status` to `status` (any move: an edit, a bulk action, a token).',
  ),
  'creative.status_changed': envelope(
    'creative.status_changed',
    statusChange.extend({ campaign_id: id }),
    'A creative moved from `previous_status` to `status`.',
  ),
  'approval.decided': envelope(
    'approval.decided',
    z.object({
      id,
      campaign_id: id,
      creative_id: id,
      media_entity_id: id,
      status: z.enum(['approved', 'rejected']),
      comment: z.string().nullable(),
    }),
    "A publisher approved or rejected a creative through its approval link (`comment`: the publisher's).",
  ),
  'profile.sync_finished': envelope(
    'profile.sync_finished',
    profileSync('synced'),
    "A feed's sync finished: its new rules are live.",
  ),
  'profile.sync_failed': envelope(
    'profile.sync_failed',
    profileSync('failed'),
    "A feed's sync failed: the rules before it stay live.",
  ),
  'profile.needs_confirmation': envelope(
    'profile.needs_confirmation',
    profileSync('needs_confirmation'),
    "A feed's sync stopped before dropping over 20 % of its rows: the rules stay until someone confirms (`GET /v1/profiles/{id}/sync?confirm=1`).",
  ),
  'package.ready': envelope(
    'package.ready',
    z.object({ id, creative_id: id, version: id, status: z.enum(PACKAGE_STATUSES) }),
    'A producer package was unpacked and can be reviewed (`status`: its review status).',
  ),
  ping: envelope(
    'ping',
    z.object({ webhook_id: id }),
    'A test event, sent at once when an admin asks (Send test event, `POST /v1/webhooks/{id}/ping`): ' +
      'not subscribed to, never retried. Its `id` is an event id like any other, so receivers that ' +
      'dedupe on it never mistake it for another event.',
  ),
} as const satisfies Record<WebhookDeliveredEvent, z.ZodType>;

export type WebhookEventBody<T extends WebhookDeliveredEvent = WebhookDeliveredEvent> = z.infer<
  (typeof WEBHOOK_EVENT_BODIES)[T]
>;
