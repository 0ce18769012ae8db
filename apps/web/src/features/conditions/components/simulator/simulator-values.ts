import type { DataValue, Device, SimulationContextInput } from '@adstudio/contract';

/** The simulator form's values; empty text means "not in the context". */
export interface SimulatorValues {
  /** `YYYY-MM-DDTHH:mm` on the wall clock of `time_zone`; '' is now. */
  at: string;
  time_zone: string;
  country: string;
  region: string;
  city: string;
  device: Device | '';
  language: string;
  params: { name: string; value: string }[];
  /** Data source values to use instead of the cached ones. */
  datasources: { id: number | null; value: string }[];
}

export const simulatorDefaults = (timeZone: string): SimulatorValues => ({
  at: '',
  time_zone: timeZone,
  country: '',
  region: '',
  city: '',
  device: '',
  language: '',
  params: [],
  datasources: [],
});

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** How far a zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - (instant - (instant % 1000));
}

/**
 * The instant (ISO 8601, UTC) when the wall clock of `timeZone` shows `local` (`YYYY-MM-DDTHH:mm`),
 * so "Saturday 09:00 in Tokyo" is simulated whatever the browser's own zone; null when malformed.
 * A time skipped by a clock change resolves to the same wall time after it.
 */
export function zonedTimeToIso(local: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wall)) return null;
  try {
    // Two passes settle the offset on either side of a clock change.
    let instant = wall - zoneOffset(wall, timeZone);
    instant = wall - zoneOffset(instant, timeZone);
    return new Date(instant).toISOString();
  } catch {
    return null;
  }
}

const text = (value: string) => value.trim() || undefined;

/** A typed override as the API takes it: numbers stay text (the server reads both sides as numbers). */
const overrideValue = (value: string): DataValue => value;

/** The context the form describes; what is left empty is left out. */
export function toSimulationContext(values: SimulatorValues): SimulationContextInput {
  const at = values.at ? (zonedTimeToIso(values.at, values.time_zone) ?? values.at) : undefined;
  const context: SimulationContextInput = {
    time_zone: values.time_zone || 'UTC',
    params: Object.fromEntries(
      values.params
        .filter((param) => param.name.trim() !== '')
        .map((param) => [param.name.trim(), param.value]),
    ),
    datasources: Object.fromEntries(
      values.datasources
        .filter((entry): entry is { id: number; value: string } => entry.id !== null)
        .map((entry) => [String(entry.id), overrideValue(entry.value)]),
    ),
  };
  if (at) context.at = at;
  const optional = {
    country: text(values.country)?.toUpperCase(),
    region: text(values.region),
    city: text(values.city),
    device: values.device || undefined,
    language: text(values.language),
  };
  for (const [key, value] of Object.entries(optional)) if (value) Object.assign(context, { [key]: value });
  return context;
}
