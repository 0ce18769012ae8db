import type { Executor } from '../../db/database';
import { nowIso } from '../../lib/time';
import { randomToken } from '../../lib/tokens';

/** Demo feeds (synced, new, failed) of a retail template; answers the profiles' ids. */
export async function seedProfiles(
  db: Executor,
  companyId: number,
  names: readonly string[],
  conditionIds: readonly number[],
): Promise<number[]> {
  const now = nowIso();
  const stamps = { created_at: now, updated_at: now };
  const template = await db
    .insertInto('profile_templates')
    .values({
      company_id: companyId,
      name: 'Retail product feed',
      columns: JSON.stringify([
        { name: 'key', type: 'string', required: true },
        { name: 'headline', type: 'string', required: true },
        { name: 'price', type: 'number', required: false },
        { name: 'image_url', type: 'url', required: false },
        { name: 'landing_url', type: 'url', required: true },
      ]),
      ...stamps,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const profileStatuses = ['synced', 'synced', 'new', 'failed', 'synced'] as const;
  const profileIds: number[] = [];
  for (const [i, status] of profileStatuses.entries()) {
    const gsheetId = `1${randomToken(21).replace(/[-_]/g, 'x')}`;
    const profile = await db
      .insertInto('profiles')
      .values({
        company_id: companyId,
        template_id: template.id,
        name: `${names[i % names.length]} product feed`,
        url: `https://docs.google.com/spreadsheets/d/${gsheetId}/edit`,
        gsheet_id: gsheetId,
        ranges: JSON.stringify(['Sheet1!A1:E200']),
        status,
        synced_at: status === 'synced' ? now : null,
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    profileIds.push(profile.id);
    if (status === 'synced') {
      await db
        .insertInto('profile_rules')
        .values(
          Array.from({ length: 8 }, (_, row) => ({
            company_id: companyId,
            profile_id: profile.id,
            position: row + 1,
            key: `sku-${1000 + row}`,
            condition_ids: JSON.stringify(row % 3 === 0 ? [conditionIds[row % conditionIds.length]] : []),
            data: JSON.stringify({
              headline: `Offer ${row + 1}`,
              price: (19.99 + row * 5).toFixed(2),
              landing_url: `https://shop.example.com/p/${1000 + row}`,
            }),
            ...stamps,
          })),
        )
        .execute();
    }
    if (status === 'failed') {
      await db
        .insertInto('profile_errors')
        .values({
          company_id: companyId,
          profile_id: profile.id,
          row: 14,
          column: 'landing_url',
          message: 'Not a valid URL.',
          created_at: now,
        })
        .execute();
    }
  }

  return profileIds;
}
