import type { BulkResult } from '@adstudio/contract';
import { formatCounted } from '../../lib/format';

/** Items the server answered alike: refused for one reason, or left as they were ("Already live."). */
export interface BulkGroup {
  ok: boolean;
  message: string;
  count: number;
}

const changed = (result: BulkResult) => result.ok && !result.message;

/** The answers with a message, grouped by it: refusals first, then the most frequent. */
export function bulkGroups(results: readonly BulkResult[]): BulkGroup[] {
  const groups = new Map<string, BulkGroup>();
  for (const result of results) {
    if (changed(result)) continue;
    const message = result.message ?? 'Refused.';
    const key = `${result.ok}:${message}`;
    const group = groups.get(key) ?? { ok: result.ok, message, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => Number(a.ok) - Number(b.ok) || b.count - a.count);
}

/** "2 creatives moved to live, 1 unchanged, 2 refused." */
export function bulkSummary(results: readonly BulkResult[], noun: string, verb: string): string {
  const done = results.filter(changed).length;
  const unchanged = results.filter((result) => result.ok).length - done;
  const refused = results.length - done - unchanged;
  const parts = [`${formatCounted(done, noun)} ${verb}`];
  if (unchanged > 0) parts.push(`${unchanged} unchanged`);
  if (refused > 0) parts.push(`${refused} refused`);
  return `${parts.join(', ')}.`;
}

/** "2 refused: draft → ready is not allowed: move it to quality assurance first." */
export const bulkGroupText = (group: BulkGroup): string =>
  `${group.count} ${group.ok ? 'unchanged' : 'refused'}: ${group.message}`;
