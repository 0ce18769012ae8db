import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { columnIdentifiers, generateDynamicCode, identifierOf } from './generate';

const source = {
  creative: { id: 7, name: 'MPU "Summer"\nline' },
  profile: { id: 3, name: 'Summer Sale – Feed 2026' },
  sample: {
    Unique_ID: 'sku-1',
    'Image URL': 'https://cdn.example.com/a.png',
    Image_URL: 'second column, same identifier',
    '2nd price': 19.99,
    Headline: '</script><script>alert(1)</script> “quoted” \u2028',
  },
};

/** Runs the code as a browser would, with the Enabler calls it makes recorded. */
function run(code: string) {
  const calls: unknown[][] = [];
  const Enabler = {
    setProfileId: (...args: unknown[]) => calls.push(['setProfileId', ...args]),
    setDevDynamicContent: (...args: unknown[]) => calls.push(['setDevDynamicContent', ...args]),
  };
  const context = vm.createContext({ Enabler });
  vm.runInContext(code, context);
  return { calls, content: context.devDynamicContent as Record<string, Record<string, unknown>[]> };
}

describe('dynamic code', () => {
  it('is valid JavaScript that fills devDynamicContent with the feed’s first row', () => {
    const code = generateDynamicCode(source);
    const { calls, content } = run(code);
    expect(calls[0]).toEqual(['setProfileId', 3]);
    expect(calls[1]?.[0]).toBe('setDevDynamicContent');
    expect(content.Summer_Sale_Feed_2026?.[0]).toEqual({
      _id: 0,
      Unique_ID: 'sku-1',
      Image_URL: 'https://cdn.example.com/a.png',
      Image_URL_2: 'second column, same identifier',
      _2nd_price: 19.99,
      Headline: source.sample.Headline,
    });
  });

  it('never lets a value or a name end the script it is pasted into', () => {
    const code = generateDynamicCode(source);
    expect(code).not.toContain('</script>');
    expect(code.split('\n').filter((line) => line.startsWith('//'))).toHaveLength(4);
  });

  it('makes identifiers of any name', () => {
    expect(identifierOf('Café crème')).toBe('Cafe_creme');
    expect(identifierOf('9 lives')).toBe('_9_lives');
    expect(identifierOf('—')).toBe('_');
    expect([...columnIdentifiers(['a b', 'a_b', 'a-b']).values()]).toEqual(['a_b', 'a_b_2', 'a_b_3']);
  });
});
