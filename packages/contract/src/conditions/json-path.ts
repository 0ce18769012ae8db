/**
 * The JSON path of a data source (`$.current.temperature`, `$.items[0]['unit price']`): a plain
 * walk of names and indexes. Filters and script expressions (`?()`, `()`), wildcards and recursive
 * descent are refused: a path is typed by users and evaluated on the server, so it can do nothing
 * but step into the answer.
 */
export type PathStep = string | number;

export const JSON_PATH_MAX = 300;
export const JSON_PATH_HELP = "A JSON path such as $.current.temperature or $.items[0]['unit price'].";

/** The steps of a path, or null when it is not one of the plain form. */
export function parseJsonPath(path: string): PathStep[] | null {
  const text = path.trim();
  if (!text.startsWith('$') || text.length > JSON_PATH_MAX) return null;
  const steps: PathStep[] = [];
  let at = 1;
  while (at < text.length) {
    const rest = text.slice(at);
    const name = /^\.([A-Za-z_$][A-Za-z0-9_$-]*)/.exec(rest);
    if (name) {
      steps.push(name[1]!);
      at += name[0].length;
      continue;
    }
    const index = /^\[(0|[1-9][0-9]{0,8})\]/.exec(rest);
    if (index) {
      steps.push(Number(index[1]));
      at += index[0].length;
      continue;
    }
    const quoted = /^\[(?:'([^'\\]*)'|"([^"\\]*)")\]/.exec(rest);
    if (quoted) {
      steps.push(quoted[1] ?? quoted[2] ?? '');
      at += quoted[0].length;
      continue;
    }
    return null;
  }
  return steps;
}

/** What a path finds: a scalar as it is, an object or array as its JSON text, nothing as undefined. */
export type PathValue = string | number | boolean | null;

export function valueAtPath(document: unknown, steps: readonly PathStep[]): PathValue | undefined {
  let current: unknown = document;
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return undefined;
    if (typeof step === 'number') {
      if (!Array.isArray(current) || step >= current.length) return undefined;
      current = current[step];
    } else {
      if (Array.isArray(current) || !Object.hasOwn(current, step)) return undefined;
      current = (current as Record<string, unknown>)[step];
    }
  }
  if (current === undefined) return undefined;
  if (current === null || typeof current !== 'object') return current as PathValue;
  return JSON.stringify(current);
}
