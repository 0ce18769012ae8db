import type { ConditionExpression } from '@adstudio/contract';
import type { Executor } from '../../db/database';
import { nowIso } from '../../lib/time';
import { expressionText } from './condition-expression';

/**
 * Demo data sources and conditions; answers the conditions' ids. Nothing is fetched: the weather
 * source starts with its default value, and the first read in the app refreshes it.
 */
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
      // No headers: a text that is not sealed reads as none (data-source-headers.ts).
      headers: '{}',
      json_path: '$.current.temperature',
      refresh_interval: 1800,
      timeout_ms: 3000,
      default_value: '12',
      ...stamps,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const conditions: [string, ConditionExpression][] = [
    [
      'Cold weather (< 5°C)',
      { logic: 'all', predicates: [{ field: `datasource:${weather.id}`, operator: 'lt', value: 5 }] },
    ],
    ['Weekend', { logic: 'all', predicates: [{ field: 'weekday', operator: 'in', value: ['sat', 'sun'] }] }],
    [
      'Mobile devices',
      { logic: 'all', predicates: [{ field: 'device', operator: 'in', value: ['mobile', 'tablet'] }] },
    ],
    [
      'Newsletter visitors',
      { logic: 'any', predicates: [{ field: 'param:utm_source', operator: 'eq', value: 'newsletter' }] },
    ],
  ];
  const conditionIds: number[] = [];
  for (const [i, [name, expression]] of conditions.entries()) {
    const row = await db
      .insertInto('conditions')
      .values({
        company_id: companyId,
        data_source_id: i === 0 ? weather.id : null,
        name,
        expression: expressionText(expression),
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    conditionIds.push(row.id);
  }

  return conditionIds;
}
