import fs from 'node:fs';
import { sql } from 'kysely';
import { createDb } from './src/db/database';
import { migrateToLatest } from './src/db/migrate';

fs.rmSync('/tmp/proto/plan.db', { force: true });
const db = createDb({ kind: 'sqlite', file: '/tmp/proto/plan.db' });
await migrateToLatest(db);
const now = new Date().toISOString();
const c = (
  await db
    .insertInto('companies')
    .values({ name: 'x', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
).id;
for (let s = 0; s < 100000; s += 1000) {
  const rows = Array.from({ length: 1000 }, (_, k) => {
    const i = s + k;
    const l = new Date(Date.UTC(2019, 0, 1) + i * 2.5e6).toISOString().slice(0, 10);
    const e = new Date(Date.UTC(2019, 0, 1) + i * 2.5e6 + (30 + (i % 60)) * 864e5).toISOString().slice(0, 10);
    return {
      company_id: c,
      name: `Brand ${i % 97} Summer Sale ${i}`,
      url: `https://b${i % 500}.example.com/${i}`,
      ranges: '[]',
      launch_date: i % 10 ? l : null,
      end_date: i % 7 ? e : null,
      status: (['draft', 'live', 'testing'] as const)[i % 3],
      created_at: now,
      updated_at: new Date(Date.now() - i * 1000).toISOString(),
    };
  });
  const ids = await db.insertInto('campaigns').values(rows).returning('id').execute();
  await db
    .insertInto('creatives')
    .values(
      ids.flatMap((r, k) =>
        [0, 1, 2].map((j) => ({
          company_id: c,
          campaign_id: r.id,
          name: `Creative ${s + k}-${j}`,
          width: [300, 728, 160][j]!,
          height: [250, 90, 600][j]!,
          status: 'draft' as const,
          created_at: now,
          updated_at: new Date(Date.now() - (s + k) * 1000 - j).toISOString(),
        })),
      ),
    )
    .execute();
}
await sql`analyze`.execute(db);
await db.destroy();
