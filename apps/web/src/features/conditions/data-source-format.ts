import {
  DATA_SOURCE_REFRESH_DEFAULT_S,
  DATA_SOURCE_TIMEOUT_DEFAULT_MS,
  type DataSource,
  type DataSourceCreate,
  DataSourceCreateSchema,
  type DataSourceMethod,
  type DataSourceTest,
  type DataValue,
  fillPlaceholders,
  URL_PLACEHOLDER,
} from '@adstudio/contract';

/** The `{…}` names of a URL, each once, in order: `{country}`, `{param:zip}` → ['country', 'param:zip']. */
export function urlPlaceholders(url: string): string[] {
  const names: string[] = [];
  for (const match of url.matchAll(new RegExp(URL_PLACEHOLDER.source, 'g'))) {
    const name = match[1];
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/** The host a URL calls (placeholders may only be in its path and query), or the URL itself. */
export function urlHost(url: string): string {
  try {
    return new URL(fillPlaceholders(url, () => 'x')).host || url;
  } catch {
    return url;
  }
}

/** A data source's value as text; no value reads as a dash. */
export const dataValueText = (value: DataValue | undefined): string =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** "every 30 s", "every 5 min", "every 2 h", "every day". */
export function refreshText(seconds: number): string {
  if (seconds % 86_400 === 0) return seconds === 86_400 ? 'every day' : `every ${seconds / 86_400} days`;
  if (seconds % 3600 === 0) return `every ${seconds / 3600} h`;
  if (seconds % 60 === 0) return `every ${seconds / 60} min`;
  return `every ${seconds} s`;
}

/**
 * A header row of the form. A saved header's value is never sent back (the API answers only that
 * it is set), so `stored` rows keep it unless the user chose to replace it.
 */
export interface HeaderRow {
  name: string;
  value: string;
  stored: boolean;
  replace: boolean;
}

export interface DataSourceFormValues {
  name: string;
  method: DataSourceMethod;
  url: string;
  headers: HeaderRow[];
  json_path: string;
  timeout_ms: number;
  refresh_seconds: number;
  default_value: string;
}

export const dataSourceFormValues = (source?: DataSource): DataSourceFormValues => ({
  name: source?.name ?? '',
  method: source?.method ?? 'GET',
  url: source?.url ?? '',
  headers: (source?.headers ?? []).map((header) => ({
    name: header.name,
    value: '',
    stored: true,
    replace: false,
  })),
  json_path: source?.json_path ?? '',
  timeout_ms: source?.timeout_ms ?? DATA_SOURCE_TIMEOUT_DEFAULT_MS,
  refresh_seconds: source?.refresh_seconds ?? DATA_SOURCE_REFRESH_DEFAULT_S,
  default_value: source?.default_value ?? '',
});

/** A header as the API takes it: a kept stored value is left out, anything typed is sent. */
const headerBody = (header: HeaderRow) =>
  header.stored && !header.replace ? { name: header.name } : { name: header.name, value: header.value };

/** The body the form's values make, before the contract's schema reads it (paths match the form's). */
export const dataSourceInput = (values: DataSourceFormValues) => ({
  name: values.name,
  method: values.method,
  url: values.url,
  headers: values.headers.map(headerBody),
  json_path: values.json_path,
  timeout_ms: values.timeout_ms,
  refresh_seconds: values.refresh_seconds,
  default_value: values.default_value,
});

/** The create / update body of valid form values. */
export const dataSourceBody = (values: DataSourceFormValues): DataSourceCreate =>
  DataSourceCreateSchema.parse(dataSourceInput(values));

/**
 * The test's body: the definition as typed (unsaved), with the saved data source's id when there is
 * one so its stored header values fill in those not retyped, and the URL's placeholders.
 */
export function dataSourceTestBody(
  values: DataSourceFormValues,
  id: number | undefined,
  placeholders: Readonly<Record<string, string>>,
): DataSourceTest {
  const names = urlPlaceholders(values.url);
  return {
    ...(id === undefined ? {} : { id }),
    url: values.url.trim(),
    method: values.method,
    headers: values.headers.filter((header) => header.name.trim() !== '').map(headerBody),
    json_path: values.json_path.trim() || null,
    timeout_ms: Number.isFinite(values.timeout_ms) ? values.timeout_ms : DATA_SOURCE_TIMEOUT_DEFAULT_MS,
    placeholders: Object.fromEntries(names.map((name) => [name, placeholders[name] ?? ''])),
  };
}
