/**
 * The demo's weather: a weather-like data source served by the app's own demo endpoint, so the
 * demo works offline. Believable, not real: each city has a climate of its
 * own (a hash of its name), the year a season and the day a curve, so a temperature moves slowly
 * and the same city at the same hour always answers the same.
 */

/** Where the app serves it; the demo data source's URL is APP_URL plus this and `?city={city}`. */
export const DEMO_WEATHER_PATH = '/demo/weather';

export interface DemoWeather {
  city: string;
  current: { temperature: number; condition: 'sunny' | 'cloudy' | 'rain' | 'snow'; observed_at: string };
}

/** FNV-1a: a stable number per city name. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const char of text.toLowerCase()) {
    h ^= char.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const HOUR_MS = 3_600_000;
const DAY_OF_YEAR_MS = 86_400_000;

export function demoWeather(city: string, at: Date): DemoWeather {
  const name = city.trim() || 'Amsterdam';
  const h = hash(name);
  // The hour the reading belongs to: readings change once an hour.
  const hour = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
  const dayOfYear = (hour.getTime() - Date.UTC(hour.getUTCFullYear(), 0, 1)) / DAY_OF_YEAR_MS;
  const yearly = 11 + (h % 9); // mean temperature 11–19 °C
  const seasonal = -10 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365); // coldest mid-January
  const daily = -4 * Math.cos((2 * Math.PI * (hour.getUTCHours() - 3)) / 24); // coldest 03:00 UTC
  const noise = (hash(`${name}:${hour.toISOString()}`) % 31) / 10 - 1.5; // ±1.5 °C
  const temperature = Math.round((yearly + seasonal + daily + noise) * 10) / 10;
  const wet = hash(`${name}:${hour.toISOString().slice(0, 10)}`) % 4 === 0;
  const condition = wet
    ? temperature <= 1
      ? 'snow'
      : 'rain'
    : hour.getUTCHours() % 5 === 0
      ? 'cloudy'
      : 'sunny';
  return { city: name, current: { temperature, condition, observed_at: hour.toISOString() } };
}

/**
 * The demo's answer to a URL when it is the app's own demo weather endpoint (same origin as APP_URL
 * and the demo path), else null. Data sources read it in process: the SSRF guard, rightly, refuses
 * the loopback address the demo server listens on, and nothing needs to leave the process anyway.
 */
const isOwnDemo = (url: URL, app: URL) => url.origin === app.origin && url.pathname === DEMO_WEATHER_PATH;

/** Whether a data source's URL is this app's demo endpoint, which is answered in process, never fetched. */
export function isOwnDemoUrl(url: string, appUrl: string): boolean {
  return URL.canParse(url) && URL.canParse(appUrl) && isOwnDemo(new URL(url), new URL(appUrl));
}

export function ownDemoAnswer(
  url: string,
  appUrl: string,
  now: Date,
): { status: number; text: string } | null {
  let parsed: URL;
  let own: URL;
  try {
    parsed = new URL(url);
    own = new URL(appUrl);
  } catch {
    return null;
  }
  if (!isOwnDemo(parsed, own)) return null;
  return { status: 200, text: JSON.stringify(demoWeather(parsed.searchParams.get('city') ?? '', now)) };
}
