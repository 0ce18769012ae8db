import type { Executor } from '../../db/database';
import { nowIso } from '../../lib/time';

/** A demo template, written straight into its table inside cli/seed-demo.ts's transaction; answers its id. */
export async function seedTemplate(
  db: Executor,
  companyId: number,
  template: { name: string; columns: readonly { name: string; type: string; required: boolean }[] },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('profile_templates')
    .values({
      company_id: companyId,
      name: template.name,
      columns: JSON.stringify(template.columns),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
