import { z } from 'zod';
import { STATUSES } from '../statuses';

/** An ISO day; an empty one is "required" (what a person left blank), a malformed one names the wire format. */
export const isoDate = (label: string) =>
  z.iso.date({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? `The ${label} field is required.`
        : `The ${label} must be a valid date (YYYY-MM-DD).`,
  });

/** Optional text inputs: an empty form field means "no value", so '' becomes null (undefined stays "not sent"). */
export const blankToNull = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v) as z.output<T> | null | undefined);

/** A required name of at most `max` characters, trimmed. */
export const nameField = (max: number) =>
  z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(max, `The name may not be greater than ${max} characters.`);

/** An http(s) address with a real host name, e.g. a brief or click-through URL. */
export const httpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2048, `The ${label} may not be greater than 2048 characters.`)
    .pipe(
      z.url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        error: `The ${label} must be a valid http:// or https:// address.`,
      }),
    );

/** Status of a campaign or creative (DESIGN section 5), in a body. */
export const StatusSchema = z.enum(STATUSES, {
  error: (issue) =>
    issue.input === undefined
      ? 'The status field is required.'
      : `The status must be one of: ${STATUSES.join(', ')}.`,
});

/** A row id in a body. */
export const idField = (label: string) =>
  z
    .number({ error: `The ${label} field is required.` })
    .int(`The ${label} must be an id.`)
    .positive(`The ${label} must be an id.`)
    .max(2_147_483_647, `The ${label} must be an id.`);
