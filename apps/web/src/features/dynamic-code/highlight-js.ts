/** The kinds of JavaScript text the code view colours; `plain` is everything else. */
export type JsTokenKind = 'comment' | 'string' | 'keyword' | 'number' | 'plain';

export interface JsToken {
  kind: JsTokenKind;
  text: string;
}

const KEYWORDS = new Set([
  'async',
  'await',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'let',
  'new',
  'null',
  'of',
  'return',
  'static',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'undefined',
  'var',
  'void',
  'while',
  'with',
  'yield',
]);

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const isIdentifierStart = (char: string | undefined) => char !== undefined && /[A-Za-z_$]/.test(char);
const isIdentifierPart = (char: string | undefined) => char !== undefined && /[\w$]/.test(char);

/** Where a quoted string starting at `start` ends (after its closing quote, or at the line's end). */
function stringEnd(code: string, start: number): number {
  const quote = code[start];
  let at = start + 1;
  while (at < code.length) {
    const char = code[at];
    if (char === '\\') at += 2;
    else if (char === quote) return at + 1;
    // An unclosed '…' or "…" ends with its line; a template literal may span lines.
    else if (char === '\n' && quote !== '`') return at;
    else at += 1;
  }
  return code.length;
}

/** Where a number starting at `start` ends: digits, letters (hex, exponent, suffix), `_`, `.`, an exponent's sign. */
function numberEnd(code: string, start: number): number {
  let at = start;
  while (at < code.length) {
    const char = code[at]!;
    if (/[\w.]/.test(char)) at += 1;
    else if (
      (char === '+' || char === '-') &&
      /[eE]/.test(code[at - 1]!) &&
      !/^0[xX]/.test(code.slice(start, at))
    )
      at += 1;
    else break;
  }
  return at;
}

/** The last character before `at` that is not white space. */
function previousSignificant(code: string, at: number): string | undefined {
  for (let index = at - 1; index >= 0; index--) {
    if (!/\s/.test(code[index]!)) return code[index];
  }
  return undefined;
}

/**
 * Splits JavaScript into coloured runs for display: comments, strings (quoted and template),
 * keywords and numbers; everything else is plain. One linear pass with no regular expression over
 * the whole text, so any input is cheap; it only colours (regular expression literals and `${}`
 * inside templates are not told apart) and the runs put together give back the text unchanged.
 */
export function tokenizeJs(code: string): JsToken[] {
  const tokens: JsToken[] = [];
  const push = (kind: JsTokenKind, text: string) => {
    const last = tokens[tokens.length - 1];
    if (last && last.kind === kind && kind === 'plain') last.text += text;
    else tokens.push({ kind, text });
  };
  let at = 0;
  while (at < code.length) {
    const char = code[at]!;
    const next = code[at + 1];
    let end: number;
    let kind: JsTokenKind = 'plain';
    if (char === '/' && next === '/') {
      const newline = code.indexOf('\n', at);
      end = newline === -1 ? code.length : newline;
      kind = 'comment';
    } else if (char === '/' && next === '*') {
      const close = code.indexOf('*/', at + 2);
      end = close === -1 ? code.length : close + 2;
      kind = 'comment';
    } else if (char === '"' || char === "'" || char === '`') {
      end = stringEnd(code, at);
      kind = 'string';
    } else if (isDigit(char) || (char === '.' && isDigit(next))) {
      end = numberEnd(code, at);
      kind = 'number';
    } else if (isIdentifierStart(char)) {
      end = at + 1;
      while (isIdentifierPart(code[end])) end += 1;
      // `feed.default` is a property, not the keyword.
      if (KEYWORDS.has(code.slice(at, end)) && previousSignificant(code, at) !== '.') kind = 'keyword';
    } else {
      end = at + 1;
    }
    push(kind, code.slice(at, end));
    at = end;
  }
  return tokens;
}
