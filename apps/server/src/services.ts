import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { JobQueue } from './jobs/types';
import { createTransactor } from './lib/transaction';
import { createAccountService } from './modules/account/account.service';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createAuditLog } from './modules/audit/audit-log';
import { createAuthService } from './modules/auth/auth.service';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createDynamicCodeRepository } from './modules/dynamic-code/dynamic-code.repository';
import { createDynamicCodeService } from './modules/dynamic-code/dynamic-code.service';
import { createFeedbackRepository } from './modules/feedback/feedback.repository';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { createSearchRepository } from './modules/search/search.repository';
import { createSearchService } from './modules/search/search.service';
import type { UploadPurpose } from './modules/uploads/upload-rules';
import { createUploadsRepository } from './modules/uploads/uploads.repository';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createLoginAttemptsRepository, createSessionsRepository } from './repositories/sessions.repository';
import { createUsersRepository } from './repositories/users.repository';
import type { ObjectStore } from './storage/object-store';
import type { Signer } from './storage/signer';

/** What the services are built from: the app's database, files, job queue, configuration and log. */
export interface ServicesDeps {
  db: Db;
  storage: { store: ObjectStore; signer: Signer };
  jobs: JobQueue;
  config: Config;
  log: FastifyBaseLogger;
}

/** Overrides for tests: lower upload limits per purpose. */
export interface ServicesOptions {
  purposeMaxBytes?: Partial<Record<UploadPurpose, number>>;
}

/**
 * The composition root (Infisical's `registerRoutes` is the model): every repository once, then
 * every service from them in dependency order, each given only what it uses. Routes read the
 * services from `app.services` (plugins/services.ts); nothing else builds one. Services never get
 * another area's repository: what one area asks of another is a narrow function in its deps, wired
 * here from the other area's service.
 */
export function createServices(
  { db, storage, jobs: _jobs, config, log: _log }: ServicesDeps,
  options: ServicesOptions = {},
) {
  const transaction = createTransactor(db);

  // Repositories.
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  const auditRepository = createAuditRepository(db);

  /** One entity type's side of the audit log. */
  const audit = (entityType: string) => createAuditLog(auditRepository, entityType);

  // Services, each after what it asks of.
  const uploads = createUploadsService({
    uploads: createUploadsRepository(db),
    transaction,
    ...storage,
    appUrl: config.appUrl,
    maxUploadBytes: config.maxUploadBytes,
    purposeMaxBytes: options.purposeMaxBytes,
  });
  const auth = createAuthService({
    config,
    users,
    sessions,
    attempts: createLoginAttemptsRepository(db),
    transaction,
  });
  const account = createAccountService({ users, sessions, transaction });
  const dynamicCode = createDynamicCodeService({
    codes: createDynamicCodeRepository(db),
    audit: audit('creative'),
    transaction,
  });
  const search = createSearchService({ search: createSearchRepository(db) });
  const dashboard = createDashboardService({ dashboard: createDashboardRepository(db) });
  const feedback = createFeedbackService({ feedback: createFeedbackRepository(db) });

  return {
    account,
    auth,
    dashboard,
    dynamicCode,
    feedback,
    search,
    uploads,
    /** Stops what runs in the background; the app calls it when it closes. */
    async close(): Promise<void> {},
  };
}
export type Services = ReturnType<typeof createServices>;
