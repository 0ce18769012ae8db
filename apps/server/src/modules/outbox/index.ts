/** The outbox: the types its consumers (webhooks, e-mail) read events through; the root builds it. */
export type { Outbox, OutboxConsumer, OutboxEmit, OutboxEvent } from './outbox.service';
