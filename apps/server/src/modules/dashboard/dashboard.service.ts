import {
  canAccess,
  DASHBOARD_QA_QUEUE_LIMIT,
  DASHBOARD_RECENT_LIMIT,
  type Dashboard,
  type DashboardItem,
  type DashboardItemType,
  type DashboardSections,
  isAdmin,
  isQa,
  QA_STATUSES,
  STATUSES,
  type StatusCounts,
  type User,
} from '@adstudio/contract';
import type { DashboardRepository, ItemRow, ItemTable, StatusTable } from './dashboard.repository';

/** Profile statuses of docs/design.md §5; listed so a status with no profiles still shows as 0. */
const PROFILE_STATUSES = ['new', 'syncing', 'synced', 'failed'] as const;

const KNOWN_STATUSES: Record<StatusTable, readonly string[]> = {
  campaigns: STATUSES,
  creatives: STATUSES,
  profiles: PROFILE_STATUSES,
};

const ITEM_TABLES: Record<DashboardItemType, ItemTable> = {
  campaign: 'campaigns',
  creative: 'creatives',
  profile: 'profiles',
  condition: 'conditions',
};

interface Deps {
  dashboard: DashboardRepository;
}

export function createDashboardService({ dashboard }: Deps) {
  async function statusCounts(table: StatusTable, companyId: number): Promise<StatusCounts> {
    const by_status: Record<string, number> = Object.fromEntries(KNOWN_STATUSES[table].map((s) => [s, 0]));
    let total = 0;
    for (const { status, n } of await dashboard.statusCounts(table, companyId)) {
      by_status[status] = Number(n);
      total += Number(n);
    }
    return { total, by_status };
  }

  const toItem = (type: DashboardItemType) => (row: ItemRow) => ({
    type,
    id: row.id,
    title: row.name,
    status: row.status,
    updated_at: row.updated_at,
  });

  async function sections(user: User): Promise<DashboardSections> {
    const companyId = user.company_id;
    const can = (section: Parameters<typeof canAccess>[1]) => canAccess(user, section, 'read');
    const [campaigns, creatives, profiles, conditions, assets] = await Promise.all([
      can('campaigns') ? statusCounts('campaigns', companyId) : undefined,
      can('creatives') ? statusCounts('creatives', companyId) : undefined,
      can('profiles') ? statusCounts('profiles', companyId) : undefined,
      can('conditions') ? dashboard.count('conditions', companyId) : undefined,
      can('assets') ? dashboard.count('assets', companyId) : undefined,
    ]);
    return {
      ...(campaigns && { campaigns }),
      ...(creatives && { creatives }),
      ...(profiles && { profiles }),
      ...(conditions !== undefined && { conditions: { total: conditions } }),
      ...(assets !== undefined && { assets: { total: assets } }),
    };
  }

  async function recent(user: User): Promise<DashboardItem[]> {
    const types = (Object.keys(ITEM_TABLES) as DashboardItemType[]).filter((type) =>
      canAccess(user, ITEM_TABLES[type], 'read'),
    );
    const lists = await Promise.all(
      types.map(async (type) =>
        (await dashboard.recent(ITEM_TABLES[type], user.company_id, DASHBOARD_RECENT_LIMIT)).map(
          toItem(type),
        ),
      ),
    );
    return lists
      .flat()
      .sort((a, b) => (a.updated_at === b.updated_at ? 0 : a.updated_at < b.updated_at ? 1 : -1))
      .slice(0, DASHBOARD_RECENT_LIMIT);
  }

  /** What waits for a reviewer: only reviewers (qa or admin) get a queue. */
  async function qaQueue(user: User): Promise<DashboardItem[]> {
    if (!isQa(user) && !isAdmin(user)) return [];
    const types = (['campaign', 'creative'] as const).filter((type) =>
      canAccess(user, ITEM_TABLES[type], 'read'),
    );
    const lists = await Promise.all(
      types.map(async (type) =>
        (
          await dashboard.inStatuses(
            type === 'campaign' ? 'campaigns' : 'creatives',
            user.company_id,
            QA_STATUSES,
            DASHBOARD_QA_QUEUE_LIMIT,
          )
        ).map(toItem(type)),
      ),
    );
    return lists
      .flat()
      .sort((a, b) => (a.updated_at === b.updated_at ? 0 : a.updated_at < b.updated_at ? -1 : 1))
      .slice(0, DASHBOARD_QA_QUEUE_LIMIT);
  }

  return {
    /** Counts, recent changes and the review queue of the sections the user may read, in their company. */
    async get(user: User): Promise<Dashboard> {
      const [s, r, q] = await Promise.all([sections(user), recent(user), qaQueue(user)]);
      return { sections: s, recent: r, qa_queue: q };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
