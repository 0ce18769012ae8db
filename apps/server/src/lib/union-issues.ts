/** A validation issue as zod reports it; an `invalid_union` carries each option's own issues. */
export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  /** Per option of a failed union, its issues (paths relative to the union). */
  errors?: readonly (readonly IssueLike[])[];
}

const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    input,
  );

/** How many of an option's issues are about fields the value has: the option it was meant as. */
const relevance = (issues: readonly IssueLike[], value: unknown) =>
  value !== null && typeof value === 'object'
    ? issues.filter((issue) => issue.path.length > 0 && Object.hasOwn(value, issue.path[0] as PropertyKey))
        .length
    : 0;

/**
 * The issues to show, with full paths: a union none of whose options matched ("Invalid input") is
 * replaced by the issues of the option the value was meant as — the one with most issues about fields
 * the value has, else the first — so `{assets: [{key}]}` reads "assets.0.name: The name field is
 * required." and `{}` reads as the first option's missing fields.
 */
export function unionIssues(
  issues: readonly IssueLike[],
  input: unknown,
): { path: readonly PropertyKey[]; message: string }[] {
  return issues.flatMap((issue) => {
    const options = issue.code === 'invalid_union' ? issue.errors?.filter((o) => o.length > 0) : undefined;
    if (!options?.length) return [{ path: issue.path, message: issue.message }];
    const value = valueAt(input, issue.path);
    let chosen = options[0]!;
    for (const option of options) if (relevance(option, value) > relevance(chosen, value)) chosen = option;
    const nested = chosen.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
    return unionIssues(nested, input);
  });
}
