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
/** Deliveries a webhook lists: its latest. */
export const WEBHOOK_DELIVERIES_LISTED = 100;
export const WEBHOOKS_MAX = 20;
export const WEBHOOKS_NEED_SESSION = 'Webhooks are managed signed in, not with a token.';
export const WEBHOOKS_TOO_MANY = `The company has ${WEBHOOKS_MAX} webhooks already: remove one first.`;

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
  event: z.enum(WEBHOOK_EVENTS),
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
