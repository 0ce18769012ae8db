/** Timestamps are stored as ISO-8601 UTC text (see db/schema.ts). */
export const nowIso = (): string => new Date().toISOString();
