import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STATUSES } from '@adstudio/contract';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest, schemaOf } from '../apps/server/src/db/migrate';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { summary } from './util';

/**
 * Campaign list latency through the real HTTP stack (session, guard, validation, query, serialization)
 * with DESIGN section 7's 100k campaigns in the company. Target: p99 < 20 ms.
 */
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 100_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-bench-'));
const pgUrl = process.env.TEST_DATABASE_URL;
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED: 'false',
  RATE_LIMIT_PER_MINUTE: '1000000',
  ...(pgUrl && process.env.BENCH_ENGINE === 'postgres' ? { DATABASE_URL: pgUrl } : {}),
});
const db = createDb(config.database);
await migrateToLatest(db, schemaOf(config.database));
if (config.database.kind === 'postgres') {
  console.log('PostgreSQL: this benchmark expects an empty database; it drops nothing.');
}

const now = new Date().toISOString();
const company = await db
  .insertInto('companies')
  .values({ name: 'Bench', created_at: now })
  .returning('id')
  .executeTakeFirstOrThrow();
const password = 'bench-password';
await db
  .insertInto('users')
  .values({
    company_id: company.id,
    name: 'Bench',
    email: 'bench@example.com',
    password_hash: await hashPassword(password),
    roles: '["admin"]',
    created_at: now,
    updated_at: now,
  })
  .execute();

let t0 = performance.now();
const words = [
  'Winter',
  'Summer',
  'Launch',
  'Promo',
  'Always-On',
  'Retargeting',
  'Brand',
  'Video',
  'Display',
  'Search',
];
for (let start = 0; start < CAMPAIGNS; start += 1000) {
  const rows = Array.from({ length: Math.min(1000, CAMPAIGNS - start) }, (_, k) => {
    const i = start + k;
    const launch = new Date(Date.UTC(2024, 0, 1) + (i % 900) * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.UTC(2024, 0, 1) + ((i % 900) + 30 + (i % 60)) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return {
      company_id: company.id,
      name: `${words[i % words.length]} ${words[(i * 7) % words.length]} campaign ${i}`,
      url: `https://brand${i % 500}.example.com/brief/${i}`,
      ranges: JSON.stringify([{ start: launch, end }]),
      launch_date: launch,
      end_date: end,
      status: STATUSES[i % STATUSES.length]!,
      created_at: now,
      updated_at: new Date(Date.now() - i * 1000).toISOString(),
    };
  });
  await db.insertInto('campaigns').values(rows).execute();
}
console.log(
  `inserted ${CAMPAIGNS} campaigns in ${((performance.now() - t0) / 1000).toFixed(1)} s (${config.database.kind})`,
);

const app = await buildApp({ config, db, logger: false });
await app.ready();
const guest = await app.inject({ method: 'GET', url: '/healthz' });
const xsrf = guest.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
const login = await app.inject({
  method: 'POST',
  url: '/auth/login',
  cookies: { 'XSRF-TOKEN': xsrf },
  headers: { 'x-xsrf-token': xsrf },
  payload: { email: 'bench@example.com', password },
});
const session = login.cookies.find((c) => c.name === 'adstudio_session')!.value;

const cases: [string, (i: number) => string][] = [
  ['baseline: GET /v1/user (no list)', () => '/v1/user'],
  ['first page, default order', () => '/v1/campaigns/'],
  ['deep page sorted by name', (i) => `/v1/campaigns/?page=${1 + (i % 400)}&sort-by=name&sort-order=asc`],
  [
    'sorted by updated_at desc',
    (i) => `/v1/campaigns/?page=${1 + (i % 50)}&sort-by=updated_at&sort-order=desc`,
  ],
  [
    'filter text',
    (i) => `/v1/campaigns/?filter=${encodeURIComponent(words[i % words.length]!.toLowerCase())}`,
  ],
  ['date filter', (i) => `/v1/campaigns/?date=2024-0${1 + (i % 9)}-15`],
  [
    '100 per page by launch_date',
    (i) => `/v1/campaigns/?items-per-page=100&page=${1 + (i % 20)}&sort-by=launch_date`,
  ],
];
for (const [label, url] of cases) {
  for (let i = 0; i < 10; i++)
    await app.inject({ method: 'GET', url: url(i), cookies: { adstudio_session: session } });
  const samples: number[] = [];
  for (let i = 0; i < 200; i++) {
    t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: url(i), cookies: { adstudio_session: session } });
    samples.push(performance.now() - t0);
    if (res.statusCode !== 200)
      throw new Error(`${url(i)} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  }
  console.log(summary(label.startsWith('baseline') ? label : `GET campaigns: ${label}`, samples));
}
await app.close();
await db.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
