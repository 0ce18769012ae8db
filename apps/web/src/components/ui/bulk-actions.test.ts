import { describe, expect, it } from 'vitest';
import { bulkSummary } from './bulk-actions';

describe('bulkSummary', () => {
  it('counts what was done and what was refused, per noun', () => {
    expect(bulkSummary([{ id: 1, ok: true }], 'creative', 'restored')).toBe('1 creative restored.');
    expect(
      bulkSummary(
        [
          { id: 1, ok: true },
          { id: 2, ok: true },
          { id: 3, ok: false, message: 'Cannot delete a live creative.' },
        ],
        'creative',
        'deleted',
      ),
    ).toBe('2 creatives deleted, 1 refused.');
    expect(bulkSummary([{ id: 1, ok: false }], 'campaign', 'moved to live')).toBe(
      '0 campaigns moved to live, 1 refused.',
    );
  });
});
