/** `Exit_URL`, `exit-url`, `Exit URL`, `exiturl`: a feed's exit column, however the sheet spells it. */
const isExitColumn = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '') === 'exiturl';

/** The value of a rule's exit column (`data`: the rule's column → value), when it has a non-blank one. */
export function ruleExitUrl(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  for (const [column, value] of Object.entries(data))
    if (isExitColumn(column) && typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

/**
 * The URL a click may be sent to: an absolute http(s) URL, as the URL parser writes it (so no
 * control characters reach the Location header); anything else (javascript:, data:, relative,
 * malformed) is no exit.
 */
export function followableUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
