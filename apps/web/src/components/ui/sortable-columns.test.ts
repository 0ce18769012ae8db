import { describe, expect, it } from 'vitest';
import { sortableColumns } from './sortable-columns';

describe('sortableColumns', () => {
  const columns = [
    { field: 'name', headerName: 'Name' },
    { field: 'duration', headerName: 'Duration', description: 'Days from launch to end' },
    { field: 'thumbnail', headerName: 'Preview' },
    { field: 'actions', type: 'actions' as const, headerName: '' },
  ];

  it('sorts what the server sorts by; the others say in their tooltip that they cannot', () => {
    const shown = sortableColumns(columns, ['name']);
    expect(shown.map((c) => [c.field, c.sortable, c.description])).toEqual([
      ['name', true, undefined],
      ['duration', false, 'Days from launch to end (cannot be sorted)'],
      ['thumbnail', false, 'Cannot be sorted'],
      ['actions', false, undefined],
    ]);
  });
});
