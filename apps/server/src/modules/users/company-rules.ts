import type { User } from '@adstudio/contract';
import type { Transactor } from '../../db/database';
import type { AuditLog } from '../audit';
import type { CompaniesRepository, CompanyRule } from './users.repository';

/**
 * One of a company's rules as its admins switch it: two-factor sign-in required of every user, a
 * passing QA run required before a creative goes live. A change is audited on the company.
 */
export function createCompanyRule({
  companies,
  rule,
  audit,
  transaction,
}: {
  companies: Pick<CompaniesRepository, 'rule' | 'setRule'>;
  rule: CompanyRule;
  audit: AuditLog;
  transaction: Transactor;
}) {
  return {
    get: async (user: Pick<User, 'company_id'>): Promise<{ required: boolean }> => ({
      required: await companies.rule(user.company_id, rule),
    }),

    /** Sets the rule, audited on the company when it changes. */
    set: (user: User, on: boolean): Promise<{ required: boolean }> =>
      transaction(async (trx) => {
        const before = await companies.rule(user.company_id, rule, trx);
        if (before !== on) {
          await companies.setRule(user.company_id, rule, on, trx);
          await audit.log(trx, user, {
            entityId: user.company_id,
            action: 'updated',
            changes: { [rule]: [before, on] },
          });
        }
        return { required: on };
      }),
  };
}
export type CompanyRuleService = ReturnType<typeof createCompanyRule>;
