import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { FEED_LIMITS } from './feeds/feed-table';

/** A configuration problem, reported as one line naming the variable. */
export class ConfigError extends Error {}

const bool = (name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      if (/^(true|1|yes)$/i.test(v)) return true;
      if (/^(false|0|no)$/i.test(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
      return z.NEVER;
    });

const positiveInt = z.coerce.number().int().positive();

const httpUrl = z.url({ protocol: /^https?$/ });

/** `scheme://host[:port]` (a trailing `/` allowed), normalised as a browser's Origin header spells it. */
function toOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return /^https?:$/.test(url.protocol) && bare ? url.origin : undefined;
}

const originList = z.string().transform((v, ctx) => {
  const origins = v.split(',').map((o) => toOrigin(o.trim()));
  if (origins.every((o) => o !== undefined)) return [...new Set(origins)];
  ctx.addIssue({
    code: 'custom',
    message: 'must be a comma-separated list of origins (scheme://host[:port])',
  });
  return z.NEVER;
});

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` takes beside addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, or one with a `/prefix` that fits its family. */
function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which hops in front of the server are ours (Fastify's `trustProxy`): off, how many proxies there
 * are, or their addresses and CIDRs. The client's address is then the nearest one not trusted.
 * `true` would trust every hop — the leftmost X-Forwarded-For entry, which the client writes, would
 * be its address — so it is refused rather than taken.
 */
const trustedProxies = z.string().transform((v, ctx): TrustProxy => {
  const value = v.trim();
  if (/^(false|no|0)$/i.test(value)) return false;
  if (/^(true|yes)$/i.test(value)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'true would trust every hop, so a client could pick its own address with X-Forwarded-For; ' +
        'give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 32) return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim().toLowerCase());
  if (entries.every(isAddressOrCidr)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'must be false, a number of proxies (1–32), or a comma-separated list of proxy addresses/CIDRs',
  });
  return z.NEVER;
});

/** An HTTP header's name, as Node hands headers over: lower case. */
const headerName = z
  .string()
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'must be an HTTP header name')
  .transform((name) => name.toLowerCase());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: httpUrl.optional(),
  SPA_URL: httpUrl.optional(),
  RENDER_URL: httpUrl.optional(),
  SHEETS_EXPORT_URL: z
    .string()
    .refine(
      (v) => v.includes('{id}') && /^https?:\/\//.test(v),
      'SHEETS_EXPORT_URL must be an http(s) URL with {id}',
    )
    .default('https://docs.google.com/spreadsheets/d/{id}/export?format=xlsx'),
  SHEETS_API_URL: httpUrl.default('https://sheets.googleapis.com'),
  GOOGLE_TOKEN_URL: httpUrl.optional(),
  GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
  DATASOURCE_ALLOW_HOSTS: z.string().optional(),
  /** E-mail (docs/design.md §12): `smtp://user:pass@host:587` (or `smtps://…:465`); none: no e-mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of e-mails; default `Adstudio <no-reply@{APP_URL's host}>`. */
  MAIL_FROM: z.string().min(3).optional(),
  /** Seconds between a webhook delivery's attempts (docs/design.md §12): 8 tries over ~a day. */
  WEBHOOK_RETRY_SECONDS: z
    .string()
    .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, 'must be a comma-separated list of seconds')
    .default('60,300,900,3600,10800,21600,43200')
    .transform((text) => text.split(',').map((part) => Number(part.trim()))),
  CHROMIUM_PATH: z.string().optional(),
  QA_CHROMIUM_PATH: z.string().optional(),
  CORS_ORIGINS: originList.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED: bool('SEED'),
  SENTRY_DSN: z.url().optional(),
  WEB_SENTRY_DSN: z.url().optional(),
  HELPDESK_KEY: z
    .string()
    .regex(/^[\w-]+$/, 'must be a Zendesk Web Widget key')
    .optional(),
  DOCS_URL: z.string().min(1).optional(),
  WEBSITE_URL: z.string().min(1).optional(),
  CSP_EXTRA_ORIGINS: z
    .string()
    .regex(
      /^(https?|wss):\/\/[^\s,]+(,\s*(https?|wss):\/\/[^\s,]+)*$/,
      'must be a comma-separated list of origins',
    )
    .optional(),
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  APP_PREVIOUS_KEYS: z
    .string()
    .refine(
      (v) => v.split(',').every((key) => key.trim().length >= 32),
      'must be a comma-separated list of keys of at least 32 characters',
    )
    .optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_FORCE_PATH_STYLE: bool('S3_FORCE_PATH_STYLE'),
  MAX_UPLOAD_MB: positiveInt.default(1024),
  WEB_DIST: z.string().optional(),
  SESSION_IDLE_MINUTES: positiveInt.default(120),
  SESSION_ABSOLUTE_HOURS: positiveInt.default(24 * 7),
  LOGIN_MAX_ATTEMPTS: positiveInt.default(5),
  LOGIN_WINDOW_SECONDS: positiveInt.default(15 * 60),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(1200),
  SERVE_CONTENT_HELD_MB: z.coerce.number().int().min(0).default(64),
  FEED_MAX_MB: positiveInt.default(FEED_LIMITS.bytes / 1024 / 1024),
  SERVE_PATCHED_RULES_MAX: z.coerce.number().int().min(0).optional(),
  SERVE_POLL_MS: z.coerce.number().min(0).max(100).default(0),
  RULES_LIST_KEPT_FROM: z.coerce.number().int().min(0).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must start with redis:// or rediss://')
    .optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('adstudio'),
  SCHEDULE_TICK_SECONDS: positiveInt.default(60),
  JOB_EXPIRE_SECONDS: positiveInt.default(15 * 60),
  SHUTDOWN_SECONDS: positiveInt.default(25),
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  TRUST_PROXY: trustedProxies.optional(),
  GEO_COUNTRY_HEADER: headerName.default('cf-ipcountry'),
  GEO_REGION_HEADER: headerName.default('cf-region-code'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Off, the number of proxy hops in front of the server, or the proxies' addresses and CIDRs. */
export type TrustProxy = false | number | string[];

export type Database = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };

/** Where files live: DATA_DIR/storage, or an S3-compatible bucket (credentials from the AWS variables). */
export type StorageConfig =
  | { driver: 'local'; dir: string }
  | { driver: 's3'; bucket: string; region: string; endpoint: string | undefined; forcePathStyle: boolean };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The API's own public URL (signed storage URLs, OpenAPI server). */
  appUrl: string;
  /** Where the SPA lives: sign-in sends the browser back here. */
  spaUrl: string;
  /** Where creatives render (docs/design.md §9): an origin of its own when set, else APP_URL. */
  renderUrl: string | undefined;
  /** Where feeds come from (docs/design.md §10): the operator's Google endpoints, and internal hosts user URLs may reach. */
  feeds: {
    sheetsExportUrl: string;
    sheetsApiUrl: string;
    /** Overrides the service account's token_uri. */
    tokenUrl: string | undefined;
    /** A service account JSON: with it, sheets are read through the Sheets API. */
    credentialsFile: string | undefined;
    /** Host names or IP addresses user-given URLs may reach though the SSRF guard would refuse them. */
    allowHosts: string[];
    /**
     * The most bytes a feed file may have (FEED_MAX_MB): Studio's 100 MB by default; an operator
     * taking full-width 700,000-row feeds raises it (docs/decisions/0146).
     */
    maxBytes: number;
  };
  /**
   * Rule content (bytes of JSON text) a feed compiled for serving holds in memory
   * (SERVE_CONTENT_HELD_MB); past it, a rule's content is read when first served. 0: always read.
   */
  servingContentHeldBytes: number;
  /**
   * The most rules written since a compiled feed was compiled that a patch reads
   * (SERVE_PATCHED_RULES_MAX, default the rule-selection module's PATCHED_RULES_MAX); past it the
   * feed compiles anew. 0: every change compiles anew.
   */
  servingPatchedRulesMax: number | undefined;
  /**
   * How long the event loop stays awake (polling, not sleeping) after each served request
   * (SERVE_POLL_MS, decision 0149): a core spent while ads are served, for their latency. 0: off.
   */
  servingPollMs: number;
  /**
   * The fewest live rules a feed has for this process to keep its rules list (RULES_LIST_KEPT_FROM,
   * default the profiles module's RULES_LIST_KEPT.from): its filtered and deep sorted pages are then
   * read from memory (decision 0148). 0: never.
   */
  rulesListKeptFrom: number | undefined;
  /** E-mail over SMTP, when SMTP_URL is set. */
  mail: { smtpUrl: string; from: string } | undefined;
  /** Webhook deliveries: the waits between attempts (their count + 1 is the number of tries). */
  webhooks: { retrySeconds: number[] };
  /** Headless Chromium for backup images of rules (processing assets); without it they are unavailable. */
  chromiumPath: string | undefined;
  /** The browser QA runs check variants in, when it is not the one beside `chromiumPath`. */
  qaChromiumPath: string | undefined;
  /** Origins whose pages may call the API with credentials (CORS); empty means none. */
  corsOrigins: string[];
  secureCookies: boolean;
  dataDir: string;
  storageDir: string;
  storage: StorageConfig;
  database: Database;
  admin: { email: string; password: string | undefined };
  seed: boolean;
  sentryDsn: string | undefined;
  /** What the SPA reads from /config.json at start (integrations, links). */
  web: { sentryDsn?: string; helpdeskKey?: string; docsUrl?: string; websiteUrl?: string };
  cspExtraOrigins: string[];
  /** Secret for signed URLs; when unset, one is generated into DATA_DIR/app.key. */
  appKey: string | undefined;
  /** Keys APP_KEY replaced: what they signed or sealed is still accepted, nothing new uses them. */
  previousAppKeys: string[];
  maxUploadBytes: number;
  webDist: string;
  session: { idleMinutes: number; absoluteHours: number };
  login: { maxAttempts: number; windowSeconds: number };
  rateLimitPerMinute: number;
  /**
   * Where rate limits count when several instances share them (issue 47): Redis when set; else
   * PostgreSQL's `rate_limit_hits`; on SQLite's single instance, its memory.
   */
  redisUrl: string | undefined;
  /**
   * OpenTelemetry traces (lib/tracing.ts): spans of requests, database queries and outgoing HTTP go
   * to `endpoint` over OTLP/HTTP; unset, nothing of OpenTelemetry is loaded.
   */
  tracing: { endpoint: string | undefined; serviceName: string };
  /** How often each instance looks for profiles whose scheduled sync is due. */
  scheduleTickMs: number;
  /**
   * PostgreSQL: a job still running this long is taken for one whose instance died, and retried or
   * failed. Longer than any job may run (a 700,000-row feed, a large package).
   */
  jobExpireSeconds: number;
  /**
   * On SIGTERM: how long requests in flight and running jobs are waited for before their connections
   * are closed and the jobs handed back; the stats buffer is flushed after either way.
   */
  shutdownSeconds: number;
  /**
   * Prometheus metrics (`GET /metrics`): off unless `token` (a bearer the scraper sends, on the app's
   * port) or `port` (served apart from the app, without a token) is set.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** Which hops in front of the server are trusted proxies (client addresses, rate limits, throttles). */
  trustProxy: TrustProxy;
  /**
   * Served ad tags (docs/design.md §11): the request headers a CDN or load balancer adds with the
   * viewer's country (ISO 3166-1 alpha-2) and region, which rule selection reads.
   */
  geo: { countryHeader: string; regionHeader: string };
  logLevel: string;
}

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Reads and validates the environment once; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const value = env[name];
    throw new ConfigError(
      `Invalid ${name}${value === undefined ? '' : ` (${JSON.stringify(value)})`}: ${issue.message}`,
    );
  }
  const e = parsed.data;
  // npm runs workspace scripts inside the workspace; relative paths mean where the user ran npm.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if (e.STORAGE === 's3' && !e.S3_BUCKET)
    throw new ConfigError('Invalid S3_BUCKET: required when STORAGE=s3');
  const storageDir = path.join(dataDir, 'storage');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    spaUrl: e.SPA_URL?.replace(/\/+$/, '') ?? appUrl,
    renderUrl: e.RENDER_URL?.replace(/\/+$/, ''),
    feeds: {
      sheetsExportUrl: e.SHEETS_EXPORT_URL,
      sheetsApiUrl: e.SHEETS_API_URL.replace(/\/+$/, ''),
      tokenUrl: e.GOOGLE_TOKEN_URL,
      credentialsFile: e.GOOGLE_APPLICATION_CREDENTIALS,
      allowHosts: (e.DATASOURCE_ALLOW_HOSTS ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      maxBytes: e.FEED_MAX_MB * 1024 * 1024,
    },
    servingContentHeldBytes: e.SERVE_CONTENT_HELD_MB * 1024 * 1024,
    servingPatchedRulesMax: e.SERVE_PATCHED_RULES_MAX,
    servingPollMs: e.SERVE_POLL_MS,
    rulesListKeptFrom: e.RULES_LIST_KEPT_FROM,
    webhooks: { retrySeconds: e.WEBHOOK_RETRY_SECONDS },
    mail: e.SMTP_URL
      ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `Adstudio <no-reply@${new URL(appUrl).hostname}>` }
      : undefined,
    chromiumPath: e.CHROMIUM_PATH?.trim() || undefined,
    qaChromiumPath: e.QA_CHROMIUM_PATH?.trim() || undefined,
    corsOrigins: e.CORS_ORIGINS ?? [],
    secureCookies: appUrl.startsWith('https://'),
    dataDir,
    storageDir,
    storage:
      e.STORAGE === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          }
        : { driver: 'local', dir: storageDir },
    database: parseDatabaseUrl(e.DATABASE_URL, dataDir, base),
    admin: { email: e.ADMIN_EMAIL ?? 'admin@example.com', password: e.ADMIN_PASSWORD },
    seed: e.SEED ?? true,
    sentryDsn: e.SENTRY_DSN,
    appKey: e.APP_KEY,
    previousAppKeys: (e.APP_PREVIOUS_KEYS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    web: {
      ...((e.WEB_SENTRY_DSN ?? e.SENTRY_DSN) ? { sentryDsn: e.WEB_SENTRY_DSN ?? e.SENTRY_DSN } : {}),
      ...(e.HELPDESK_KEY ? { helpdeskKey: e.HELPDESK_KEY } : {}),
      ...(e.DOCS_URL ? { docsUrl: e.DOCS_URL } : {}),
      ...(e.WEBSITE_URL ? { websiteUrl: e.WEBSITE_URL } : {}),
    },
    cspExtraOrigins: e.CSP_EXTRA_ORIGINS?.split(',').map((o) => o.trim()) ?? [],
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : path.join(serverRoot, '..', 'web', 'dist'),
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS },
    login: { maxAttempts: e.LOGIN_MAX_ATTEMPTS, windowSeconds: e.LOGIN_WINDOW_SECONDS },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    redisUrl: e.REDIS_URL,
    tracing: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME },
    scheduleTickMs: e.SCHEDULE_TICK_SECONDS * 1000,
    jobExpireSeconds: e.JOB_EXPIRE_SECONDS,
    shutdownSeconds: e.SHUTDOWN_SECONDS,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    trustProxy: e.TRUST_PROXY ?? false,
    geo: { countryHeader: e.GEO_COUNTRY_HEADER, regionHeader: e.GEO_REGION_HEADER },
    logLevel: e.LOG_LEVEL,
  };
}

function parseDatabaseUrl(url: string | undefined, dataDir: string, base: string): Database {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'adstudio.sqlite') };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return { kind: 'sqlite', file: file === ':memory:' ? file : path.resolve(base, file) };
  }
  return { kind: 'postgres', url };
}
