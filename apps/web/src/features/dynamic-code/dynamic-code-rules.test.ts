import { describe, expect, it } from 'vitest';
import { generateAction, regenerateNeedsConfirm } from './dynamic-code-rules';

describe('dynamic code actions', () => {
  const profile = { id: 4, name: 'Feed' };

  it('generates only for writers of a creative with a profile', () => {
    expect(generateAction({ profile: null, code: null }, true)).toBeNull();
    expect(generateAction({ profile, code: null }, false)).toBeNull();
    expect(generateAction({ profile, code: null }, true)).toBe('Generate code');
    expect(generateAction({ profile, code: 'var a;' }, true)).toBe('Regenerate');
  });

  it('asks before regenerating code a producer has implemented or verified', () => {
    expect(
      [null, 'generated', 'implemented', 'verified'].map((s) => regenerateNeedsConfirm(s as never)),
    ).toEqual([false, false, true, true]);
  });
});
