import type { Db } from '@adstudio/server/src/db/database';
import type { DB } from '@adstudio/server/src/db/schema';
import { hashPassword } from '@adstudio/server/src/lib/passwords';
import {
  createCompaniesRepository,
  createUsersRepository,
} from '@adstudio/server/src/modules/users/users.repository';
import type { Transaction } from 'kysely';
import {
  BRANDS,
  CUSTOM_SIZES,
  campaignName,
  creativeName,
  PLANTED,
  profileName,
  random,
  STANDARD_SIZES,
  slug,
  THEMES,
} from './names';

/**
 * docs/design.md §7's sizes in one company (100k campaigns, 300k creatives, 20k profiles, times
 * BENCH_SCALE) and a small company of 1,000 campaigns beside it, each with a signed-in-able admin.
 * Plain INSERTs in batches inside transactions, so the schema's own triggers and indexes keep up
 * exactly as they do for the app.
 */
export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
if (!(SCALE > 0)) throw new Error(`BENCH_SCALE must be a positive number, not ${process.env.BENCH_SCALE}`);

export const PASSWORD = 'bench-password';
const BATCH = 1000;
const BATCHES_PER_TRANSACTION = 20;
const DAY = 86_400_000;
/** The data spans these years; row 0 is the oldest. */
const FIRST = Date.UTC(2019, 0, 1);
const LAST = Date.UTC(2026, 10, 1);

export interface CompanySize {
  campaigns: number;
  creatives: number;
  profiles: number;
}

export const BIG: CompanySize = {
  campaigns: Math.max(100, Math.round(100_000 * SCALE)),
  creatives: Math.max(300, Math.round(300_000 * SCALE)),
  profiles: Math.max(20, Math.round(20_000 * SCALE)),
};
export const SMALL: CompanySize = { campaigns: 1000, creatives: 3000, profiles: 200 };

export interface FilledCompany {
  id: number;
  size: CompanySize;
  admin: { email: string; password: string };
  /** Rows the benchmarks ask for by name or id. */
  landmarks: {
    /** The full name of a campaign in the middle of the table. */
    exactCampaign: string;
    /** The oldest rows, named "Big Lumber …": only they contain PLANTED.rareText. */
    plantedCampaign: string;
    plantedCreative: string;
    plantedProfile: string;
    /** A campaign holding 1 % of all creatives, and one holding a handful. */
    busyCampaignId: number;
    quietCampaignId: number;
  };
}

const PLANTED_SIZE = { width: 300, height: 250 };
const SHEET_CHARS = [...'abcdefghijkmnopqrstuvwxyzABCDEFGH0123456789'];

const iso = (ms: number) => new Date(ms).toISOString();
const dateOf = (ms: number) => iso(ms).slice(0, 10);

/** Row `i` of `count` is created at its place between FIRST and LAST. */
const createdAt = (i: number, count: number, jitter: number) =>
  FIRST + Math.floor(((LAST - FIRST) * i) / count) + jitter;

/** Runs `insert` over [0, count) in batches, BATCHES_PER_TRANSACTION batches per transaction. */
async function inBatches(
  db: Db,
  label: string,
  count: number,
  insert: (trx: Transaction<DB>, from: number, to: number) => Promise<void>,
) {
  const started = performance.now();
  const perTransaction = BATCH * BATCHES_PER_TRANSACTION;
  for (let start = 0; start < count; start += perTransaction) {
    await db.transaction().execute(async (trx) => {
      for (let from = start; from < Math.min(count, start + perTransaction); from += BATCH)
        await insert(trx, from, Math.min(count, from + BATCH));
    });
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  ${label.padEnd(10)} ${count.toLocaleString('en').padStart(9)} rows  ${seconds.toFixed(1).padStart(5)} s  (${Math.round(count / seconds).toLocaleString('en')} rows/s)`,
  );
}

export async function fillCompany(
  db: Db,
  { name, size, seed }: { name: string; size: CompanySize; seed: number },
): Promise<FilledCompany> {
  const r = random(seed);
  const company = await createCompaniesRepository(db).insert(name);
  const email = `admin-${slug(name)}@example.com`;
  const admin = await createUsersRepository(db).insert({
    company_id: company.id,
    name: `${name} admin`,
    email,
    password_hash: await hashPassword(PASSWORD),
    roles: JSON.stringify(['admin']),
    permissions: '[]',
  });
  const owned = { company_id: company.id };
  const base = { ...owned, created_by: admin.id };
  // Row 8 of each table is a "Big Lumber" one, among the oldest.
  const PLANTED_INDEX = 7;
  const planted = (i: number) => i === PLANTED_INDEX;
  const busy = Math.floor(size.campaigns / 2);
  const quiet = Math.floor(size.campaigns / 3);

  // What each campaign is about, for its creatives' names and dates.
  const campaignIds = new Int32Array(size.campaigns);
  const brandOf = new Uint8Array(size.campaigns);
  const themeOf = new Uint8Array(size.campaigns);
  const createdOf = new Float64Array(size.campaigns);
  const spanOf: ({ launch: string; end: string | null } | null)[] = [];
  const names: string[] = [];
  await inBatches(db, 'campaigns', size.campaigns, async (trx, from, to) => {
    const rows = [];
    for (let i = from; i < to; i++) {
      const n = i + 1;
      const [b, t] = [r.int(BRANDS.length), r.int(THEMES.length)];
      brandOf[i] = b;
      themeOf[i] = t;
      const [brand, theme] = planted(i) ? [PLANTED.brand, PLANTED.theme] : [BRANDS[b]!, THEMES[t]!];
      const created = createdAt(i, size.campaigns, r.int(DAY / 2));
      createdOf[i] = created;
      const launch = created + (7 + r.int(30)) * DAY;
      const dated = !r.chance(0.03);
      const end = dated && !r.chance(0.05) ? dateOf(launch + (14 + r.int(106)) * DAY) : null;
      spanOf[i] = dated ? { launch: dateOf(launch), end } : null;
      const updated = created + r.int(20 * DAY);
      const kept = planted(i) || i === busy || i === quiet;
      const deleted = r.chance(0.02) && !kept ? iso(updated + r.int(DAY)) : null;
      const name = campaignName(brand, theme, new Date(launch).getUTCFullYear(), n);
      names[i] = name;
      rows.push({
        ...base,
        name,
        url: r.chance(0.9) ? `https://${slug(brand)}.example.com/${slug(theme)}/brief` : null,
        ranges: JSON.stringify(dated && end ? [{ start: dateOf(launch), end }] : []),
        launch_date: dated ? dateOf(launch) : null,
        end_date: end,
        status: r.status(),
        created_at: iso(created),
        updated_at: iso(updated),
        deleted_at: deleted,
      });
    }
    const ids = await trx.insertInto('campaigns').values(rows).returning('id').execute();
    ids.forEach((row, k) => {
      campaignIds[from + k] = row.id;
    });
  });

  const profileIds: number[] = [];
  await inBatches(db, 'profiles', size.profiles, async (trx, from, to) => {
    const rows = [];
    for (let i = from; i < to; i++) {
      const n = i + 1;
      const [brand, theme] = planted(i) ? [PLANTED.brand, PLANTED.theme] : [r.pick(BRANDS), r.pick(THEMES)];
      const created = createdAt(i, size.profiles, r.int(DAY));
      const status = r.pick(['synced', 'synced', 'synced', 'new', 'failed'] as const);
      const sheet = `1${Array.from({ length: 43 }, () => r.pick(SHEET_CHARS)).join('')}`;
      rows.push({
        ...owned,
        name: profileName(brand, theme, n),
        url: `https://docs.google.com/spreadsheets/d/${sheet}/edit`,
        gsheet_id: sheet,
        ranges: JSON.stringify(['Sheet1!A1:F500']),
        status,
        synced_at: status === 'synced' ? iso(created + DAY) : null,
        created_at: iso(created),
        updated_at: iso(created + r.int(30 * DAY)),
        deleted_at: r.chance(0.02) && !planted(i) ? iso(created + 40 * DAY) : null,
      });
    }
    const ids = await trx.insertInto('profiles').values(rows).returning('id').execute();
    profileIds.push(...ids.map((row) => row.id));
  });

  // Creatives follow their campaigns in time: campaign c gets the creatives around c/campaigns of
  // the table, except 1 % that all belong to one busy campaign in the middle.
  await inBatches(db, 'creatives', size.creatives, async (trx, from, to) => {
    const rows = [];
    for (let i = from; i < to; i++) {
      const n = i + 1;
      const c = planted(i)
        ? PLANTED_INDEX
        : r.chance(0.01)
          ? busy
          : Math.min(size.campaigns - 1, Math.floor((i * size.campaigns) / size.creatives));
      const [brand, theme] = planted(i)
        ? [PLANTED.brand, PLANTED.theme]
        : [BRANDS[brandOf[c]!]!, THEMES[themeOf[c]!]!];
      const sized = planted(i)
        ? PLANTED_SIZE
        : r.chance(0.95)
          ? r.pick(STANDARD_SIZES)
          : r.pick(CUSTOM_SIZES);
      const created = createdOf[c]! + r.int(10 * DAY);
      rows.push({
        ...base,
        campaign_id: campaignIds[c]!,
        profile_id: r.chance(0.1) && profileIds.length ? r.pick(profileIds) : null,
        name: creativeName(brand, theme, sized, n),
        width: sized.width,
        height: sized.height,
        status: r.status(),
        click_url: r.chance(0.8) ? `https://${slug(brand)}.example.com/?utm_campaign=${n}` : null,
        created_at: iso(created),
        updated_at: iso(created + r.int(5 * DAY)),
        deleted_at: r.chance(0.02) && !planted(i) ? iso(created + 30 * DAY) : null,
      });
    }
    await trx.insertInto('creatives').values(rows).execute();
  });

  return {
    id: company.id,
    size,
    admin: { email, password: PASSWORD },
    landmarks: {
      exactCampaign: names[busy]!,
      plantedCampaign: names[PLANTED_INDEX]!,
      plantedCreative: creativeName(PLANTED.brand, PLANTED.theme, PLANTED_SIZE, PLANTED_INDEX + 1),
      plantedProfile: profileName(PLANTED.brand, PLANTED.theme, PLANTED_INDEX + 1),
      busyCampaignId: campaignIds[busy]!,
      quietCampaignId: campaignIds[quiet]!,
    },
  };
}

/**
 * Adds campaigns `from`…`to` (row numbers, 0-based) to an existing company, newer than any before,
 * in the same batches and transactions as `fillCompany`: what a company that keeps working adds
 * to a running server: created over the year after the filled ones.
 */
export async function addCampaigns(
  db: Db,
  {
    companyId,
    createdBy,
    from,
    to,
    seed,
  }: { companyId: number; createdBy: number; from: number; to: number; seed: number },
): Promise<void> {
  const r = random(seed);
  await inBatches(db, 'campaigns', to - from, async (trx, start, end) => {
    const rows = [];
    for (let i = from + start; i < from + end; i++) {
      const [brand, theme] = [r.pick(BRANDS), r.pick(THEMES)];
      const created = LAST + Math.floor((365 * DAY * (i - from)) / (to - from)) + r.int(DAY / 2);
      const launch = created + (7 + r.int(30)) * DAY;
      const dated = !r.chance(0.03);
      const end = dated && !r.chance(0.05) ? dateOf(launch + (14 + r.int(106)) * DAY) : null;
      rows.push({
        company_id: companyId,
        created_by: createdBy,
        name: campaignName(brand, theme, new Date(launch).getUTCFullYear(), i + 1),
        url: r.chance(0.9) ? `https://${slug(brand)}.example.com/${slug(theme)}/brief` : null,
        ranges: JSON.stringify(dated && end ? [{ start: dateOf(launch), end }] : []),
        launch_date: dated ? dateOf(launch) : null,
        end_date: end,
        status: r.status(),
        created_at: iso(created),
        updated_at: iso(created + r.int(20 * DAY)),
        deleted_at: r.chance(0.02) ? iso(created + DAY) : null,
      });
    }
    await trx.insertInto('campaigns').values(rows).execute();
  });
}
