import { z } from 'zod';

/**
 * The `updated_at` an edit was based on (docs/design.md §4, lost updates): a PUT that changes fields
 * carries it, as a body field or in `If-Match`, and is refused with 409 when the item changed since.
 */
export const UpdatedAtSchema = z.iso.datetime({
  offset: true,
  error: 'The updated at must be a valid date and time (ISO 8601).',
});

export const UPDATED_AT_REQUIRED = 'The updated at field is required.';

/**
 * The timestamp inside an `If-Match` header: the raw value, a quoted one (`"…"`) or a weak one
 * (`W/"…"`). Undefined when there is no header; the caller validates what it gets.
 */
export function ifMatchValue(header: string | readonly string[] | undefined): string | undefined {
  const value = (Array.isArray(header) ? header[0] : (header as string | undefined))?.trim();
  if (!value) return undefined;
  return /^(?:W\/)?"(.*)"$/.exec(value)?.[1] ?? value;
}
