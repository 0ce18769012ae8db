/**
 * Configuration: build-time `VITE_*` variables, overridden at start by `/config.json` when an
 * operator deploys one next to index.html (the shipped one is empty).
 */
export interface AppConfig {
  /** Base URL of the API host; empty means the same origin. */
  apiUrl: string;
  sentryDsn?: string | undefined;
  sentryEnvironment?: string | undefined;
  /** Key of the help-desk (Zendesk Web Widget) snippet; absent means no widget. */
  helpdeskKey?: string | undefined;
  docsUrl: string;
  websiteUrl: string;
}

const clean = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const fromBuild = (): AppConfig => ({
  apiUrl: (clean(import.meta.env.VITE_API_URL) ?? '').replace(/\/+$/, ''),
  sentryDsn: clean(import.meta.env.VITE_SENTRY_DSN),
  sentryEnvironment: clean(import.meta.env.VITE_SENTRY_ENVIRONMENT) ?? import.meta.env.MODE,
  helpdeskKey: clean(import.meta.env.VITE_HELPDESK_KEY),
  docsUrl: clean(import.meta.env.VITE_DOCS_URL) ?? '/docs',
  websiteUrl: clean(import.meta.env.VITE_WEBSITE_URL) ?? '/',
});

let current: AppConfig = fromBuild();

export const env = (): AppConfig => current;

/** Merges a runtime config object (keys as in AppConfig) over the build-time values. */
export function applyRuntimeConfig(runtime: unknown): AppConfig {
  if (!runtime || typeof runtime !== 'object') return current;
  const r = runtime as Record<string, unknown>;
  const next = { ...current };
  const apiUrl = clean(r.apiUrl);
  if (apiUrl !== undefined) next.apiUrl = apiUrl.replace(/\/+$/, '');
  for (const key of ['sentryDsn', 'sentryEnvironment', 'helpdeskKey', 'docsUrl', 'websiteUrl'] as const) {
    const value = clean(r[key]);
    if (value !== undefined) next[key] = value;
  }
  current = next;
  return current;
}

export async function loadRuntimeConfig(): Promise<AppConfig> {
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-cache' });
    if (response.ok) return applyRuntimeConfig(await response.json());
  } catch {
    // No runtime config: the build-time values stand.
  }
  return current;
}
