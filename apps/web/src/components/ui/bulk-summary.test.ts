import { describe, expect, it } from 'vitest';
import { bulkGroups, bulkGroupText, bulkSummary } from './bulk-summary';

const NOT_READY = 'draft → ready is not allowed: move it to quality assurance first.';

describe('bulkSummary', () => {
  it('counts what was done, per noun', () => {
    expect(bulkSummary([{ id: 1, ok: true }], 'creative', 'restored')).toBe('1 creative restored.');
    expect(
      bulkSummary(
        [
          { id: 1, ok: true },
          { id: 2, ok: true },
        ],
        'campaign',
        'moved to testing',
      ),
    ).toBe('2 campaigns moved to testing.');
  });

  it('tells a partly done action apart: done, unchanged and refused', () => {
    const results = [
      { id: 1, ok: true },
      { id: 2, ok: false, message: NOT_READY },
      { id: 3, ok: true },
      { id: 4, ok: false, message: NOT_READY },
      { id: 5, ok: true, message: 'Already ready.' },
    ];
    expect(bulkSummary(results, 'campaign', 'moved to ready')).toBe(
      '2 campaigns moved to ready, 1 unchanged, 2 refused.',
    );
    expect(bulkGroups(results).map(bulkGroupText)).toEqual([
      `2 refused: ${NOT_READY}`,
      '1 unchanged: Already ready.',
    ]);
  });

  it('groups refusals by their message, the most frequent first', () => {
    const results = [
      { id: 1, ok: false, message: 'Cannot find this creative.' },
      { id: 2, ok: false, message: 'Cannot delete a live creative.' },
      { id: 3, ok: false, message: 'Cannot delete a live creative.' },
      { id: 4, ok: false },
    ];
    expect(bulkSummary(results, 'creative', 'deleted')).toBe('0 creatives deleted, 4 refused.');
    expect(bulkGroups(results).map(bulkGroupText)).toEqual([
      '2 refused: Cannot delete a live creative.',
      '1 refused: Cannot find this creative.',
      '1 refused: Refused.',
    ]);
  });

  it('has no reasons to give when everything was done', () => {
    expect(bulkGroups([{ id: 1, ok: true }])).toEqual([]);
  });
});
