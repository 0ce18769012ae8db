import type { AnyDb } from './helpers';

/**
 * A signed upload URL accepts one PUT. The first PUT sets `received_at` with a conditional update
 * (`where received_at is null`), so of two concurrent PUTs exactly one wins on either engine; a
 * failed transfer clears it again so the client may retry while the URL is valid.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('received_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('received_at').execute();
}
