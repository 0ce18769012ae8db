import type { Db } from '@adstudio/server/src/db/database';
import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
} from 'kysely';

/**
 * BENCH_PLANS=1: the query plans of the statements one request runs (EXPLAIN QUERY PLAN on SQLite,
 * EXPLAIN ANALYZE on PostgreSQL), whatever SQL the server builds. Sign-in and session reads are left out.
 */
export const PLANS = process.env.BENCH_PLANS === '1';

const SESSION_SQL = /from "(sessions|users|login_attempts)"/;

export interface PlanRecorder {
  /** The database to hand to the app: the same connections, watched. */
  db: Db;
  /** Runs `request` and answers each data query it ran with its plan, one line per plan row. */
  plans(request: () => Promise<unknown>): Promise<{ sql: string; plan: string[] }[]>;
}

type Recorded = Pick<PluginTransformQueryArgs, 'node' | 'queryId'>;

export function recordPlans(db: Db, postgres: boolean): PlanRecorder {
  let recording: Recorded[] | null = null;
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs) {
      recording?.push(args);
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
  };
  return {
    db: db.withPlugin(plugin),
    async plans(request) {
      const seen: Recorded[] = [];
      recording = seen;
      try {
        await request();
      } finally {
        recording = null;
      }
      const verb = postgres ? 'explain (analyze, costs off) ' : 'explain query plan ';
      const plans: { sql: string; plan: string[] }[] = [];
      for (const { node, queryId } of seen) {
        const query = db.getExecutor().compileQuery(node, queryId);
        if (!/^\s*(select|with)\b/i.test(query.sql) || SESSION_SQL.test(query.sql)) continue;
        const { rows } = await db.executeQuery(CompiledQuery.raw(verb + query.sql, [...query.parameters]));
        const plan = (rows as Record<string, unknown>[]).map((row) =>
          String(row['QUERY PLAN'] ?? row.detail),
        );
        plans.push({ sql: query.sql, plan });
      }
      return plans;
    },
  };
}
