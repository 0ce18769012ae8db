import type { CompanyTwoFactor, User } from '@adstudio/contract';
import type { Transactor } from '../../db/database';
import type { AuditLog } from '../audit';
import type { CompaniesRepository } from './users.repository';

/** A company's sign-in rules as its admins set them: whether two-factor sign-in is required. */
export function createCompanySecurity({
  companies,
  audit,
  transaction,
}: {
  companies: CompaniesRepository;
  audit: AuditLog;
  transaction: Transactor;
}) {
  return {
    get: async (user: User): Promise<CompanyTwoFactor> => ({
      required: await companies.requiresTwoFactor(user.company_id),
    }),

    /** Sets the rule, audited on the company when it changes. */
    set: (user: User, on: boolean): Promise<CompanyTwoFactor> =>
      transaction(async (trx) => {
        const before = await companies.requiresTwoFactor(user.company_id, trx);
        if (before !== on) {
          await companies.setRequiresTwoFactor(user.company_id, on, trx);
          await audit.log(trx, user, {
            entityId: user.company_id,
            action: 'updated',
            changes: { require_two_factor: [before, on] },
          });
        }
        return { required: on };
      }),
  };
}
export type CompanySecurity = ReturnType<typeof createCompanySecurity>;
