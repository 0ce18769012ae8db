import { buildApp } from './app';
import { prepareDatabase } from './cli/seed-demo';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/database';
import { migrateToLatest, schemaOf } from './db/migrate';
import { initErrorReporting } from './lib/error-reporting';
import { startTracing, stopTracing } from './lib/tracing';
import { localSenderWarning } from './modules/mail';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`adstudio: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // Tracing before the database and the app: both trace themselves only if it runs when they are made.
  await startTracing(config.tracing);
  await initErrorReporting(config.sentryDsn, config.env, {
    ownTracing: config.tracing.endpoint !== undefined,
  });

  const db = createDb(config.database);
  await migrateToLatest(db, schemaOf(config.database));
  const setup = await prepareDatabase(db, config);

  const app = await buildApp({ config, db });
  let closing = false;
  /**
   * Stops accepting, answers the requests in flight and waits for running jobs (at most
   * SHUTDOWN_SECONDS: then the connections still open are closed and the jobs handed back), flushes
   * the stats buffer (the app's `onClose`), and exits 0.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: draining requests and jobs (at most ${config.shutdownSeconds} s)`);
    const bound = setTimeout(() => {
      app.log.warn(`${signal}: still busy after ${config.shutdownSeconds} s; closing open connections`);
      app.server.closeAllConnections();
    }, config.shutdownSeconds * 1000);
    bound.unref();
    await app.close();
    clearTimeout(bound);
    await db.destroy();
    await stopTracing();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  const senderWarning = localSenderWarning(config.mail?.from);
  const lines = [
    '',
    `  Adstudio is running at ${config.appUrl}`,
    `  Database: ${where}`,
    `  Sign in as ${config.admin.email}`,
    setup.adminPassword
      ? `  Password: ${setup.adminPassword}   (shown once; set ADMIN_PASSWORD to choose it)`
      : '  Password: the one set with ADMIN_PASSWORD (or `npm run user -- password --email … --password …`)',
    ...(setup.demoUsers.length ? [`  Demo users (same password): ${setup.demoUsers.join(', ')}`] : []),
    `  API docs: ${config.appUrl}/docs`,
    ...(senderWarning ? ['', `  ${senderWarning}`] : []),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error) => {
  console.error('adstudio: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
