import type { CompanyTwoFactor, User } from '@adstudio/contract';
import type { Db, Executor, Transactor } from '../../db/database';
import type { AuditLog } from '../audit';

/** A company's sign-in rules as its admins set them: whether two-factor sign-in is required. */
export function createCompanySecurity({
  db,
  audit,
  transaction,
}: {
  db: Db;
  audit: AuditLog;
  transaction: Transactor;
}) {
  const required = async (companyId: number, trx: Executor = db) =>
    (
      await trx
        .selectFrom('companies')
        .select('require_two_factor')
        .where('id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).require_two_factor === 1;

  return {
    get: async (user: User): Promise<CompanyTwoFactor> => ({ required: await required(user.company_id) }),

    set: (user: User, on: boolean): Promise<CompanyTwoFactor> =>
      transaction(async (trx) => {
        const before = await required(user.company_id, trx);
        if (before !== on) {
          await trx
            .updateTable('companies')
            .set({ require_two_factor: on ? 1 : 0 })
            .where('id', '=', user.company_id)
            .execute();
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
