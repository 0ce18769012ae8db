import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { NOT_FOUND_MESSAGE } from '@adstudio/contract';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { dbTasks } from './db/db.tasks';
import { MAX_PARAM_LENGTH } from './lib/params';
import type { Random } from './lib/random';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { nameRequestSpans, tracedServerFactory } from './lib/tracing';
import { accessTokensRoutes } from './modules/access-tokens/access-tokens.routes';
import { accountRoutes } from './modules/account/account.routes';
import { adTagsRoutes } from './modules/ad-tags/ad-tags.routes';
import { approvalsRoutes } from './modules/approvals/approvals.routes';
import { assetsRoutes } from './modules/assets/assets.routes';
import { assetsTasks } from './modules/assets/assets.tasks';
import { authRoutes } from './modules/auth/auth.routes';
import { authTasks } from './modules/auth/auth.tasks';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { conditionsRoutes } from './modules/conditions/conditions.routes';
import { creativesRoutes } from './modules/creatives/creatives.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { dataSourcesRoutes } from './modules/data-sources/data-sources.routes';
import { dataSourcesTasks } from './modules/data-sources/data-sources.tasks';
import { dynamicCodeRoutes } from './modules/dynamic-code/dynamic-code.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { healthRoutes } from './modules/health/health.routes';
import { mailTasks } from './modules/mail/mail.tasks';
import { mediaEntitiesRoutes } from './modules/media-entities/media-entities.routes';
import { outboxTasks } from './modules/outbox/outbox.tasks';
import { packagesRoutes } from './modules/packages/packages.routes';
import { packagesTasks } from './modules/packages/packages.tasks';
import { processingAssetsRoutes } from './modules/processing-assets/processing-assets.routes';
import { processingAssetsTasks } from './modules/processing-assets/processing-assets.tasks';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { profilesTasks } from './modules/profiles/profiles.tasks';
import { qaTasks } from './modules/qa/qa.tasks';
import { qaRunsRoutes } from './modules/qa/qa-runs.routes';
import { renderRoutes } from './modules/render/render.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { simulatorRoutes } from './modules/rule-selection/simulator.routes';
import { searchRoutes } from './modules/search/search.routes';
import { servingRoutes } from './modules/serving/serving.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { tokenLinkRoutes } from './modules/token-links/token-links.routes';
import { approvalPageRoutes } from './modules/token-pages/approval.routes';
import { previewPageRoutes } from './modules/token-pages/preview.routes';
import { reportPageRoutes } from './modules/token-pages/report.routes';
import { conversionsRoutes } from './modules/tracking/conversions.routes';
import { trackingRoutes } from './modules/tracking/tracking.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { uploadsTasks } from './modules/uploads/uploads.tasks';
import { teamRoutes } from './modules/users/team.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { webhooksTasks } from './modules/webhooks/webhooks.tasks';
import { authorizationPlugin } from './plugins/authorization';
import { compressSmallPlugin } from './plugins/compress-small';
import { configPlugin } from './plugins/config';
import { corsPlugin } from './plugins/cors';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { jobsPlugin } from './plugins/jobs';
import { metricsPlugin } from './plugins/metrics';
import { queryPlugin } from './plugins/query';
import { routeDocsPlugin } from './plugins/route-docs';
import { securityPlugin } from './plugins/security';
import { servicesPlugin } from './plugins/services';
import { routeGuard, sessionPlugin } from './plugins/session';
import { spaPlugin } from './plugins/spa';
import { storagePlugin } from './plugins/storage';
import { swaggerPlugin } from './plugins/swagger';
import { type AreaTasks, tasksPlugin } from './plugins/tasks';
import type { RouteEntry } from './types';

export interface BuildAppOptions {
  config: Config;
  /** An already open database (tests); otherwise one is opened from config and closed with the app. */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
  /** Draws of served tags' rotations and holdouts (tests seed them; default Math.random). */
  random?: Random;
}

/**
 * Fastify takes proxies' addresses as they are, but answers a hop count by trusting nobody (it
 * cannot check the nearest peer): a count trusts that many hops from the socket, for a server that
 * is reachable only through its proxies (docs/operations.md).
 */
function trustedHops(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Every area's background work (`<area>.tasks.ts`: timers and job workers), started by the tasks
 * plugin in this order; routes files and other plugins start none.
 */
export const TASKS: readonly AreaTasks[] = [
  dbTasks,
  authTasks,
  uploadsTasks,
  assetsTasks,
  packagesTasks,
  processingAssetsTasks,
  profilesTasks,
  qaTasks,
  dataSourcesTasks,
  webhooksTasks,
  mailTasks,
  outboxTasks,
];

/** Builds the whole server. No side effects until called; `server.ts` listens. */
export async function buildApp({ config, db, logger, random }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: trustedHops(config.trustProxy),
    // Request ids are ours: a client's X-Request-Id never reaches bodies or logs.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // `/v1//campaigns/` and `/v1/campaigns` are one route, so they meet one set of guards.
    // The longest path parameter a route documents is 1,000 characters (a render's file path);
    // Fastify's default of 100 answered its own 414 below what the document allows.
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      maxParamLength: MAX_PARAM_LENGTH,
    },
    // A path the router cannot take (a parameter past that length, broken %-encoding) is not
    // found, in our JSON shape rather than Fastify's.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      reply.code(404).send({ message: NOT_FOUND_MESSAGE });
    },
    bodyLimit: 10 * 1024 * 1024,
    // A server span around each request while tracing (lib/tracing.ts); Fastify's own server otherwise.
    serverFactory: tracedServerFactory(),
  }).withTypeProvider<ZodTypeProvider>();
  nameRequestSpans(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ check: config.env !== 'production' }));
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', function (route) {
    // Laravel's resource routes answer PATCH as PUT: so does every API update here. The copy is
    // registered where the PUT was (`this`), so it meets the same hooks and guards; route-docs lists
    // it as an operation of its own (generators and Schemathesis read PATCH only where it is listed).
    if (route.method === 'PUT' && route.url.startsWith('/v1/'))
      this.route({ ...route, method: 'PATCH', schema: { ...route.schema, hide: true } });
    // The guards read these from the matched route, never from the request's URL text.
    const guard = routeGuard(route.url, route.config);
    route.config = { ...route.config, ...guard };
    const { tokenParam, servesKnownTokens, sessionOnly } = route.config ?? {};
    for (const method of [route.method].flat())
      routes.push({
        method,
        url: route.url,
        ...guard,
        ...(tokenParam ? { tokenParam } : {}),
        ...(servesKnownTokens ? { servesKnownTokens } : {}),
        ...(sessionOnly ? { sessionOnly } : {}),
      });
  });
  app.decorate('routeTable', routes);

  await app.register(configPlugin, { config });
  await app.register(metricsPlugin);
  await app.register(errorsPlugin);
  await app.register(dbPlugin, db ? { db } : {});
  await app.register(jobsPlugin);
  // Brotli at a moderate level (the SPA's bundles and JSON lists shrink ~4x); gzip for older clients.
  // Small text answers (API JSON) in one call first; larger ones through streams.
  await app.register(compressSmallPlugin);
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    globalDecompression: false,
  });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(queryPlugin);
  await app.register(corsPlugin);
  await app.register(securityPlugin);
  // The session plugin takes its lookups from the services, so they come first (no hooks, no routes).
  await app.register(storagePlugin);
  await app.register(servicesPlugin, { random });
  await app.register(sessionPlugin);
  await app.register(authorizationPlugin);
  await app.register(swaggerPlugin);
  // Before the routes: completes each route's schema (operationId, security, common answers).
  await app.register(routeDocsPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(uploadsRoutes);
  await app.register(campaignsRoutes);
  await app.register(approvalsRoutes);
  await app.register(mediaEntitiesRoutes);
  await app.register(creativesRoutes);
  await app.register(assetsRoutes);
  await app.register(packagesRoutes);
  await app.register(renderRoutes);
  await app.register(adTagsRoutes);
  await app.register(servingRoutes);
  await app.register(previewPageRoutes);
  await app.register(reportPageRoutes);
  await app.register(approvalPageRoutes);
  await app.register(reportsRoutes);
  await app.register(tokenLinkRoutes);
  await app.register(processingAssetsRoutes);
  await app.register(dynamicCodeRoutes);
  await app.register(profilesRoutes);
  await app.register(templatesRoutes);
  await app.register(conditionsRoutes);
  await app.register(dataSourcesRoutes);
  await app.register(simulatorRoutes);
  await app.register(searchRoutes);
  await app.register(trackingRoutes);
  await app.register(conversionsRoutes);
  await app.register(dashboardRoutes);
  await app.register(accountRoutes);
  await app.register(accessTokensRoutes);
  await app.register(webhooksRoutes);
  await app.register(qaRunsRoutes);
  await app.register(feedbackRoutes);
  await app.register(teamRoutes);
  await app.register(ssoRoutes);
  await app.register(tasksPlugin, { areas: TASKS });

  await app.register(spaPlugin);
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
