import type {
  ProfileRule,
  ProfileRuleDetail,
  ProfileRuleListQuery,
  RuleFilter,
  User,
} from '@adstudio/contract';
import { notFound } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { ListPage } from '../../lib/list';
import type { ProfileRuleRow, ProfileRulesRepository } from './profile-rules.repository';
import type { ProfilesRepository } from './profiles.repository';

export const toRule = (row: ProfileRuleRow): ProfileRule => ({
  id: row.id,
  profile_id: row.profile_id,
  unique_id: row.unique_id,
  reporting_label: row.reporting_label,
  position: row.position,
  is_default: row.is_default === 1,
  active: row.active === 1,
  start: row.start_date,
  end: row.end_date,
  condition_ids: parseJson<number[]>(row.condition_ids, []),
  data: parseJson<ProfileRule['data']>(row.data, {}),
  ended_at: row.ended_at,
});

/** Whether a rule passes a creative's rule filter (its column's value, as text, is one of the values). */
export const servesRule = (filter: RuleFilter | null, data: ProfileRule['data']) => {
  if (!filter) return true;
  const cell = data[filter.column];
  // A yes/no cell is a boolean since feeds are typed: `TRUE` in a filter still means it.
  if (typeof cell === 'boolean') return filter.values.some((value) => value.toLowerCase() === String(cell));
  return filter.values.includes(String(cell ?? ''));
};

interface Deps {
  rules: ProfileRulesRepository;
  profiles: Pick<ProfilesRepository, 'findById' | 'exists'>;
  /** Live creatives of the company that a profile drives, for a rule's "used by" (asked of creatives). */
  creativesOf: (
    companyId: number,
    profileId: number,
  ) => Promise<{ id: number; name: string; rule_filter: string | null }[]>;
  /** The company's conditions among these ids, by name (asked of conditions). */
  conditionNames: (companyId: number, ids: readonly number[]) => Promise<{ id: number; name: string }[]>;
  /** The company's live creative: the profile it is driven by and its rule filter (asked of creatives). */
  creative: (
    companyId: number,
    id: number,
  ) => Promise<{ profile_id: number | null; rule_filter: string | null } | undefined>;
}

/** A profile's rules as users read them: a page of them, one with its uses, those a creative serves. */
export function createProfileRulesService({
  rules,
  profiles,
  creativesOf,
  conditionNames,
  creative: creativeOf,
}: Deps) {
  return {
    async list(user: User, id: number, query: ProfileRuleListQuery): Promise<ListPage<ProfileRule>> {
      const profile = await profiles.findById(user.company_id, id);
      if (!profile) throw notFound();
      const page = await rules.rules(profile, query);
      return { data: page.data.map(toRule), meta: page.meta };
    },

    async get(user: User, ruleId: number): Promise<ProfileRuleDetail> {
      const row = await rules.findRule(user.company_id, ruleId);
      if (!row) throw notFound();
      const rule = toRule(row);
      const creatives = (await creativesOf(user.company_id, row.profile_id))
        .filter((c) => servesRule(parseJson<RuleFilter | null>(c.rule_filter, null), rule.data))
        .map(({ id, name }) => ({ id, name }));
      return {
        ...rule,
        profile: { id: row.profile_id, name: row.profile_name },
        conditions: await conditionNames(user.company_id, rule.condition_ids),
        creatives,
      };
    },

    /** The active rules a creative serves from its profile (its rule filter applied), feed order. */
    async idsOfCreative(user: User, creativeId: number, profileId: number) {
      const creative = await creativeOf(user.company_id, creativeId);
      if (!creative) throw notFound();
      if (creative.profile_id !== profileId || !(await profiles.exists(user.company_id, profileId)))
        throw notFound();
      return rules.ruleIds(profileId, parseJson<RuleFilter | null>(creative.rule_filter, null));
    },
  };
}
export type ProfileRulesService = ReturnType<typeof createProfileRulesService>;
