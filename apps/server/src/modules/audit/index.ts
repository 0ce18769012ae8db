/**
 * The audit log's interface for every other area: each service gets its entity type's side of the
 * log (built once per type in the composition root, `src/services.ts`); seeds write demo histories.
 */

export { type SeededItem, type SeedScope, seedCreations, seededColumns, seedHistory } from './audit.seed';
export { type AuditEntry, type AuditLog, createAuditLog } from './audit-log';
