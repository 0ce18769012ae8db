import { PERMISSIONS, STATUS_TRANSITIONS, STATUSES, type Status } from '@adstudio/contract';
import type { Config } from '../config';
import { hashPassword } from '../lib/passwords';
import { nowIso } from '../lib/time';
import { randomToken } from '../lib/tokens';
import { createCompaniesRepository, createUsersRepository } from '../modules/users/users.repository';
import type { Db } from './database';

export interface PrepareResult {
  /** Set only when a random admin password was generated now: print it once. */
  adminPassword?: string;
  demoUsers: string[];
}

/** First start: creates the company and admin, and demo data unless SEED=false. Later starts: nothing. */
export async function prepareDatabase(
  db: Db,
  config: Pick<Config, 'admin' | 'seed'>,
): Promise<PrepareResult> {
  const users = createUsersRepository(db);
  if ((await users.count()) > 0) return { demoUsers: [] };

  const password = config.admin.password ?? randomToken(12);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const company = await createCompaniesRepository(trx).insert(
      config.seed ? 'Northwind Media' : 'My company',
    );
    const admin = await createUsersRepository(trx).insert({
      company_id: company.id,
      name: 'Admin',
      email: config.admin.email,
      password_hash: passwordHash,
      roles: JSON.stringify(['admin']),
      permissions: JSON.stringify([...PERMISSIONS.filter((p) => p !== 'qa')]),
    });
    const demoUsers: string[] = [];
    if (config.seed) {
      for (const demo of DEMO_USERS) {
        await createUsersRepository(trx).insert({
          company_id: company.id,
          name: demo.name,
          email: demo.email,
          password_hash: passwordHash,
          roles: '[]',
          permissions: JSON.stringify(demo.permissions),
        });
        demoUsers.push(demo.email);
      }
      await seedDemoData(trx, company.id, admin.id);
    }
    return { adminPassword: config.admin.password ? undefined : password, demoUsers };
  });
}

const DEMO_USERS = [
  {
    name: 'Erin Editor',
    email: 'editor@example.com',
    permissions: ['edit campaigns', 'edit creatives', 'edit assets'],
  },
  { name: 'Quinn QA', email: 'qa@example.com', permissions: ['qa'] },
];

const ADVERTISERS = [
  ['Lumen Coffee', 'Winter Blend Launch'],
  ['Arcadia Motors', 'EV Test Drive Week'],
  ['Polar Bank', 'Mortgage Rates Spring'],
  ['Greenleaf Grocers', 'Weekly Deals Always-On'],
  ['Skyline Air', 'Summer Getaways'],
  ['Nordic Telecom', '5G Home Internet'],
  ['Harbor Insurance', 'Renew & Save'],
  ['Pixel Games', 'Season 4 Release'],
  ['Cedar Furniture', 'Black Friday Sofas'],
  ['Vita Pharmacy', 'Flu Shot Reminder'],
  ['Metro Transit', 'Night Lines Awareness'],
  ['Aurora Cinemas', 'Premiere Night'],
  ['Bright Energy', 'Switch & Save Solar'],
  ['Orchid Cosmetics', 'Holiday Gift Sets'],
  ['Summit Outdoor', 'Trail Running Collection'],
  ['Atlas Travel', 'City Breaks Retargeting'],
] as const;

const SIZES = [
  [300, 250],
  [728, 90],
  [160, 600],
  [320, 50],
  [300, 600],
  [970, 250],
] as const;

/** The shortest chain of allowed moves from draft to `target`, so seeded histories are ones the app could write. */
export function statusPath(target: Status): Status[] {
  const previous = new Map<Status, Status>();
  const queue: Status[] = ['draft'];
  while (queue.length) {
    const current = queue.shift()!;
    if (current === target) break;
    for (const next of STATUS_TRANSITIONS[current]) {
      if (next !== 'draft' && !previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  const path: Status[] = [];
  for (let at: Status | undefined = target; at && at !== 'draft'; at = previous.get(at)) path.unshift(at);
  return ['draft', ...path];
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const day = (offset: number) =>
  new Date(Date.UTC(2026, 10, 21) + offset * 86_400_000).toISOString().slice(0, 10);

/** A realistic company: campaigns in every status with creatives, feeds, conditions and publishers. */
export async function seedDemoData(db: Db, companyId: number, userId: number): Promise<void> {
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

  const profileStatuses = ['synced', 'synced', 'new', 'failed', 'synced'] as const;
  const profileIds: number[] = [];
  for (const [i, status] of profileStatuses.entries()) {
    const gsheetId = `1${randomToken(21).replace(/[-_]/g, 'x')}`;
    const profile = await db
      .insertInto('profiles')
      .values({
        company_id: companyId,
        template_id: template.id,
        name: `${ADVERTISERS[i]![0]} product feed`,
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

  const publishers = [
    ['Daily Herald', 'dailyherald.example', 'ads@dailyherald.example'],
    ['TechPulse', 'techpulse.example', 'sales@techpulse.example'],
    ['Outdoor Weekly', 'outdoorweekly.example', 'adops@outdoorweekly.example'],
  ] as const;
  const publisherIds: number[] = [];
  for (const [name, domain, contact] of publishers) {
    const row = await db
      .insertInto('media_entities')
      .values({ company_id: companyId, name, domain, contact_email: contact, ...stamps })
      .returning('id')
      .executeTakeFirstOrThrow();
    publisherIds.push(row.id);
  }

  for (const [i, [advertiser, title]] of ADVERTISERS.entries()) {
    const status = STATUSES[i % STATUSES.length]!;
    const start = -40 + i * 6;
    const launch = day(start);
    const end = day(start + 30 + (i % 3) * 15);
    const campaign = await db
      .insertInto('campaigns')
      .values({
        company_id: companyId,
        name: `${advertiser} – ${title}`,
        url: `https://${advertiser.toLowerCase().replace(/[^a-z]+/g, '')}.example.com/brief`,
        ranges: JSON.stringify([{ start: launch, end }]),
        launch_date: launch,
        end_date: end,
        status,
        created_by: userId,
        ...stamps,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const path = statusPath(status);
    await db
      .insertInto('audit_log')
      .values(
        path.map((to, step) => ({
          company_id: companyId,
          user_id: userId,
          entity_type: 'campaign',
          entity_id: campaign.id,
          action: step === 0 ? 'created' : 'status',
          changes: JSON.stringify(
            step === 0
              ? {
                  name: [null, `${advertiser} – ${title}`],
                  url: [
                    null,
                    `https://${advertiser.toLowerCase().replace(/[^a-z]+/g, '')}.example.com/brief`,
                  ],
                  ranges: [null, [{ start: launch, end }]],
                  launch_date: [null, launch],
                  end_date: [null, end],
                  status: [null, 'draft'],
                }
              : { status: [path[step - 1], to] },
          ),
          created_at: hoursAgo(24 * (path.length - step) + i),
        })),
      )
      .execute();
    for (let c = 0; c < 3; c++) {
      const [width, height] = SIZES[(i + c) % SIZES.length]!;
      const creative = await db
        .insertInto('creatives')
        .values({
          company_id: companyId,
          campaign_id: campaign.id,
          profile_id: c === 0 ? (profileIds[i % profileIds.length] ?? null) : null,
          name: `${advertiser} ${width}x${height}${c === 0 ? ' dynamic' : ''}`,
          width,
          height,
          status: STATUSES[(i + c) % STATUSES.length]!,
          created_by: userId,
          ...stamps,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (c === 0 && i < 6) {
        await db
          .insertInto('approvals')
          .values({
            company_id: companyId,
            campaign_id: campaign.id,
            creative_id: creative.id,
            media_entity_id: publisherIds[i % publisherIds.length]!,
            status: (['pending', 'approved', 'rejected'] as const)[i % 3]!,
            comment: i % 3 === 2 ? 'Logo too small on mobile.' : null,
            decided_at: i % 3 === 0 ? null : now,
            ...stamps,
          })
          .execute();
      }
    }
  }
}
