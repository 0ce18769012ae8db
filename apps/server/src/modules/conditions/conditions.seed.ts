import type { Executor } from '../../db/database';
import { nowIso } from '../../lib/time';

/** Demo data sources and conditions; answers the conditions' ids. */
export async function seedConditions(db: Executor, companyId: number): Promise<number[]> {
  const now = nowIso();
  const stamps = { created_at: now, updated_at: now };
  const weather = await db
    .insertInto('data_sources')
    .values({
      company_id: companyId,
      name: 'Weather by city',
      url: 'https://weather.example.com/v1/current?city={city}',
      method: 'GET',
      headers: '{}',
      json_path: '$.current.temperature',
      refresh_interval: 1800,
      ...stamps,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const conditionNames = ['Cold weather (< 5°C)', 'Weekend', 'Mobile devices', 'Returning visitors'];
  const conditionIds: number[] = [];
  for (const [i, name] of conditionNames.entries()) {
    const row = await db
      .insertInto('conditions')
      .values({
        company_id: companyId,
        data_source_id: i === 0 ? weather.id : null,
        name,
        expression: JSON.stringify({
          match: 'all',
          rules: [
            i === 0
              ? { field: 'temperature', operator: 'lt', value: 5 }
              : i === 1
                ? { field: 'weekday', operator: 'in', value: ['sat', 'sun'] }
                : i === 2
                  ? { field: 'device', operator: 'eq', value: 'mobile' }
                  : { field: 'visits', operator: 'gt', value: 1 },
          ],
        }),
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    conditionIds.push(row.id);
  }

  return conditionIds;
}
