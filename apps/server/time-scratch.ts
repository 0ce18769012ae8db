import { sql } from 'kysely';
import { createDb } from './src/db/database';
import { createCampaignsRepository } from './src/modules/campaigns/campaigns.repository';
import { createCreativesRepository } from './src/modules/creatives/creatives.repository';

const db = createDb({ kind: 'sqlite', file: '/tmp/proto/plan.db' });
await sql`create index if not exists campaigns_live_text_idx on campaigns (company_id, lower(name), lower(url)) where deleted_at is null`.execute(
  db,
);
await sql`analyze`.execute(db);
const camp = createCampaignsRepository(db);
const cre = createCreativesRepository(db);
const base = { page: 1, 'items-per-page': 25 } as any;
const time = async (label: string, run: () => Promise<unknown>) => {
  await run();
  const s: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    await run();
    s.push(performance.now() - t);
  }
  s.sort((a, b) => a - b);
  console.log(label.padEnd(30), s[7]!.toFixed(1), s[14]!.toFixed(1));
};
for (const f of ['zq', 'su', 'e', 'ß', 'b9', 'Su', 'campaign', 'sale 9999', 'brand 12 '])
  await time(`campaigns filter ${f}`, () => camp.list(1, { ...base, filter: f }));
for (const d of ['2019-03-01', '2022-06-15', '2030-01-01'])
  await time(`campaigns date ${d}`, () => camp.list(1, { ...base, date: d }));
for (const d of ['2019-03-01', '2022-06-15', '2030-01-01'])
  await time(`creatives date ${d}`, () => cre.list(1, { ...base, date: d } as any));
for (const f of ['zq', 've 1', 'creative 9'])
  await time(`creatives filter ${f}`, () => cre.list(1, { ...base, filter: f } as any));
await db.destroy();
