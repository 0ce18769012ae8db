/** The outbox: the types its consumers (webhooks, e-mail) read events through; the root builds it. */
export type { Outbox, OutboxConsumer, OutboxEvent } from './outbox.service';
