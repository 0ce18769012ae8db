import dayjs from 'dayjs';

/** Spec section 9: dates are shown DD/MM/YYYY. */
export const DATE_FORMAT = 'DD/MM/YYYY';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Formats an ISO date (`YYYY-MM-DD`, read as a calendar day) or timestamp; '' when absent or invalid. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = DATE_ONLY.test(value) ? dayjs(`${value}T00:00:00`) : dayjs(value);
  return parsed.isValid() ? parsed.format(DATE_FORMAT) : '';
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(`${DATE_FORMAT} HH:mm`) : '';
}
