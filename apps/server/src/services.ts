/**
 * The composition root: every repository and service of the server, built once, in dependency
 * order (docs/design.md §3). One file over 400 lines by design: its length is one wiring line per
 * dependency, and the order in which services may be built is only readable where they all are;
 * split by area, each part would need the others' services and the order would be spread over
 * files. It holds no rules: each block is a factory call with the functions it is given.
 */
import fs from 'node:fs';
import { PROCESSING_IMAGE_MAX_BYTES } from '@adstudio/contract';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config';
import { openChangeFeed } from './db/change-feed';
import type { Db, Executor } from './db/database';
import type { JobQueue } from './jobs/types';
import { parseJson } from './lib/json';
import { createMetrics, type Metrics } from './lib/metrics';
import type { Random } from './lib/random';
import { createSealer } from './lib/secrets';
import { createTransactor } from './lib/transaction';
import { createAccessTokensRepository } from './modules/access-tokens/access-tokens.repository';
import { createAccessTokensService } from './modules/access-tokens/access-tokens.service';
import { createAccountService } from './modules/account/account.service';
import { createAdTagsRepository } from './modules/ad-tags/ad-tags.repository';
import { createAdTagsService } from './modules/ad-tags/ad-tags.service';
import { createTagTrial } from './modules/ad-tags/tag-trial';
import { createApprovalsRepository } from './modules/approvals/approvals.repository';
import { createApprovalsService } from './modules/approvals/approvals.service';
import { createAssetsRepository } from './modules/assets/assets.repository';
import { createAssetsService } from './modules/assets/assets.service';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createAuditLog } from './modules/audit/audit-log';
import { createAuthService } from './modules/auth/auth.service';
import { createLoginAttemptsRepository, createSessionsRepository } from './modules/auth/sessions.repository';
import { createTwoFactor } from './modules/auth/two-factor';
import { createTwoFactorRepository } from './modules/auth/two-factor.repository';
import { createCampaignsRepository } from './modules/campaigns/campaigns.repository';
import { createCampaignsService } from './modules/campaigns/campaigns.service';
import { createConditionsRepository } from './modules/conditions/conditions.repository';
import { createConditionsService } from './modules/conditions/conditions.service';
import { createCreativesRepository } from './modules/creatives/creatives.repository';
import { createCreativesService } from './modules/creatives/creatives.service';
import { createDashboardRepository } from './modules/dashboard/dashboard.repository';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createHeaderVault } from './modules/data-sources/data-source-headers';
import { createLiveValues } from './modules/data-sources/data-source-live';
import { createDataSourceValues } from './modules/data-sources/data-source-values';
import { createDataSourcesRepository } from './modules/data-sources/data-sources.repository';
import { createDataSourcesService } from './modules/data-sources/data-sources.service';
import { createDynamicCodeRepository } from './modules/dynamic-code/dynamic-code.repository';
import { createDynamicCodeService } from './modules/dynamic-code/dynamic-code.service';
import { createFeedbackRepository } from './modules/feedback/feedback.repository';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { createMailRepository } from './modules/mail/mail.repository';
import { createMailer } from './modules/mail/mailer';
import { createMediaEntitiesRepository } from './modules/media-entities/media-entities.repository';
import { createMediaEntitiesService } from './modules/media-entities/media-entities.service';
import { createOutboxRepository } from './modules/outbox/outbox.repository';
import { createOutboxService } from './modules/outbox/outbox.service';
import { createPackageLinks } from './modules/packages/package-links';
import { createPackageUnpack } from './modules/packages/package-unpack';
import { createPackagesRepository } from './modules/packages/packages.repository';
import { createPackagesService, UNPACK_ATTEMPTS, UNPACK_JOB } from './modules/packages/packages.service';
import { createProcessingAssetsRepository } from './modules/processing-assets/processing-assets.repository';
import {
  createProcessingAssetsService,
  PROCESSING_ATTEMPTS,
  PROCESSING_FETCH_TIMEOUT_MS,
  PROCESSING_JOB,
} from './modules/processing-assets/processing-assets.service';
import { createCreativeVariants } from './modules/profiles/creative-variants';
import { openFeed } from './modules/profiles/feed-source';
import { createProfileRulesRepository, RULES_LIST_KEPT } from './modules/profiles/profile-rules.repository';
import { createProfileRulesService } from './modules/profiles/profile-rules.service';
import { createProfileStagingRepository } from './modules/profiles/profile-staging.repository';
import { createProfileSync, syncsMeasured } from './modules/profiles/profile-sync';
import { createProfileSyncsRepository } from './modules/profiles/profile-syncs.repository';
import { createProfileSyncsService, SYNC_JOB } from './modules/profiles/profile-syncs.service';
import { createProfilesRepository } from './modules/profiles/profiles.repository';
import { createProfilesService } from './modules/profiles/profiles.service';
import {
  createMediaStatus,
  createQaRunsRepository,
  createQaRunsService,
  QA_ATTEMPTS,
  QA_JOB,
} from './modules/qa';
import { createQaBrowser, qaChromium } from './modules/qa/qa-browser';
import { createRenderRepository } from './modules/render/render.repository';
import { createRenderService } from './modules/render/render.service';
import { createRenderTargets, createVariantRenderUrls } from './modules/render/render-links';
import { createReportsRepository } from './modules/reports/reports.repository';
import { createReportsService } from './modules/reports/reports.service';
import { type CompileFeedDeps, compileFeed, patchFeed } from './modules/rule-selection/compiled-feed';
import { createRuleChooser } from './modules/rule-selection/rule-chooser';
import { createSearchRepository } from './modules/search/search.repository';
import { createSearchService } from './modules/search/search.service';
import { createAdServing } from './modules/serving/ad-serving';
import { createOptimizationFigures } from './modules/serving/optimization-figures';
import { createAdServingRepository } from './modules/serving/serving.repository';
import { createSsoRepository } from './modules/sso/sso.repository';
import { createSsoService } from './modules/sso/sso.service';
import { createSsoSignIn } from './modules/sso/sso-sign-in';
import { createTemplatesRepository } from './modules/templates/templates.repository';
import { createTemplatesService } from './modules/templates/templates.service';
import { createTokenLinks } from './modules/token-links/token-links';
import { createTokenLinksRepository } from './modules/token-links/token-links.repository';
import { createCreativePreviews } from './modules/token-pages/creative-previews';
import { createPreviewRepository } from './modules/token-pages/preview.repository';
import { createPreviewService } from './modules/token-pages/preview.service';
import { createConversions } from './modules/tracking/conversions';
import { createStatsBuffer, createStatsWriter } from './modules/tracking/stats-buffer';
import { createTrackingRepository } from './modules/tracking/tracking.repository';
import { createTrackingService } from './modules/tracking/tracking.service';
import { createTrackingLinks } from './modules/tracking/tracking-links';
import type { UploadPurpose } from './modules/uploads/upload-rules';
import { createUploadsRepository } from './modules/uploads/uploads.repository';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createCompanyRule } from './modules/users/company-rules';
import { createPasswordResets, resetPath } from './modules/users/password-resets';
import { createTeamService, invitationPath } from './modules/users/team.service';
import { createUserLinksRepository } from './modules/users/user-links.repository';
import { createCompaniesRepository, createUsersRepository } from './modules/users/users.repository';
import { createWebhookDispatch } from './modules/webhooks/webhook-dispatch';
import { createWebhookSender } from './modules/webhooks/webhook-send';
import { createWebhooksRepository } from './modules/webhooks/webhooks.repository';
import { createWebhooksService } from './modules/webhooks/webhooks.service';
import { refusalLogOn, safeFetchToFile } from './net/safe-fetch';
import { savedUrlCheck } from './net/saved-url';
import { resolveAppKey } from './storage/app-key';
import type { MediaProbe } from './storage/media-probe';
import * as mediaProbe from './storage/media-probe';
import type { ObjectStore } from './storage/object-store';
import { inspectPackage, unpackPackage } from './storage/package-zip';
import { renderScreenshot } from './storage/render-screenshot';
import type { Signer } from './storage/signer';

/** What the services are built from: the app's database, files, job queue, configuration and log. */
export interface ServicesDeps {
  db: Db;
  storage: { store: ObjectStore; signer: Signer };
  jobs: JobQueue;
  config: Config;
  log: FastifyBaseLogger;
  /** The app's metrics (plugins/metrics.ts); services built again for a test count into their own. */
  metrics?: Metrics;
}

/** Overrides for tests: lower upload limits per purpose, another way of measuring files. */
export interface ServicesOptions {
  purposeMaxBytes?: Partial<Record<UploadPurpose, number>>;
  media?: MediaProbe;
  /** Draws of served tags' rotations and holdouts (tests seed them). */
  random?: Random;
}

/**
 * The composition root (Infisical's `registerRoutes` is the model): every repository once, then
 * every service from them in dependency order, each given only what it uses. Routes read the
 * services from `app.services` (plugins/services.ts); nothing else builds one. Services never get
 * another area's repository: what one area asks of another is a narrow function in its deps, wired
 * here from the other area's service.
 */
export function createServices(
  { db, storage, jobs, config, log, metrics = createMetrics({ enabled: false }) }: ServicesDeps,
  options: ServicesOptions = {},
) {
  const transaction = createTransactor(db);
  const { store, signer } = storage;
  const appKey = resolveAppKey(config.appKey, config.dataDir);
  const media = options.media ?? mediaProbe;
  /** Where sandboxed renders are served: RENDER_URL, else the app itself. */
  const renderBase = config.renderUrl ?? config.appUrl;
  const refusalLog = refusalLogOn(log);
  /** Outbound fetches of user-given URLs go through the SSRF guard with these. */
  const reach = { allowHosts: config.feeds.allowHosts, appUrl: config.appUrl, log: refusalLog };
  /** …and are refused when saved if the guard would refuse them whatever DNS answers. */
  const reachable = savedUrlCheck(config.feeds.allowHosts);

  /** A path of the SPA as a full URL (links in e-mails and in answers). */
  const spaLink = (path: string) => `${config.spaUrl}${path}`;

  // Repositories, each once.
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  const loginAttempts = createLoginAttemptsRepository(db);
  const ssoRepository = createSsoRepository(db);
  const accessTokensRepository = createAccessTokensRepository(db);
  const auditRepository = createAuditRepository(db);
  const outboxRepository = createOutboxRepository(db);
  const uploadsRepository = createUploadsRepository(db);
  const campaignsRepository = createCampaignsRepository(db);
  const creativesRepository = createCreativesRepository(db);
  const assetsRepository = createAssetsRepository(db);
  const packagesRepository = createPackagesRepository(db);
  const processingAssetsRepository = createProcessingAssetsRepository(db);
  const dynamicCodeRepository = createDynamicCodeRepository(db);
  const profilesRepository = createProfilesRepository(db);
  const profileSyncsRepository = createProfileSyncsRepository(db);
  const profileRulesRepository = createProfileRulesRepository(db, {
    from: config.rulesListKeptFrom ?? RULES_LIST_KEPT.from,
  });
  const profileStagingRepository = createProfileStagingRepository(db);
  const templatesRepository = createTemplatesRepository(db);
  const conditionsRepository = createConditionsRepository(db);
  const dataSourcesRepository = createDataSourcesRepository(db);
  const searchRepository = createSearchRepository(db);
  const dashboardRepository = createDashboardRepository(db);
  const feedbackRepository = createFeedbackRepository(db);
  const mediaEntitiesRepository = createMediaEntitiesRepository(db);
  const approvalsRepository = createApprovalsRepository(db);
  const reportsRepository = createReportsRepository(db);
  const renderRepository = createRenderRepository(db);
  const previewRepository = createPreviewRepository(db);
  const trackingRepository = createTrackingRepository(db);
  const tokenLinksRepository = createTokenLinksRepository(db);
  const adTagsRepository = createAdTagsRepository(db);
  const adServingRepository = createAdServingRepository(db);

  /** One entity type's side of the audit log. */
  const audit = (entityType: string) => createAuditLog(auditRepository, entityType);

  // Services, each after what it asks of.
  const auth = createAuthService({
    config,
    users,
    sessions,
    attempts: loginAttempts,
    transaction,
    ssoRequired: (companyId) => ssoRepository.required(companyId),
  });
  const accessTokens = createAccessTokensService({
    tokens: accessTokensRepository,
    audit: audit('access_token'),
    transaction,
  });
  const account = createAccountService({
    users,
    sessions,
    revokeTokens: accessTokens.revokeAllOf,
    transaction,
  });
  const uploads = createUploadsService({
    uploads: uploadsRepository,
    transaction,
    store,
    signer,
    appUrl: config.appUrl,
    maxUploadBytes: config.maxUploadBytes,
    purposeMaxBytes: { feed: config.feeds.maxBytes, ...options.purposeMaxBytes },
  });

  // Creatives come first: campaigns, assets, packages, profiles and rule selection ask of them. They
  // ask in turn of campaigns, profiles and assets, built next, through closures that run only once
  // the root is built.
  const creatives = createCreativesService({
    creatives: creativesRepository,
    refs: {
      campaign: (companyId, id, trx) => campaigns.find(companyId, id, trx, { deleted: 'any' }),
      deletedCampaigns: (companyId, ids, trx) => campaigns.deletedIds(companyId, ids, trx),
      profileExists: (companyId, id, trx) => profiles.exists(companyId, id, trx),
      asset: (companyId, id, trx) => assets.find(companyId, id, trx),
      liveRefusal: (companyId, id) => qaRuns.liveRefusal(companyId, id),
    },
    audit: audit('creative'),
    transaction,
    spaUrl: config.spaUrl,
  });
  const campaigns = createCampaignsService({
    campaigns: campaignsRepository,
    withLiveCreatives: creatives.campaignsWithLive,
    audit: audit('campaign'),
    transaction,
  });
  const assets = createAssetsService({
    assets: assetsRepository,
    refs: { creative: creatives.find, clearFallbacks: creatives.clearFallbacks },
    files: uploads,
    media,
    audit: audit('asset'),
    creativeAudit: audit('creative'),
    transaction,
  });
  const dynamicCode = createDynamicCodeService({
    codes: dynamicCodeRepository,
    audit: audit('creative'),
    transaction,
  });

  const packageLinks = createPackageLinks(signer, renderBase);
  const packageRefs = {
    creative: (companyId: number, id: number, trx?: Executor) =>
      creatives.find(companyId, id, trx, { deleted: 'any' }),
  };
  const queueUnpack = (id: number) =>
    jobs.send(UNPACK_JOB, { id }, { singletonKey: `package-${id}`, maxAttempts: UNPACK_ATTEMPTS });
  const packages = createPackagesService({
    packages: packagesRepository,
    refs: packageRefs,
    files: { check: uploads.check, keep: uploads.keep, read: store.read },
    queueUnpack,
    previewUrl: packageLinks.url,
    audit: audit('package'),
    transaction,
  });
  const packageUnpack = createPackageUnpack({
    packages: packagesRepository,
    refs: packageRefs,
    files: store,
    zip: { inspect: inspectPackage, unpack: unpackPackage },
    queueUnpack,
    transaction,
  });
  const chromium = config.chromiumPath;
  const processingAssets = createProcessingAssetsService({
    items: processingAssetsRepository,
    transaction,
    creative: (companyId, id) => creatives.find(companyId, id),
    files: {
      storeFile: (key, file) => store.write(key, fs.createReadStream(file), PROCESSING_IMAGE_MAX_BYTES),
      store: uploads.store,
      remove: uploads.remove,
      readUrl: uploads.readUrl,
    },
    fetchFile: (url, file) =>
      safeFetchToFile(url, file, {
        timeoutMs: PROCESSING_FETCH_TIMEOUT_MS,
        maxBytes: PROCESSING_IMAGE_MAX_BYTES,
        allowHosts: config.feeds.allowHosts,
        log: refusalLog,
      }),
    media,
    // The backup is the approved package as it renders by itself: the screenshot does not inject
    // the rule's own content (the rule's id goes unused here).
    render: chromium
      ? (packageId, _ruleId, size, file) =>
          renderScreenshot(chromium, packageLinks.url(packageId), file, size)
      : undefined,
    queue: (id) =>
      jobs.send(
        PROCESSING_JOB,
        { id },
        { singletonKey: `processing-${id}`, maxAttempts: PROCESSING_ATTEMPTS },
      ),
  });

  // Data sources and conditions: conditions read data sources' values, and a data source that a
  // condition reads cannot be deleted (asked of conditions, built next, through a closure).
  const headerVault = createHeaderVault(appKey, config.previousAppKeys);
  /** The one values cache of the app, so a refresh is never under way twice. */
  const dataSourceValues = createDataSourceValues({
    repository: dataSourcesRepository,
    vault: headerVault,
    reach,
    log,
  });
  const dataSources = createDataSourcesService({
    dataSources: dataSourcesRepository,
    conditionsUsing: (companyId, ids, trx) => conditions.usingDataSources(companyId, ids, trx),
    vault: headerVault,
    reach,
    reachable,
    audit: audit('data_source'),
    transaction,
  });
  const conditions = createConditionsService({
    conditions: conditionsRepository,
    liveDataSources: dataSources.liveIds,
    values: dataSourceValues,
    audit: audit('condition'),
    transaction,
  });

  // Profiles: templates first (profiles name them; a template in use is kept, asked of profiles
  // through a closure), then the syncs, which answer a profile as the profiles service shows it.
  const templates = createTemplatesService({
    templates: templatesRepository,
    transaction,
    profilesUsing: (companyId, templateId, trx) => profiles.usingTemplate(companyId, templateId, trx),
  });
  const profileSyncs = createProfileSyncsService({
    profiles: profilesRepository,
    syncs: profileSyncsRepository,
    transaction,
    queueSync: (syncId) => jobs.send(SYNC_JOB, { syncId }, { maxAttempts: 1 }),
    profile: (user, id) => profiles.get(user, id),
  });
  const profiles = createProfilesService({
    profiles: profilesRepository,
    rules: profileRulesRepository,
    uploads,
    reachable,
    audit: audit('profile'),
    transaction,
    startSync: profileSyncs.start,
    template: templates.summary,
    templates: templates.summaries,
    fixableRows: profileSyncsRepository.fixableRows,
  });
  const renderTargets = createRenderTargets(signer, renderBase);
  const variantRenderUrls = createVariantRenderUrls(renderTargets, renderRepository.renderablePackage);
  const creativeVariants = createCreativeVariants({
    rules: profileRulesRepository,
    profiles: profilesRepository,
    creative: (companyId, id) => creatives.find(companyId, id),
    conditionNames: conditions.namesOf,
    renderUrls: variantRenderUrls,
    backupUrls: processingAssets.backupUrls,
  });
  const profileRules = createProfileRulesService({
    rules: profileRulesRepository,
    profiles: profilesRepository,
    creativesOf: creatives.usingProfile,
    conditionNames: conditions.namesOf,
    creative: (companyId, id) => creatives.find(companyId, id),
  });
  const profileSync = syncsMeasured(
    metrics,
    profileSyncsRepository,
    createProfileSync({
      db,
      profiles: profilesRepository,
      syncs: profileSyncsRepository,
      staging: profileStagingRepository,
      liveConditions: conditions.liveNames,
      templateColumns: templates.columnsOf,
      open: (profile) => openFeed(profile, config.feeds, store.localFile, refusalLog),
    }),
  );
  const chooseRule = createRuleChooser({
    creative: (companyId, id) => creatives.find(companyId, id),
    profileExists: profiles.exists,
    servedRules: profiles.servedRules,
    servedFallbacks: profiles.servedFallbacks,
    conditions: conditions.expressionsByIds,
    values: dataSourceValues.valuesFor,
  });

  // Renders, tracking and the token pages.
  const trackingLinks = createTrackingLinks(appKey, config.appUrl, config.previousAppKeys);
  /** The one stats buffer of the app: the trackers add to it; flushed every two seconds and on close. */
  const stats = createStatsBuffer({
    write: createStatsWriter({ repository: trackingRepository, transaction }),
    log,
    onFlush: (seconds) => metrics.statsFlushed(seconds),
  });
  const tracking = createTrackingService({ links: trackingLinks, repository: trackingRepository, stats });
  const conversions = createConversions({
    links: trackingLinks,
    repository: trackingRepository,
    audit: audit('company'),
    transaction,
  });
  const render = createRenderService({
    repository: renderRepository,
    targets: renderTargets,
    files: store,
    clickUrl: trackingLinks.clickUrl,
  });
  const tokenLinks = createTokenLinks({ links: tokenLinksRepository, transaction, appKey });
  const creativePreviews = createCreativePreviews({
    previews: previewRepository,
    activeServedRules: profiles.activeServedRules,
    renderUrls: variantRenderUrls,
    readUrl: uploads.readUrl,
  });
  const previewPage = createPreviewService({
    links: tokenLinks,
    previews: previewRepository,
    profiles,
    creativePreviews,
    chooseRule,
  });
  const reports = createReportsService({ reports: reportsRepository });
  const approvals = createApprovalsService({
    approvals: approvalsRepository,
    transaction,
    campaignVisible: campaigns.assertVisible,
    spaUrl: spaLink,
    previewOf: creativePreviews.forApproval,
  });
  const mediaEntities = createMediaEntitiesService({
    mediaEntities: mediaEntitiesRepository,
    approvalCounts: approvals.countsOfPublisher,
    audit: audit('media_entity'),
    transaction,
  });

  // Ad tags: a creative's placements, served on the render origin through rule selection, the
  // render's document and the trackers.
  const adTags = createAdTagsService({
    tags: adTagsRepository,
    creative: (companyId, id, trx) => creatives.find(companyId, id, trx),
    campaign: (companyId, id) => campaigns.find(companyId, id),
    creativesOf: creatives.ofCampaign,
    publishers: mediaEntities.named,
    audit: audit('ad_tag'),
    transaction,
    serveBase: renderBase,
  });
  /** Committed changes of what served tags keep in memory, heard by every instance. */
  const changes = openChangeFeed(db, config.database, log);
  metrics.readFrom({
    statsBufferKeys: () => stats.size,
    jobsQueued: () => jobs.depth(),
    outboxLagSeconds: async () => {
      const oldest = await outboxRepository.oldestWaiting();
      return oldest ? Math.max(0, Date.now() - Date.parse(oldest)) / 1000 : 0;
    },
    changeFeedDelaySeconds: async () => {
      const started = performance.now();
      await changes.settled();
      return (performance.now() - started) / 1000;
    },
  });
  /** What a served creative's compiled feed reads. */
  const feedDeps: CompileFeedDeps = {
    profileName: profiles.liveName,
    servedRules: profiles.servedRules,
    servedShapes: profiles.servedShapes,
    ruleData: profiles.ruleData,
    revisionStamp: profiles.revisionStamp,
    changedSince: profiles.changedSince,
    contentHeldMax: config.servingContentHeldBytes,
    ...(config.servingPatchedRulesMax === undefined
      ? {}
      : { patchedRulesMax: config.servingPatchedRulesMax }),
    conditions: conditions.expressionsByIds,
  };
  const adServing = createAdServing({
    repository: adServingRepository,
    changes,
    compileFeed: (companyId, creative, weightColumn) =>
      compileFeed(feedDeps, companyId, creative, weightColumn),
    patchFeed: (previous, companyId, creative, weightColumn, conditionsChanged) =>
      patchFeed(feedDeps, previous, companyId, creative, weightColumn, conditionsChanged),
    liveEntry: render.liveEntry,
    contentOf: render.contentOf,
    values: createLiveValues({ valuesFor: dataSourceValues.valuesFor }),
    chooseRule,
    document: render.liveDocument,
    clickUrl: trackingLinks.clickUrl,
    readUrl: uploads.readUrl,
    stats,
    serveBase: renderBase,
    figures: createOptimizationFigures({ read: (id) => adServingRepository.figures(id), log }),
    random: options.random,
  });

  const tagTrial = createTagTrial({
    decision: adServing.decision,
    odds: adServing.odds,
    chooseRule,
    renderUrls: variantRenderUrls,
  });

  // The outbox: events written by triggers; each consumer below is a name with a cursor.
  const outbox = createOutboxService({
    repository: outboxRepository,
    transaction,
    postgres: config.database.kind === 'postgres',
  });

  // Webhooks: admins' endpoints, and the outbox's delivery to them through the job queue.
  const webhooksRepository = createWebhooksRepository(db);
  const webhookSealer = createSealer(appKey, 'webhook secrets', config.previousAppKeys);
  const sendToWebhook = createWebhookSender({
    sealer: webhookSealer,
    allowHosts: config.feeds.allowHosts,
    refusalLog,
  });
  const webhooks = createWebhooksService({
    webhooks: webhooksRepository,
    reachable,
    sealer: webhookSealer,
    audit: audit('webhook'),
    transaction,
    send: sendToWebhook,
    emit: outbox.emit,
  });
  const webhookDispatch = createWebhookDispatch({
    transaction,
    events: outbox.consumer('webhooks'),
    repository: webhooksRepository,
    jobs,
    send: sendToWebhook,
    retrySeconds: config.webhooks.retrySeconds,
  });

  const userLinks = createUserLinksRepository(db);
  /** Seals the one-time links of users' e-mails while they wait in the outbox. */
  const userLinksSealer = createSealer(appKey, 'user links', config.previousAppKeys);

  // E-mail (SMTP_URL): what needs a person, sent from the outbox.
  const mailTransport = config.mail ? nodemailer.createTransport(config.mail.smtpUrl) : undefined;
  const mailer = createMailer({
    db,
    transaction,
    postgres: config.database.kind === 'postgres',
    repository: createMailRepository(db),
    send: mailTransport
      ? async (mail) => {
          await mailTransport.sendMail({ from: config.mail!.from, ...mail });
        }
      : undefined,
    events: mailTransport ? outbox.consumer('mail') : undefined,
    spaUrl: spaLink,
    invitationUrl: (sealed) => `${config.spaUrl}${invitationPath(userLinksSealer.open(sealed))}`,
    resetUrl: (sealed) => `${config.spaUrl}${resetPath(userLinksSealer.open(sealed))}`,
  });

  // The team and password resets: users' one-time links, e-mailed from the outbox (sealed in it).
  const userLinkDeps = {
    users,
    links: userLinks,
    endSessions: (userId: number, trx: Executor) => sessions.deleteForUser(userId, undefined, trx),
    emit: outbox.emit,
    audit: audit('user'),
    transaction,
    sealer: userLinksSealer,
    mails: mailTransport !== undefined,
    spaUrl: spaLink,
  };
  const team = createTeamService({ ...userLinkDeps, revokeTokens: accessTokens.revokeAllOf });
  const passwordResets = createPasswordResets({ ...userLinkDeps, limit: auth.throttle });

  const twoFactor = createTwoFactor({
    users,
    repository: createTwoFactorRepository(db),
    sealer: createSealer(appKey, 'two-factor', config.previousAppKeys),
    audit: audit('user'),
    transaction,
    throttle: auth.throttle,
    forgive: auth.forgive,
  });
  const companies = createCompaniesRepository(db);
  const companySecurity = createCompanyRule({
    companies,
    rule: 'require_two_factor',
    audit: audit('company'),
    transaction,
  });
  /** Whether a company requires a passing QA run of a creative's current content before live. */
  const qaGate = createCompanyRule({ companies, rule: 'qa_required', audit: audit('company'), transaction });

  // QA runs (issue 45): one headless Chromium for every run (when the server has one), each variant
  // rendered through its render URL; feed media fetched through the SSRF guard.
  const qaPath = qaChromium(chromium, config.qaChromiumPath);
  if (qaPath && !qaPath.shell)
    log.warn(
      `QA runs check variants in ${qaPath.path}, a full browser: install chromium-headless-shell beside it (or set QA_CHROMIUM_PATH) to check them for about a third of the CPU.`,
    );
  const qaBrowser = qaPath
    ? createQaBrowser({ chromiumPath: qaPath.path, log: (message) => log.warn(message) })
    : undefined;
  const qaRuns = createQaRunsService({
    runs: createQaRunsRepository(db),
    creative: (companyId, id) => creatives.find(companyId, id),
    profile: (companyId, id) => profilesRepository.findById(companyId, id),
    templateColumns: templates.columnsOf,
    rules: async (profileId, filter) =>
      (await profileRulesRepository.variants(profileId, filter, {}, null)).rows.map((row) => ({
        id: row.id,
        unique_id: row.unique_id,
        reporting_label: row.reporting_label,
        data: parseJson<Record<string, unknown>>(row.data, {}),
      })),
    renderablePackage: (creativeId) => renderRepository.renderablePackage(creativeId, 0),
    renderUrl: (creativeId, packageId, ruleId, entry) =>
      renderTargets.url({ creativeId, packageId }, ruleId, entry),
    clickUrl: trackingLinks.clickUrl,
    checker: qaBrowser,
    mediaStatus: createMediaStatus({ allowHosts: config.feeds.allowHosts, log: refusalLog }),
    files: { store: uploads.store, readUrl: uploads.readUrl },
    gateRequired: (companyId) => companies.rule(companyId, 'qa_required'),
    queue: (runId) => jobs.send(QA_JOB, { runId }, { singletonKey: `qa-${runId}`, maxAttempts: QA_ATTEMPTS }),
    transaction,
  });

  // Single sign-on (OpenID Connect): admins' settings with the client secret sealed, and the
  // browser's sign-in through the provider, every request to it through the SSRF guard.
  const ssoSecrets = createSealer(appKey, 'sso secrets', config.previousAppKeys);
  const sso = createSsoService({
    sso: ssoRepository,
    sealer: ssoSecrets,
    reachable,
    allowHosts: config.feeds.allowHosts,
    appUrl: config.appUrl,
    audit: audit('sso'),
    transaction,
  });
  const ssoSignIn = createSsoSignIn({
    sso: ssoRepository,
    users,
    secrets: ssoSecrets,
    states: createSealer(appKey, 'sso state', config.previousAppKeys),
    allowHosts: config.feeds.allowHosts,
    refusalLog,
    appUrl: config.appUrl,
    audit: audit('user'),
    transaction,
  });

  const search = createSearchService({ search: searchRepository });
  const dashboard = createDashboardService({ dashboard: dashboardRepository });
  const feedback = createFeedbackService({ feedback: feedbackRepository });

  return {
    /** What the session plugin reads and ends of a cookie's session (plugins/session.ts). */
    sessions: { findWithUser: sessions.findWithUser, touch: sessions.touch, delete: sessions.delete },
    /** What the session plugin asks of a bearer request's token (plugins/access-token-auth.ts). */
    bearerTokens: { findWithUser: accessTokensRepository.findWithUser, touch: accessTokensRepository.touch },
    /** Sends the outbox's e-mails (a timer runs it; tests call it). */
    mailer,
    /** Personal access tokens: one's own, and an admin's view of the company's. */
    accessTokens,
    account,
    /** Serving ad tags: `/serve/{token}` and its script. */
    adServing,
    /** What a served creative's compiled feed reads (tests compile and patch feeds with their own limits). */
    feedDeps,
    conversions,
    adTags,
    approvals,
    assets,
    auth,
    campaigns,
    /** Chooses the rule a creative shows in a context (the simulator and the token pages'). */
    chooseRule,
    conditions,
    creatives,
    dashboard,
    dataSources,
    dataSourceValues,
    dynamicCode,
    feedback,
    mediaEntities,
    /** The outbox's consumers' cursors and its pruning (outbox.tasks.ts). */
    outbox,
    packageLinks,
    packages,
    /** The unpack job and the sweep of what unpacking left. */
    packageUnpack,
    processingAssets,
    profiles,
    /** A creative's variants, a page at a time, for its preview grid. */
    creativeVariants,
    profileRules,
    /** A profile's sync, run as a job. */
    profileSync,
    /** Starting profiles' syncs, their history and issues. */
    profileSyncs,
    /** The creative preview a token link shares (`/externalpreview/{token}`). */
    previewPage,
    render,
    /** Signed render URLs of a creative's packages. */
    renderTargets,
    reports,
    search,
    /** The one stats buffer (tests flush it by hand). */
    stats,
    templates,
    /** Opens token links (404/410), logging each opening. */
    tokenLinks,
    tracking,
    /** Signed parameter sets of the trackers. */
    trackingLinks,
    uploads,
    /** Render URLs of a creative's variants, as previews show them. */
    variantRenderUrls,
    /** "Try it": what a tag serves in a simulated context, with the simulator's trace. */
    tagTrial,
    /** The company's users as admins manage them, and joining through an invitation. */
    team,
    /** Password reset links: asked for on the sign-in page, or made by an admin. */
    passwordResets,
    /** Two-factor sign-in: its set-up, the code step of sign-in, an admin's reset. */
    twoFactor,
    /** Whether a company requires two-factor sign-in. */
    companySecurity,
    /** QA runs of creatives, and the company's gate of a passing run before live. */
    qaRuns,
    qaGate,
    /** Single sign-on: the company's settings (admins). */
    sso,
    /** Single sign-on's start and callback (the browser's side). */
    ssoSignIn,
    webhooks,
    /** Fans the outbox out to webhooks and delivers (its tick and job: webhooks.tasks.ts). */
    webhookDispatch,
    /** Stops what runs in the background; the app calls it when it closes. */
    async close(): Promise<void> {
      await dataSourceValues.close();
      await qaBrowser?.close();
      await stats.close();
      await changes.close();
      mailTransport?.close();
    },
  };
}
export type Services = ReturnType<typeof createServices>;
