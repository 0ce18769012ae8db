import { describe, expect, it } from 'vitest';
import { type JsToken, tokenizeJs } from './highlight-js';

/** The coloured runs only, as `kind:text`. */
const coloured = (code: string) =>
  tokenizeJs(code)
    .filter((token) => token.kind !== 'plain')
    .map((token) => `${token.kind}:${token.text}`);

const joined = (tokens: JsToken[]) => tokens.map((token) => token.text).join('');

describe('tokenizeJs', () => {
  it('colours the generated dynamic code', () => {
    const code = [
      '// Dynamic content of "Banner" (creative #3)',
      'Enabler.setProfileId(12);',
      'var devDynamicContent = {};',
      'devDynamicContent.Feed[0].Headline = "Summer \\"sale\\"";',
      'devDynamicContent.Feed[0].Price = 9.99;',
    ].join('\n');
    expect(coloured(code)).toEqual([
      'comment:// Dynamic content of "Banner" (creative #3)',
      'number:12',
      'keyword:var',
      'number:0',
      'string:"Summer \\"sale\\""',
      'number:0',
      'number:9.99',
    ]);
  });

  it('gives back the text unchanged, plain runs merged', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source under test
    const code = 'if (a) { return `x ${b}` } /* c */ else x = 0x1F + 1e-3;\n';
    const tokens = tokenizeJs(code);
    expect(joined(tokens)).toBe(code);
    tokens.forEach((token, index) => {
      if (index > 0 && token.kind === 'plain') expect(tokens[index - 1]!.kind).not.toBe('plain');
    });
    expect(coloured(code)).toEqual([
      'keyword:if',
      'keyword:return',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JavaScript source under test
      'string:`x ${b}`',
      'comment:/* c */',
      'keyword:else',
      'number:0x1F',
      'number:1e-3',
    ]);
  });

  it('knows strings, comments and keywords by where they stand', () => {
    expect(coloured("'it\\'s' // the end")).toEqual(["string:'it\\'s'", 'comment:// the end']);
    // A comment marker inside a string is text, a quote inside a comment too.
    expect(coloured('"a // b" /* "c" */')).toEqual(['string:"a // b"', 'comment:/* "c" */']);
    // Properties named like keywords and identifiers that contain them are plain.
    expect(coloured('feed.default = item.new + newer + var2 + x1;')).toEqual([]);
    expect(coloured('obj. new')).toEqual([]);
  });

  it('ends what is left open at the end of the text or line', () => {
    expect(coloured('"open\nnext')).toEqual(['string:"open']);
    expect(coloured('`multi\nline')).toEqual(['string:`multi\nline']);
    expect(coloured('/* open')).toEqual(['comment:/* open']);
    expect(coloured('x = "\\')).toEqual(['string:"\\']);
  });

  it('handles the empty text and text with nothing to colour', () => {
    expect(tokenizeJs('')).toEqual([]);
    expect(tokenizeJs('a + b')).toEqual([{ kind: 'plain', text: 'a + b' }]);
  });

  it('stays linear on hostile input', () => {
    const code = `${'"'.repeat(20_000)}${'/*'.repeat(20_000)}${' '.repeat(100_000)}var`;
    expect(joined(tokenizeJs(code))).toBe(code);
  });
});
