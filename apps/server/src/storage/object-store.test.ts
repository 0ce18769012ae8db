import { describe, expect, it } from 'vitest';
import { isValidKey } from './object-store';

describe('isValidKey', () => {
  it.each(['tmp/0f8fad5b-d9cb-469f-a165-70867728950e', 'assets/3/banner_300x250.png', 'a'])(
    'accepts %s',
    (key) => {
      expect(isValidKey(key)).toBe(true);
    },
  );
  it.each(['', '../etc/passwd', 'tmp/../../x', '/abs', 'tmp//x', 'tmp/./x', 'tmp/.hidden', 'a\\b', 'tmp/x/'])(
    'refuses %j',
    (key) => {
      expect(isValidKey(key)).toBe(false);
    },
  );
});
