import {
  type CreativeVariant,
  type CreativeVariantQuery,
  isRuleColumn,
  type RuleFilter,
  type User,
} from '@adstudio/contract';
import { notFound, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { ListPage } from '../../lib/list';
import { pageMeta } from '../../lib/list';
import type { ProfileRulesRepository } from './profile-rules.repository';
import type { ProfilesRepository } from './profiles.repository';

export const VARIANT_FIELD_REQUIRED = 'The field field is required when value is present.';
export const VARIANT_VALUE_REQUIRED = 'The value field is required when field is present.';

/** The feed's content columns: what a value filter may read. */
const dataColumns = (columns: readonly string[]) => columns.filter((column) => !isRuleColumn(column));

interface Deps {
  rules: Pick<ProfileRulesRepository, 'variants' | 'conditionIdsOfServed'>;
  profiles: Pick<ProfilesRepository, 'findById'>;
  /** The company's live creative: its profile and rule filter (asked of creatives). */
  creative: (
    companyId: number,
    id: number,
  ) => Promise<{ profile_id: number | null; rule_filter: string | null } | undefined>;
  /** The company's conditions among these ids, by name (asked of conditions). */
  conditionNames: (companyId: number, ids: readonly number[]) => Promise<{ id: number; name: string }[]>;
  /** Render URLs of a creative's variants, by rule id (renders' `createVariantRenderUrls`). */
  renderUrls: (creativeId: number) => Promise<(ruleId: number) => string | null>;
  /** Read URLs of the ready backup images of these rules of the creative (processing assets). */
  backupUrls: (
    companyId: number,
    creativeId: number,
    ruleIds: readonly number[],
  ) => Promise<Map<number, string>>;
}

export interface CreativeVariantPage extends ListPage<CreativeVariant> {
  variants_total: number;
  filters: { conditions: { id: number; name: string }[]; fields: string[] };
}

/**
 * A creative's variants as its preview grid shows them (docs/decisions/0125): the live rules its
 * rule filter serves, active or not, in feed order, a page at a time, each with its render URL
 * and its backup image; narrowed by a condition and a feed column's value. A creative without a
 * feed has none.
 */
export function createCreativeVariants({
  rules,
  profiles,
  creative: creativeOf,
  conditionNames,
  renderUrls,
  backupUrls,
}: Deps) {
  return async (
    user: User,
    creativeId: number,
    query: CreativeVariantQuery,
  ): Promise<CreativeVariantPage> => {
    if (query.value !== undefined && query.field === undefined)
      throw unprocessable({ field: [VARIANT_FIELD_REQUIRED] });
    if (query.field !== undefined && query.value === undefined)
      throw unprocessable({ value: [VARIANT_VALUE_REQUIRED] });
    const creative = await creativeOf(user.company_id, creativeId);
    if (!creative) throw notFound();
    const perPage = query['items-per-page'];
    const profile =
      creative.profile_id === null
        ? undefined
        : await profiles.findById(user.company_id, creative.profile_id);
    if (!profile)
      return {
        data: [],
        meta: pageMeta(query.page, perPage, 0),
        variants_total: 0,
        filters: { conditions: [], fields: [] },
      };
    const filter = parseJson<RuleFilter | null>(creative.rule_filter, null);
    const narrow = {
      condition: query.condition,
      field: query.field === undefined ? undefined : { column: query.field, values: [query.value ?? ''] },
    };
    const [page, conditionIds, urls] = await Promise.all([
      rules.variants(
        profile.id,
        filter,
        narrow,
        perPage === -1 ? null : { offset: (query.page - 1) * perPage, limit: perPage },
      ),
      rules.conditionIdsOfServed(profile.id, filter),
      renderUrls(creativeId),
    ]);
    const [conditions, backups] = await Promise.all([
      conditionNames(user.company_id, conditionIds),
      backupUrls(
        user.company_id,
        creativeId,
        page.rows.map((row) => row.id),
      ),
    ]);
    return {
      data: page.rows.map((row) => ({
        rule_id: row.id,
        unique_id: row.unique_id,
        reporting_label: row.reporting_label,
        is_default: row.is_default === 1,
        active: row.active === 1,
        condition_ids: parseJson<number[]>(row.condition_ids, []),
        data: parseJson<CreativeVariant['data']>(row.data, {}),
        render_url: urls(row.id),
        backup_url: backups.get(row.id) ?? null,
      })),
      meta: pageMeta(query.page, perPage, page.total),
      variants_total: page.all,
      filters: { conditions, fields: dataColumns(parseJson<string[]>(profile.columns, [])) },
    };
  };
}
export type CreativeVariants = ReturnType<typeof createCreativeVariants>;
