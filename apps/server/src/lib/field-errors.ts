/** The 422 body's `errors`: messages grouped by field path (`ranges.1.start`), in the order they came. */
export function groupByField(issues: Iterable<{ field: string; message: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const { field, message } of issues) {
    errors[field] ??= [];
    errors[field].push(message);
  }
  return errors;
}

/** A path of zod-style segments as a field name; the whole request when empty. */
export const fieldName = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'request';
