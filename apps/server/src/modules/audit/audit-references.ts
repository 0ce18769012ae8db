import type { HistoryEntry, HistoryRef, HistoryRefType } from '@adstudio/contract';

/** The tables an audit change may name a row of: each has `id`, `company_id`, `name` and `deleted_at`. */
export type ReferencedTable =
  | 'campaigns'
  | 'creatives'
  | 'assets'
  | 'profiles'
  | 'profile_templates'
  | 'users';

const TYPE_OF: Readonly<Record<ReferencedTable, HistoryRefType>> = {
  campaigns: 'campaign',
  creatives: 'creative',
  assets: 'asset',
  profiles: 'profile',
  profile_templates: 'template',
  users: 'user',
};

/**
 * Per entity type, the fields of its audit entries that hold another row's id, and that row's table
 * (what each service's `audit.log(` writes). The same field may point at another table in another
 * type: a campaign's `cloned_from` is a campaign, a creative's a creative.
 */
export const AUDIT_REFERENCES: Readonly<Record<string, Readonly<Record<string, ReferencedTable>>>> = {
  campaign: { cloned_from: 'campaigns' },
  creative: {
    campaign_id: 'campaigns',
    profile_id: 'profiles',
    fallback_asset_id: 'assets',
    cloned_from: 'creatives',
  },
  asset: { creative_id: 'creatives' },
  package: { creative_id: 'creatives', created_by: 'users' },
  profile: { template_id: 'profile_templates' },
};

export interface NamedRow {
  id: number;
  name: string;
  deleted_at: string | null;
}

type Fields = Readonly<Record<string, ReferencedTable>>;

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** Every id the entries' referencing fields hold (old and new), by table. */
export function referencedIds(
  entries: readonly HistoryEntry[],
  fields: Fields,
): Map<ReferencedTable, number[]> {
  const ids = new Map<ReferencedTable, Set<number>>();
  for (const entry of entries) {
    for (const [field, table] of Object.entries(fields)) {
      for (const value of entry.changes[field] ?? []) {
        if (!isId(value)) continue;
        const set = ids.get(table) ?? new Set<number>();
        set.add(value);
        ids.set(table, set);
      }
    }
  }
  return new Map([...ids].map(([table, set]) => [table, [...set]]));
}

/** The entries, each with the rows it names (`refs`) when it names any that were found. */
export function withRefs(
  entries: readonly HistoryEntry[],
  fields: Fields,
  found: ReadonlyMap<ReferencedTable, readonly NamedRow[]>,
): HistoryEntry[] {
  const byId = new Map(
    [...found].map(([table, rows]) => [table, new Map(rows.map((row) => [row.id, row]))] as const),
  );
  return entries.map((entry) => {
    const refs: Record<string, Record<string, HistoryRef>> = {};
    for (const [field, table] of Object.entries(fields)) {
      for (const value of entry.changes[field] ?? []) {
        const row = isId(value) ? byId.get(table)?.get(value) : undefined;
        if (!row) continue;
        refs[field] = {
          ...refs[field],
          [row.id]: { type: TYPE_OF[table], name: row.name, deleted: row.deleted_at !== null },
        };
      }
    }
    return Object.keys(refs).length ? { ...entry, refs } : entry;
  });
}
