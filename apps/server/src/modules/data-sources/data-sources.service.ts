import {
  DATA_SOURCE_NAME_MAX,
  DATA_SOURCE_SAMPLE_CHARS,
  DATA_SOURCE_TIMEOUT_DEFAULT_MS,
  type DataSource,
  type DataSourceCreate,
  type DataSourceListQuery,
  type DataSourceMethod,
  type DataSourceTest,
  type DataSourceTestResult,
  type DataSourceUpdate,
  dataSourceInUse,
  type User,
} from '@adstudio/contract';
import type { Executor, Transactor } from '../../db/database';
import type { Changes } from '../../lib/audit-changes';
import { mergeEdit } from '../../lib/edits';
import { HttpError, unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import type { ListPage } from '../../lib/list';
import { resourceService } from '../../lib/resource';
import { nowIso } from '../../lib/time';
import { changedMeanwhile } from '../../lib/versions';
import type { SavedUrlCheck } from '../../net/saved-url';
import type { AuditLog } from '../audit';
import {
  type FetchDefinition,
  type FetchReach,
  fetchDataSource,
  type StoredHeader,
} from './data-source-fetch';
import type { HeaderVault } from './data-source-headers';
import { currentValue, filledUrl } from './data-source-values';
import type { DataSourceRow, DataSourcesRepository } from './data-sources.repository';
import { isOwnDemoUrl } from './demo-weather';

export const NAME_TAKEN = 'The name has already been taken.';
export const CHANGED_MEANWHILE = changedMeanwhile('data source');
export const HEADER_VALUE_REQUIRED = 'The header value is required.';

/** The fields a user edits; header values stay out of it (and so out of the audit log). */
interface DataSourceFields {
  name: string;
  url: string;
  method: DataSourceMethod;
  json_path: string | null;
  refresh_seconds: number;
  timeout_ms: number;
  default_value: string | null;
}

const fieldsOf = (row: DataSourceRow): DataSourceFields => ({
  name: row.name,
  url: row.url,
  method: row.method === 'POST' ? 'POST' : 'GET',
  json_path: row.json_path,
  refresh_seconds: row.refresh_interval,
  timeout_ms: row.timeout_ms,
  default_value: row.default_value,
});

const columnsOf = ({ refresh_seconds, ...fields }: DataSourceFields) => ({
  ...fields,
  refresh_interval: refresh_seconds,
});

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Headers as the audit log shows them: their names, a changed value marked, never a value.
 * Answers undefined when nothing about them changed.
 */
function headerChanges(before: readonly StoredHeader[], after: readonly StoredHeader[]): Changes {
  const names = (headers: readonly StoredHeader[]) => headers.map((h) => h.name);
  const marked = after.map((header) => {
    const old = before.find((h) => sameName(h.name, header.name));
    return old && old.value !== header.value ? `${header.name} (new value)` : header.name;
  });
  const changed = JSON.stringify(names(before)) !== JSON.stringify(marked);
  return changed ? { headers: [names(before), marked] } : {};
}

interface Deps {
  dataSources: DataSourcesRepository;
  /** The company's live conditions that read each of these data sources, by id (asked of conditions). */
  conditionsUsing: (
    companyId: number,
    ids: readonly number[],
    trx?: Executor,
  ) => Promise<Map<number, { id: number; name: string }[]>>;
  vault: HeaderVault;
  reach: FetchReach;
  /** Refuses a URL the SSRF guard would refuse at every fetch (422 on `url`). */
  reachable: SavedUrlCheck;
  audit: AuditLog;
  transaction: Transactor;
}

export function createDataSourcesService({
  dataSources,
  conditionsUsing: usedBy,
  vault,
  reach,
  reachable,
  audit,
  transaction,
}: Deps) {
  /** The app's own demo endpoint is answered in process (demo-weather.ts); any other URL must be reachable. */
  const assertReachable = (url: string | undefined) => {
    if (url && !isOwnDemoUrl(url, reach.appUrl)) reachable(url);
  };
  /** Names are unique among the company's live data sources, ignoring case (the check, then the index). */
  const base = resourceService({
    noun: 'data source',
    repository: dataSources,
    audit,
    transaction,
    name: { index: 'data_sources_live_name_key', message: NAME_TAKEN, max: DATA_SOURCE_NAME_MAX },
  });

  const toDataSource = (
    row: DataSourceRow,
    uses: Map<number, { id: number; name: string }[]>,
  ): DataSource => {
    const { headers } = vault.read(row.headers);
    return {
      id: row.id,
      ...fieldsOf(row),
      headers: headers.map((header) => ({ name: header.name, set: true as const })),
      value: currentValue(
        {
          value: row.last_value,
          fetched_at: row.fetched_at,
          last_error: row.last_error,
          failed_at: row.failed_at,
        },
        row.default_value,
      ).value,
      last_value: parseJson(row.last_value, null),
      fetched_at: row.fetched_at,
      last_error: row.last_error,
      failed_at: row.failed_at,
      used_by: uses.get(row.id) ?? [],
      created_at: row.created_at,
      updated_at: row.updated_at,
      deleted_at: row.deleted_at,
    };
  };

  const view = async (user: User, row: DataSourceRow, trx?: Executor) =>
    toDataSource(row, await usedBy(user.company_id, [row.id], trx));

  /**
   * The header list after an edit: each sent header with its new value, or the stored value of the
   * same name when none is sent (a 422 on `headers.N.value` when there is none to keep).
   */
  const mergeHeaders = (
    sent: readonly { name: string; value?: string }[],
    stored: readonly StoredHeader[],
  ): StoredHeader[] => {
    const errors: Record<string, string[]> = {};
    const merged = sent.map((header, i) => {
      const value = header.value ?? stored.find((h) => sameName(h.name, header.name))?.value;
      if (value === undefined) errors[`headers.${i}.value`] = [HEADER_VALUE_REQUIRED];
      return { name: header.name, value: value ?? '' };
    });
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    return merged;
  };

  return {
    /** Which of these ids are live data sources of the company (conditions may read only those). */
    liveIds: (companyId: number, ids: readonly number[], trx?: Executor) =>
      dataSources.liveIds(companyId, ids, trx),

    async list(user: User, query: DataSourceListQuery): Promise<ListPage<DataSource>> {
      const page = await dataSources.list(user.company_id, query);
      const uses = await usedBy(
        user.company_id,
        page.data.map((row) => row.id),
      );
      return { data: page.data.map((row) => toDataSource(row, uses)), meta: page.meta };
    },

    get: async (user: User, id: number): Promise<DataSource> => view(user, await base.find(user, id)),

    create: (user: User, body: DataSourceCreate): Promise<DataSource> =>
      transaction(async (trx) => {
        assertReachable(body.url);
        await base.assertNameFree(user, body.name, undefined, trx);
        const fields: DataSourceFields = {
          name: body.name,
          url: body.url,
          method: body.method,
          json_path: body.json_path ?? null,
          refresh_seconds: body.refresh_seconds,
          timeout_ms: body.timeout_ms,
          default_value: body.default_value ?? null,
        };
        const headers = mergeHeaders(body.headers, []);
        const now = nowIso();
        const row = await base.insert(
          user,
          fields,
          () =>
            dataSources.insert(
              {
                ...columnsOf(fields),
                company_id: user.company_id,
                headers: vault.write(headers),
                created_at: now,
                updated_at: now,
              },
              trx,
            ),
          trx,
          { checked: true, extra: headerChanges([], headers) },
        );
        return view(user, row, trx);
      }),

    /**
     * Edits fields (409 when stale; without `updated_at` unconditional). `headers`, when sent, is the whole list;
     * a header sent without a value keeps its stored one. A changed definition forgets the values
     * fetched with the old one.
     */
    update: (user: User, id: number, body: DataSourceUpdate, ifMatch?: string): Promise<DataSource> => {
      const { updated_at, headers: sentHeaders, ...edits } = body;
      assertReachable(edits.url);
      return base.update(user, id, updated_at, ifMatch, {
        plan: (row) => {
          const { after, changes } = mergeEdit(fieldsOf(row), edits);
          const stored = vault.read(row.headers).headers;
          const headers = sentHeaders === undefined ? stored : mergeHeaders(sentHeaders, stored);
          // Header values are sealed: the audit names the headers whose values changed, never a value.
          const headerEdit = headerChanges(stored, headers);
          const values = {
            ...columnsOf(after),
            ...(headerEdit.headers ? { headers: vault.write(headers) } : {}),
          };
          return { values, changes: { ...changes, ...headerEdit } };
        },
        async written(row, { changes }, trx) {
          // A new definition's values are fetched anew.
          if (!['url', 'method', 'json_path', 'headers'].some((field) => field in changes)) return row;
          await dataSources.clearFetched(user.company_id, id, trx);
          return base.find(user, id, trx);
        },
        view: (row, trx) => view(user, row, trx),
      });
    },

    /** Soft delete; refused while a live condition reads the data source. */
    remove: (user: User, id: number): Promise<void> =>
      base.remove(user, id, {
        async refuse(_row, trx) {
          const conditions = (await usedBy(user.company_id, [id], trx)).get(id) ?? [];
          if (conditions.length > 0) throw new HttpError(422, dataSourceInUse(conditions.map((c) => c.name)));
        },
      }),

    /** Brings a deleted data source back, unless a live one has taken its name meanwhile. */
    restore: (user: User, id: number): Promise<DataSource> =>
      base.restore(user, id, (row, trx) => view(user, row, trx)),

    /**
     * Fetches a definition once and shows what came back, without storing anything: a saved data
     * source (`id`) overlaid by the fields sent, its stored header values used where none is sent;
     * or an unsaved definition.
     */
    async test(user: User, body: DataSourceTest): Promise<DataSourceTestResult> {
      const row = body.id === undefined ? undefined : await base.find(user, body.id);
      const stored = row ? vault.read(row.headers).headers : [];
      const saved = row ? fieldsOf(row) : undefined;
      const definition: FetchDefinition = {
        method: body.method ?? saved?.method ?? 'GET',
        json_path: body.json_path !== undefined ? body.json_path : (saved?.json_path ?? null),
        timeout_ms: body.timeout_ms ?? saved?.timeout_ms ?? DATA_SOURCE_TIMEOUT_DEFAULT_MS,
        // A header sent without a value and none stored is simply not sent: this is a trial.
        headers:
          body.headers === undefined
            ? stored
            : body.headers.flatMap((header) => {
                const value = header.value ?? stored.find((h) => sameName(h.name, header.name))?.value;
                return value === undefined ? [] : [{ name: header.name, value }];
              }),
      };
      const url = filledUrl(body.url ?? saved!.url, body.placeholders ?? {});
      const outcome = await fetchDataSource(url, definition, reach);
      return {
        ok: outcome.error === null,
        url,
        status: outcome.status,
        duration_ms: outcome.durationMs,
        content_type: outcome.contentType,
        body_sample: outcome.text.slice(0, DATA_SOURCE_SAMPLE_CHARS),
        truncated: outcome.text.length > DATA_SOURCE_SAMPLE_CHARS,
        value: outcome.value,
        error: outcome.error,
      };
    },
  };
}
export type DataSourcesService = ReturnType<typeof createDataSourcesService>;
