import type { DashboardItemType } from '@adstudio/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  array,
  dataOf,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
} from '../../../lib/read-json';

const ITEM_TYPES = [
  'campaign',
  'creative',
  'profile',
  'condition',
] as const satisfies readonly DashboardItemType[];
const SECTIONS = ['campaigns', 'creatives', 'profiles', 'conditions', 'assets'] as const;

export interface Counts {
  total: number;
  by_status?: Record<string, number> | undefined;
}

export interface DashboardItem {
  type: DashboardItemType;
  id: number | string;
  title: string;
  status: string | null;
  updated_at: string | null;
}

export interface Dashboard {
  sections: Partial<Record<(typeof SECTIONS)[number], Counts>>;
  recent: DashboardItem[];
  qa_queue: DashboardItem[];
}

// Read by hand, not with the contract's DashboardSchema: the dashboard is the first page most users
// load (see read-json.ts). Lenient where the page copes: missing lists are empty, ids may be text.
function readCounts(value: unknown, path: string): Counts {
  const counts = object(value, path);
  return {
    total: number(counts.total, `${path}.total`),
    by_status: optional(record(number))(counts.by_status, `${path}.by_status`),
  };
}

function readItem(value: unknown, path: string): DashboardItem {
  const item = object(value, path);
  const id = typeof item.id === 'string' ? item.id : number(item.id, `${path}.id`);
  return {
    type: oneOf(ITEM_TYPES)(item.type, `${path}.type`),
    id,
    title: string(item.title, `${path}.title`),
    status: nullable(string, 'null')(item.status, `${path}.status`),
    updated_at: nullable(string, 'null')(item.updated_at, `${path}.updated_at`),
  };
}

export function readDashboard(value: unknown, path: string): Dashboard {
  const dashboard = object(value, path);
  const sections = object(dashboard.sections ?? {}, `${path}.sections`);
  const counts: Dashboard['sections'] = {};
  for (const section of SECTIONS) {
    const read = optional(readCounts)(sections[section], `${path}.sections.${section}`);
    if (read) counts[section] = read;
  }
  return {
    sections: counts,
    recent: array(readItem)(dashboard.recent ?? [], `${path}.recent`),
    qa_queue: array(readItem)(dashboard.qa_queue ?? [], `${path}.qa_queue`),
  };
}

export async function getDashboard(): Promise<Dashboard> {
  const response = await api.get('/v1/dashboard');
  return dataOf(response.data, readDashboard);
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'], queryFn: getDashboard, staleTime: 15_000 });

export const useDashboard = () => useQuery(dashboardQueryOptions());
