import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { blankToNull, httpUrl, isPlainText, nameField, plainText, textField } from './fields';

const messages = (schema: z.ZodType, input: unknown) =>
  schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

const ONE_LINE =
  'The name may only contain text on one line: no line breaks, control characters or broken characters.';
const NOTES = 'The notes may only contain text: no control characters or broken characters.';

const TEXT = [
  'Summer sale',
  'café crème, naïve façade',
  'Ünïcödé 🎉 ﷽',
  'emoji 😀 and a flag 🇫🇷',
  '\ud83d\ude00 (a surrogate pair, spelled out)',
  'مرحبا بالعالم',
  'שלום עולם',
  '日本語のテキスト',
  'zero\u200bwidth and\u00a0no-break space',
  'a line\u2028separator',
  // Marks that set a direction without overriding what follows: typed with RTL keyboards.
  'left-to-right\u200emark, right-to-left\u200fmark, Arabic letter\u061cmark',
  'the last characters before the noncharacters: \ufffd\ufffc',
];
const REFUSED = {
  'a lone high surrogate': 'lone-\ud800',
  'a lone high surrogate at the start': '\udbffx',
  'a lone low surrogate': 'x\udc00y',
  'a low surrogate before a high one': '\ude00\ud83d',
  'a pair followed by a lone half': '😀\ud83d',
  NUL: 'nul-\u0000-x',
  'an escape (ESC)': 'esc-\u001b[31m',
  'a bell': 'a\u0007b',
  'a vertical tab': 'a\u000bb',
  'a form feed': 'a\u000cb',
  DEL: 'a\u007fb',
  'a C1 control (NEL)': 'a\u0085b',
  'the first C1 control': 'a\u0080b',
  'the last C1 control': 'a\u009fb',
  // Trojan Source: text that reads one way and is stored another (`invoice\u202etxt.exe` shows as `invoiceexe.txt`).
  'a left-to-right embedding (LRE)': 'a\u202ab',
  'a right-to-left override (RLO)': 'invoice\u202etxt.exe',
  'a pop directional formatting (PDF)': 'a\u202cb',
  'a left-to-right isolate (LRI)': 'a\u2066b',
  'a pop directional isolate (PDI)': 'a\u2069b',
  'the noncharacter U+FFFE': 'a\ufffeb',
  'the noncharacter U+FFFF': 'a\uffffb',
};
const LINE_BREAKS = ['two\nlines', 'windows\r\nlines', 'a\ttab', 'a\rreturn'];

describe('the text rule', () => {
  it.each(TEXT)('lets text through: %s', (text) => {
    expect(isPlainText(text)).toBe(true);
    expect(isPlainText(text, { multiline: true })).toBe(true);
  });

  it.each(Object.entries(REFUSED))('refuses %s everywhere', (_, text) => {
    expect(isPlainText(text)).toBe(false);
    expect(isPlainText(text, { multiline: true })).toBe(false);
  });

  it.each(LINE_BREAKS)('allows tab and line breaks only in multi-line text: %j', (text) => {
    expect(isPlainText(text)).toBe(false);
    expect(isPlainText(text, { multiline: true })).toBe(true);
  });
});

describe('textField', () => {
  const notes = textField('notes', { multiline: true, max: 20 });

  it('trims, then keeps the text', () => {
    expect(textField('name').parse('  Café 😀 ')).toBe('Café 😀');
    expect(notes.parse('first\n\tsecond\r\n')).toBe('first\n\tsecond');
  });

  it('refuses what is not text with one message naming the field', () => {
    expect(messages(textField('name'), 'lone-\ud800')).toEqual([ONE_LINE]);
    expect(messages(textField('name'), 'two\nlines')).toEqual([ONE_LINE]);
    expect(messages(notes, 'nul-\u0000')).toEqual([NOTES]);
    expect(messages(nameField(40), 'invoice\u202etxt.exe')).toEqual([ONE_LINE]);
    expect(messages(notes, 'a\u2067b')).toEqual([NOTES]);
  });

  it('keeps the field’s own checks and their messages', () => {
    expect(messages(notes, 'x'.repeat(21))).toEqual(['The notes may not be greater than 20 characters.']);
    const name = textField('name', { required: true });
    expect(messages(name, '   ')).toEqual(['The name field is required.']);
    expect(messages(name, 42)).toEqual(['The name field is required.']);
    expect(messages(name, undefined)).toEqual(['The name field is required.']);
  });

  it('leaves untrimmed text as it came, and still refuses a control character at its end', () => {
    const value = textField('value', { trim: false });
    expect(value.parse(' spaced ')).toBe(' spaced ');
    expect(value.safeParse('end\u0000').success).toBe(false);
  });

  it('is the rule of nameField, httpUrl and, through them, blankToNull', () => {
    expect(messages(nameField(10), 'esc-\u001b')).toEqual([ONE_LINE]);
    expect(messages(nameField(10), '')).toEqual(['The name field is required.']);
    expect(messages(nameField(3), 'long')).toEqual(['The name may not be greater than 3 characters.']);
    const url = blankToNull(httpUrl('URL'));
    expect(url.parse('')).toBeNull();
    expect(url.parse('https://example.com/a')).toBe('https://example.com/a');
    // A URL parser would escape the NUL and accept the address; the text rule comes first.
    expect(messages(url, `https://example.com/${'a'.repeat(2048)}`)).toContain(
      'The URL may not be greater than 2048 characters.',
    );
    expect(messages(url, 'https://example.com/\u0000')).toEqual([
      'The URL may only contain text on one line: no line breaks, control characters or broken characters.',
    ]);
  });

  it('reaches blankToNull’s message through its union, for a field of its own shape too', () => {
    const page = blankToNull(z.string().trim().check(plainText('page')).regex(/^\//, 'A path.'));
    expect(messages(page, '/a\u0085')).toContain(
      'The page may only contain text on one line: no line breaks, control characters or broken characters.',
    );
  });
});
