import { describe, expect, it } from 'vitest';
import { assetViewQuery, dimensionsText, fitsAsBackupImage, groupByCreative, typeText } from './asset-format';

const image = { kind: 'image' as const, width: 300, height: 250, deleted_at: null };

describe('asset display', () => {
  it('shows the pixel size when the file has one', () => {
    expect(dimensionsText({ width: 300, height: 250 })).toBe('300 × 250');
    expect(dimensionsText({ width: null, height: null })).toBe('');
  });

  it('names the kind and the extension', () => {
    expect(typeText({ kind: 'image', extension: 'png' })).toBe('Image · PNG');
    expect(typeText({ kind: 'data', extension: '' })).toBe('File');
  });
});

describe('backup image', () => {
  const creative = { width: 300, height: 250 };
  it('is a live image of exactly the creative size', () => {
    expect(fitsAsBackupImage(image, creative)).toBe(true);
    expect(fitsAsBackupImage({ ...image, width: 600, height: 500 }, creative)).toBe(false);
    expect(fitsAsBackupImage({ ...image, kind: 'video' }, creative)).toBe(false);
    expect(fitsAsBackupImage({ ...image, deleted_at: '2026-01-01T00:00:00Z' }, creative)).toBe(false);
  });
});

describe('the grid query', () => {
  it('asks for every asset in the chosen order, filtered, deleted ones when asked', () => {
    expect(assetViewQuery({ filter: '', order: 'newest', deleted: false })).toEqual({
      'items-per-page': -1,
      'sort-by': 'created_at',
      'sort-order': 'desc',
    });
    expect(assetViewQuery({ filter: ' logo ', order: 'name', deleted: true })).toEqual({
      'items-per-page': -1,
      'sort-by': 'name',
      'sort-order': 'asc',
      filter: 'logo',
      deleted: 1,
    });
  });
});

describe('grouping by creative', () => {
  it('keeps the order within each creative', () => {
    const groups = groupByCreative([
      { id: 1, creative_id: 7 },
      { id: 2, creative_id: 8 },
      { id: 3, creative_id: 7 },
    ]);
    expect([...groups.entries()]).toEqual([
      [
        7,
        [
          { id: 1, creative_id: 7 },
          { id: 3, creative_id: 7 },
        ],
      ],
      [8, [{ id: 2, creative_id: 8 }]],
    ]);
  });
});
