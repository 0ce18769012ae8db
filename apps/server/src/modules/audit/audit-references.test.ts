import type { HistoryEntry } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { referencedIds, withRefs } from './audit-references';

const entry = (id: number, changes: HistoryEntry['changes']): HistoryEntry => ({
  id,
  action: 'updated',
  user: null,
  changes,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('audit references', () => {
  const fields = { campaign_id: 'campaigns', fallback_asset_id: 'assets' } as const;

  it('asks each table once for the ids its fields hold, and nothing for other values', () => {
    const ids = referencedIds(
      [
        entry(1, { campaign_id: [3, 12], name: ['A', 'B'] }),
        entry(2, { campaign_id: [12, null], fallback_asset_id: ['7', 1.5] }),
        entry(3, { fallback_asset_id: [null, 9] }),
      ],
      fields,
    );
    expect([...ids]).toEqual([
      ['campaigns', [3, 12]],
      ['assets', [9]],
    ]);
  });

  it('names the rows found, by field and id; an entry naming none found keeps no refs', () => {
    const [moved, gone] = withRefs(
      [entry(1, { campaign_id: [3, 12] }), entry(2, { campaign_id: [99, null] })],
      fields,
      new Map([
        [
          'campaigns',
          [
            { id: 3, name: 'Old', deleted_at: '2026-01-02T00:00:00.000Z' },
            { id: 12, name: 'Atlas', deleted_at: null },
          ],
        ],
      ]),
    );
    expect(moved?.refs).toEqual({
      campaign_id: {
        3: { type: 'campaign', name: 'Old', deleted: true },
        12: { type: 'campaign', name: 'Atlas', deleted: false },
      },
    });
    expect(gone).not.toHaveProperty('refs');
  });
});
