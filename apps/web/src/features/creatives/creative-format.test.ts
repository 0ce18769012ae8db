import { describe, expect, it } from 'vitest';
import { SIZE_PATTERN } from '../../api/creative-keys';
import { CUSTOM_SIZE, SIZE_OPTIONS, sizeChoice, sizeText } from './creative-format';

describe('creative sizes', () => {
  it('names the IAB presets and calls anything else custom', () => {
    expect(sizeChoice(300, 250)).toBe('300x250');
    expect(sizeChoice(728, 90)).toBe('728x90');
    expect(sizeChoice(301, 250)).toBe(CUSTOM_SIZE);
    expect(sizeChoice(Number.NaN, undefined)).toBe(CUSTOM_SIZE);
  });

  it('offers every preset once, labelled for people', () => {
    expect(SIZE_OPTIONS).toHaveLength(8);
    expect(SIZE_OPTIONS[0]).toEqual({ value: '300x250', label: '300 × 250 · Medium rectangle' });
    expect(SIZE_OPTIONS.every((option) => SIZE_PATTERN.test(option.value))).toBe(true);
    expect(sizeText(160, 600)).toBe('160 × 600');
  });

  it('takes sizes the list filter can send', () => {
    expect(SIZE_PATTERN.test('300x250')).toBe(true);
    expect(SIZE_PATTERN.test('0x250')).toBe(false);
    expect(SIZE_PATTERN.test('30000x1')).toBe(false);
  });
});
