import { z } from 'zod';
import { remember } from '../common/bounded-memo';
import { textField } from '../common/fields';
import { DEVICES, type Weekday } from './condition';
import type { DataValue } from './data-source';

/**
 * A viewer's context, as the simulator and the renderer describe it and as predicates read it
 * (rule-selection.ts): the moment broken down in the viewer's time zone, with data source values.
 */

/** A viewer's context as the simulator and the renderer describe it. */
export const SimulationContextSchema = z.object({
  /** The moment (ISO 8601); now when left out. */
  at: z.iso.datetime({ offset: true, error: 'The time must be a date and time (ISO 8601).' }).optional(),
  /** The viewer's time zone (IANA, e.g. Europe/Paris): dates, times and weekdays are read in it. */
  time_zone: textField('time zone')
    .max(64)
    .refine(isTimeZone, 'The time zone must be an IANA zone such as Europe/Paris.')
    .default('UTC'),
  country: textField('country')
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'The country must be a two-letter code such as FR.')
    .optional(),
  region: textField('region').max(100).optional(),
  city: textField('city').max(100).optional(),
  device: z.enum(DEVICES, { error: `The device must be one of: ${DEVICES.join(', ')}.` }).optional(),
  language: textField('language')
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'The language must be a code such as en or pt-BR.')
    .optional(),
  /** Query parameters of the ad call (`param:<name>`). */
  params: z
    .record(
      textField('parameter name', { trim: false }).max(64),
      textField('parameter value', { trim: false }).max(500),
    )
    .default({}),
  /** Data sources' values to use instead of their cached ones, by id. */
  datasources: z
    .record(
      z.string().regex(/^[0-9]{1,10}$/),
      z.union([textField('data source value', { trim: false }), z.number(), z.boolean(), z.null()]),
    )
    .default({}),
});
export type SimulationContextInput = z.input<typeof SimulationContextSchema>;
export type SimulationContext = z.output<typeof SimulationContextSchema>;

/** Zones judged so far: building a formatter to find out costs ~100 µs, more than a served decision. */
const zonesJudged = new Map<string, boolean>();
const ZONES_JUDGED_MAX = 2000;

function isTimeZone(zone: string): boolean {
  let valid = zonesJudged.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    remember(zonesJudged, zone, valid, ZONES_JUDGED_MAX);
  }
  return valid;
}

/** The context as predicates read it: the moment broken down in the viewer's zone. */
export interface EvaluationContext {
  date: string;
  time: string;
  weekday: Weekday;
  country?: string;
  region?: string;
  city?: string;
  device?: string;
  language?: string;
  params: Readonly<Record<string, string>>;
  /** Each data source's current value, by id (a missing id: no value known). */
  datasources: Readonly<Record<number, DataValue>>;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** `date`, `time` and `weekday` of a moment in a time zone. */
export function localMoment(
  at: Date,
  timeZone: string,
): Pick<EvaluationContext, 'date' | 'time' | 'weekday'> {
  // Formatting costs more than a served decision; a moment names its minute, so one per zone is kept.
  const minute = Math.floor(at.getTime() / 60_000);
  const kept = lastMoments.get(timeZone);
  if (kept?.minute === minute) return kept.moment;
  return remember(lastMoments, timeZone, { minute, moment: formatMoment(at, timeZone) }, ZONES_JUDGED_MAX)
    .moment;
}

type Moment = Pick<EvaluationContext, 'date' | 'time' | 'weekday'>;
const lastMoments = new Map<string, { minute: number; moment: Moment }>();

function formatMoment(at: Date, timeZone: string): Moment {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: String(parts.weekday).slice(0, 3).toLowerCase() as Weekday,
  };
}

/**
 * The evaluation context of a simulator's (or renderer's) context, data source values merged in.
 * Built property by property: served tags make two per decision, and on V8 a spread followed by
 * more properties (`{...moment, country, …}`) cost 3.5 µs where this costs 0.14 µs.
 */
export function evaluationContext(
  context: SimulationContext,
  cachedValues: Readonly<Record<number, DataValue>>,
  now: Date = new Date(),
): EvaluationContext {
  const moment = localMoment(context.at ? new Date(context.at) : now, context.time_zone);
  let datasources = cachedValues;
  for (const id in context.datasources) {
    if (datasources === cachedValues) datasources = { ...cachedValues };
    (datasources as Record<number, DataValue>)[Number(id)] = context.datasources[id]!;
  }
  return {
    date: moment.date,
    time: moment.time,
    weekday: moment.weekday,
    country: context.country,
    region: context.region,
    city: context.city,
    device: context.device,
    language: context.language,
    params: context.params,
    datasources,
  };
}
