import { CAMPAIGN_NAME_MAX } from '@adstudio/contract';

const suffix = (n: number) => (n === 1 ? ' (copy)' : ` (copy ${n})`);

/** "{name} (copy)", "{name} (copy 2)", … cut so the whole stays within the name limit. */
export const copyName = (name: string, n: number): string =>
  `${name.slice(0, CAMPAIGN_NAME_MAX - suffix(n).length).trimEnd()}${suffix(n)}`;

/** Every copy name (up to copy 9999) starts with this, so one prefix query finds the taken ones. */
export const copyNameStem = (name: string): string => name.slice(0, CAMPAIGN_NAME_MAX - suffix(9999).length);

/** The first copy name not in `taken` (compared ignoring case, like the uniqueness rule). */
export function freeCopyName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  let n = 1;
  while (used.has(copyName(name, n).toLowerCase())) n++;
  return copyName(name, n);
}
