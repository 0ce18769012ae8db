import type { ConditionExpression } from '@adstudio/contract';
import type { Executor } from '../../db/database';
import { nowIso } from '../../lib/time';
import { DEMO_WEATHER_PATH } from '../data-sources';
import { expressionText } from './condition-expression';

// Demo rows go straight into the tables, as a migration's data would, inside cli/seed-demo.ts's transaction.

/** The demo conditions by name: the demo feeds' `Conditions` columns name them (demo-feeds.ts). */
export const DEMO_CONDITIONS = {
  cold: 'Cold weather (< 5°C)',
  weekend: 'Weekend',
  mornings: 'Mornings',
  benelux: 'Benelux visitors',
  mobile: 'Mobile devices',
  newsletter: 'Newsletter visitors',
} as const;

/**
 * Demo data sources and conditions (by weekday, daypart, country, device, a parameter and the
 * weather); answers the conditions' ids. The weather source is the app's own demo endpoint on
 * `appUrl` (demo-weather.ts), read in process, so the demo works offline. Nothing is fetched here:
 * it starts with its default value, and the first read in the app refreshes it.
 */
export async function seedConditions(db: Executor, companyId: number, appUrl: string): Promise<number[]> {
  const now = nowIso();
  const stamps = { created_at: now, updated_at: now };
  const weather = await db
    .insertInto('data_sources')
    .values({
      company_id: companyId,
      name: 'Weather by city',
      url: `${appUrl}${DEMO_WEATHER_PATH}?city={city}`,
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
      DEMO_CONDITIONS.cold,
      { logic: 'all', predicates: [{ field: `datasource:${weather.id}`, operator: 'lt', value: 5 }] },
    ],
    [
      DEMO_CONDITIONS.weekend,
      { logic: 'all', predicates: [{ field: 'weekday', operator: 'in', value: ['sat', 'sun'] }] },
    ],
    [
      DEMO_CONDITIONS.mornings,
      { logic: 'all', predicates: [{ field: 'time', operator: 'between', value: ['06:00', '11:59'] }] },
    ],
    [
      DEMO_CONDITIONS.benelux,
      { logic: 'all', predicates: [{ field: 'country', operator: 'in', value: ['BE', 'NL', 'LU'] }] },
    ],
    [
      DEMO_CONDITIONS.mobile,
      { logic: 'all', predicates: [{ field: 'device', operator: 'in', value: ['mobile', 'tablet'] }] },
    ],
    [
      DEMO_CONDITIONS.newsletter,
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
