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

/**
 * What text may not hold: control characters (C0, DEL, C1) and lone UTF-16 surrogates — half an
 * emoji, which no encoding can store (SQLite keeps it as invalid UTF-8, PostgreSQL refuses NUL).
 * In `u` mode a surrogate pair reads as one character, so `\p{Cs}` matches only a lone half.
 * Also the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
 * make a name show other than it is stored (`invoice\u202etxt.exe` reads `invoiceexe.txt`) and spill
 * into the text around it, and the noncharacters U+FFFE and U+FFFF. The marks LRM, RLM and ALM
 * (U+200E, U+200F, U+061C) stay: right-to-left keyboards type them, and they override nothing.
 */
const NOT_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffe\uffff]|\p{Cs}/u;
/** The same, but tab and line breaks are text in a multi-line field (notes, comments, messages). */
const NOT_MULTILINE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffe\uffff]|\p{Cs}/u;

export interface TextOptions {
  /** Tab and line breaks are allowed (a textarea); single-line text refuses them. */
  multiline?: boolean;
}

/** Whether `text` is text a person could have typed: see NOT_TEXT. */
export const isPlainText = (text: string, { multiline = false }: TextOptions = {}) =>
  !(multiline ? NOT_MULTILINE_TEXT : NOT_TEXT).test(text);

/** The one message of the rule, naming the field like the other messages do. */
export const plainTextMessage = (label: string, { multiline = false }: TextOptions = {}) =>
  multiline
    ? `The ${label} may only contain text: no control characters or broken characters.`
    : `The ${label} may only contain text on one line: no line breaks, control characters or broken characters.`;

/**
 * The rule as a check for a string schema with a shape of its own:
 * `z.string({ error: … }).trim().check(plainText('comment', { multiline: true }))`. It does not abort,
 * so `blankToNull`'s union still reads its message; put it first so its message is the one shown.
 */
export const plainText = (label: string, options: TextOptions = {}) =>
  z.refine<string>((text) => isPlainText(text, options), plainTextMessage(label, options));

export interface TextFieldOptions extends TextOptions {
  /** Refuse an empty (once trimmed) or missing value with "The … field is required.". */
  required?: boolean;
  /** The longest text, with the usual "may not be greater than" message. */
  max?: number;
  /** Trim surrounding white space first (default); off for values compared as they are typed. */
  trim?: boolean;
}

/**
 * A text input: trimmed (unless told otherwise), refused unless it is plain text, then the field's
 * own checks — `.max()`, `.regex()`, `.refine()` — chained by the caller. (Not `.pipe()` under
 * `blankToNull`: a pipe that stops early aborts, and the union answers "Invalid input".)
 */
export const textField = (
  label: string,
  { multiline = false, required = false, max, trim = true }: TextFieldOptions = {},
) => {
  const requiredMessage = `The ${label} field is required.`;
  let schema = required ? z.string({ error: requiredMessage }) : z.string();
  if (trim) schema = schema.trim();
  schema = schema.check(plainText(label, { multiline }));
  if (required) schema = schema.min(1, requiredMessage);
  if (max !== undefined) schema = schema.max(max, `The ${label} may not be greater than ${max} characters.`);
  return schema;
};

/** Optional text inputs: an empty form field means "no value", so '' becomes null (undefined stays "not sent"). */
export const blankToNull = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v) as z.output<T> | null | undefined);

/** A required name of at most `max` characters, trimmed, on one line. */
export const nameField = (max: number) => textField('name', { required: true, max });

/** An http(s) address with a real host name, e.g. a brief or click-through URL. */
export const httpUrl = (label: string) => {
  const url = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });
  // A refinement, not a pipe, so that `blankToNull` reads this field's messages (see textField).
  return textField(label, { max: 2048 }).refine(
    (text) => url.safeParse(text).success,
    `The ${label} must be a valid http:// or https:// address.`,
  );
};

/** Status of a campaign or creative (docs/design.md §5), in a body. */
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
