/** `{field: [old, new]}` for every field whose value changed. */
export type Changes = Record<string, [unknown, unknown]>;

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The fields of `after` that differ from `before` (compared by value, so equal lists are no change). */
export function diff<T extends object>(before: T, after: Partial<T>): Changes {
  const changes: Changes = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const old = (before as Record<string, unknown>)[field] ?? null;
    if (!same(old, value)) changes[field] = [old, value];
  }
  return changes;
}

/** Every field as set from nothing, for `created` entries. */
export function created<T extends object>(after: T): Changes {
  const changes: Changes = {};
  for (const [field, value] of Object.entries(after)) {
    if (value !== undefined && value !== null) changes[field] = [null, value];
  }
  return changes;
}
