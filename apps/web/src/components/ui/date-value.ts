/** The values a DateField reports, apart from the picker itself (which list filters load only on use). */

/**
 * What a DateField reports while its text is not a whole, plausible date (typed halfway, 31/02, year 0002).
 * Not '' — so a form never saves a half-typed date as "no date"; the contract's ISO-date schemas reject it.
 */
export const INVALID_DATE = 'invalid-date';

const ISO_PATTERN = { date: /^\d{4}-\d{2}-\d{2}$/, time: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/ };

/** True for a value a DateField reports for a whole date: `YYYY-MM-DD` (`YYYY-MM-DDTHH:mm` with time). */
export const isCompleteDate = (value: string | null | undefined, withTime = false): value is string =>
  Boolean(value) && ISO_PATTERN[withTime ? 'time' : 'date'].test(value ?? '');
