import { z } from 'zod';
import { textField } from '../common/fields';

/**
 * Webhooks (docs/design.md §12): an admin's endpoint that receives the company's events, each
 * a signed JSON POST (Stripe's scheme), delivered at least once and in order per webhook.
 */
export const WEBHOOK_EVENTS = [
  'campaign.status_changed',
  'creative.status_changed',
  'approval.decided',
  'profile.sync_finished',
  'profile.sync_failed',
  'profile.needs_confirmation',
  'package.ready',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/**
 * The test event "Send test event" delivers at once (POST /v1/webhooks/{id}/ping): sent to any
 * webhook, on or off, never subscribed to.
 */
export const WEBHOOK_PING = 'ping';
/** Every event a delivery may carry: the subscribable ones and the test event. */
export const WEBHOOK_DELIVERED_EVENTS = [...WEBHOOK_EVENTS, WEBHOOK_PING] as const;
export type WebhookDeliveredEvent = (typeof WEBHOOK_DELIVERED_EVENTS)[number];
/** Each event in words, wherever events are listed or chosen. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookDeliveredEvent, string> = {
  'campaign.status_changed': 'Campaign status changed',
  'creative.status_changed': 'Creative status changed',
  'approval.decided': 'Approval decided',
  'profile.sync_finished': 'Feed sync finished',
  'profile.sync_failed': 'Feed sync failed',
  'profile.needs_confirmation': 'Feed sync needs confirmation',
  'package.ready': 'Package ready',
  ping: 'Test event',
};
/** Deliveries a webhook lists: its latest. */
export const WEBHOOK_DELIVERIES_LISTED = 100;
export const WEBHOOKS_MAX = 20;
export const WEBHOOKS_NEED_SESSION = 'Webhooks are managed signed in, not with a token.';
export const WEBHOOKS_TOO_MANY = `The company has ${WEBHOOKS_MAX} webhooks already: remove one first.`;
/** Redeliver on a webhook that is off (409): nothing is sent or queued until it is turned on. */
export const webhookOffMessage = (turnedOffOn: string | null) =>
  turnedOffOn
    ? `This webhook is off: failures turned it off on ${turnedOffOn}. Turn it on to deliver again.`
    : 'This webhook is off. Turn it on to deliver again.';
export const WEBHOOK_PING_NOT_REDELIVERED = 'A test event is not sent again: send a new one.';

const url = textField('url', { required: true, max: 2048 }).refine(
  (text) => z.url({ protocol: /^https?$/ }).safeParse(text).success,
  'The url must be a valid http:// or https:// address.',
);
const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `The events must be among: ${WEBHOOK_EVENTS.join(', ')}.` }), {
    error: 'The events field is required.',
  })
  .min(1, 'The events field is required.')
  .transform((list) => [...new Set(list)]);

export const WebhookCreateSchema = z.object({
  url,
  events,
  description: textField('description', { max: 500 }).nullish(),
});
export type WebhookCreateInput = z.input<typeof WebhookCreateSchema>;
export type WebhookCreate = z.output<typeof WebhookCreateSchema>;

export const WebhookUpdateSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  description: textField('description', { max: 500 }).nullish(),
  /** Turning a webhook back on clears its failure streak. */
  active: z.boolean({ error: 'The active field must be true or false.' }).optional(),
});
export type WebhookUpdate = z.output<typeof WebhookUpdateSchema>;

export const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string().nullable(),
  active: z.boolean(),
  /** Since when its deliveries fail without a success (null: they do not); a day of it turns it off. */
  failing_since: z.string().nullable(),
  /** Why it was turned off, when the failures did it. */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** POST /v1/webhooks answers the webhook once with its signing `secret`. */
export const NewWebhookSchema = WebhookSchema.extend({ secret: z.string() });
export type NewWebhook = z.infer<typeof NewWebhookSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The event's id: `X-Adstudio-Delivery`, the same on every attempt and redelivery (idempotency). */
  event_id: z.number().int(),
  event: z.enum(WEBHOOK_DELIVERED_EVENTS),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempt: z.number().int(),
  /** The receiver's status of the last attempt (null: no answer: a timeout, a refused address…). */
  response_status: z.number().int().nullable(),
  ms: z.number().int().nullable(),
  /** The start of the receiver's answer, or why there was none. */
  response_excerpt: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
