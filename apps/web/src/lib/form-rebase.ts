type Values = Readonly<Record<string, unknown>>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether two versions show the same values in the form (they may differ in status or updated_at). */
export const sameFormValues = (a: Values, b: Values): boolean =>
  Object.keys(a).every((key) => same(a[key], b[key]));

/**
 * "Reload and re-apply" after a 409: the latest version with the user's edits on top. A field the
 * user changed from the version the form was loaded from keeps their value (a list counts as one
 * field); every other field takes the latest value, so saving again does not undo the other change.
 */
export function rebaseFormValues<T extends Values>(loaded: T, edited: T, latest: T): T {
  return Object.fromEntries(
    Object.entries(latest).map(([key, value]) => [key, same(edited[key], loaded[key]) ? value : edited[key]]),
  ) as T;
}
