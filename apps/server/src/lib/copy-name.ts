const suffix = (n: number) => (n === 1 ? ' (copy)' : ` (copy ${n})`);
const COPY_SUFFIX = / \(copy(?: [1-9][0-9]*)?\)$/i;

/** The name a copy is counted from: a copy of "X (copy 2)" is another copy of "X", not "X (copy 2) (copy)". */
export const copyBase = (name: string): string => name.replace(COPY_SUFFIX, '').trimEnd() || name;

/** "{name} (copy)", "{name} (copy 2)", … cut so the whole stays within `max` characters. */
export const copyName = (name: string, n: number, max: number): string =>
  `${name.slice(0, max - suffix(n).length).trimEnd()}${suffix(n)}`;

/** Every copy name (up to copy 9999) of `name` starts with this, so one prefix query finds the taken ones. */
export const copyNameStem = (name: string, max: number): string =>
  copyBase(name).slice(0, max - suffix(9999).length);

/** The first copy name of `name`'s base not in `taken` (compared ignoring case, like the uniqueness rule). */
export function freeCopyName(name: string, taken: readonly string[], max: number): string {
  const base = copyBase(name);
  const used = new Set(taken.map((t) => t.toLowerCase()));
  let n = 1;
  while (used.has(copyName(base, n, max).toLowerCase())) n++;
  return copyName(base, n, max);
}
