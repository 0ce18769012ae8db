import { CAMPAIGN_SORTS } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { sortableColumns } from '../../components/ui/sortable-columns';
import { CAMPAIGN_COLUMNS } from './campaigns-list-page';

describe('the campaigns list columns', () => {
  it('sort by every column they show, Duration included', () => {
    const shown = sortableColumns(CAMPAIGN_COLUMNS, CAMPAIGN_SORTS);
    expect(shown.map((c) => [c.field, c.sortable])).toEqual([
      ['status', true],
      ['launch_date', true],
      ['duration', true],
      ['updated_at', true],
    ]);
    expect(shown.find((c) => c.field === 'duration')?.description).toBe('Days from launch to end');
  });
});
