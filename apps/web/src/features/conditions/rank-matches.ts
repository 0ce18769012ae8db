/** Text as matching reads it: no accents, no case, words apart ("Île-de-France" → "ile de france"). */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** What a picker's option is found by: its codes and its name. */
export interface MatchKeys {
  codes: readonly string[];
  name: string;
}

/**
 * The options matching typed text, best first: a code typed exactly, then the name typed exactly,
 * the name starting with the text, a code starting with it, a word of the name starting with it,
 * and last the text anywhere — so "Nether" lists the Netherlands (NL) before Caribbean Netherlands
 * (BQ), and "nl" lists NL before Finland. Options of one rank keep their order. Empty text lists
 * the options as they are. At most `max` are answered.
 */
export function rankMatches<T>(
  options: readonly T[],
  text: string,
  keysOf: (option: T) => MatchKeys,
  max = Number.POSITIVE_INFINITY,
): T[] {
  const query = fold(text);
  if (!query) return options.slice(0, max);
  const ranks: T[][] = [[], [], [], [], [], []];
  for (const option of options) {
    const { codes, name } = keysOf(option);
    const folded = fold(name);
    const code = codes.map(fold);
    const rank = code.includes(query)
      ? 0
      : folded === query
        ? 1
        : folded.startsWith(query)
          ? 2
          : code.some((c) => c.startsWith(query))
            ? 3
            : ` ${folded}`.includes(` ${query}`)
              ? 4
              : folded.includes(query) || code.some((c) => c.includes(query))
                ? 5
                : -1;
    if (rank >= 0) ranks[rank]!.push(option);
    // Enough options of the best rank: none later can come before them.
    if (ranks[0]!.length >= max) break;
  }
  return ranks.flat().slice(0, max);
}
