import type { HistoryEntry } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import {
  EMPTY,
  fieldLabel,
  formatChangeValue,
  GONE,
  HISTORY_FIELDS,
  historyValue,
  shownChanges,
} from './history-format';

const entry = (changes: HistoryEntry['changes'], refs?: HistoryEntry['refs']): HistoryEntry => ({
  id: 1,
  action: 'updated',
  user: { id: 1, name: 'Admin' },
  changes,
  created_at: '2026-11-27T10:00:00.000Z',
  ...(refs ? { refs } : {}),
});

/** Both sides of the one change of `field` in `of`. */
const sides = (of: HistoryEntry, field: string) =>
  (of.changes[field] ?? []).map((value) => historyValue(field, value, of));

describe('the history field registry', () => {
  it("names a creative's campaign and links it; a deleted one still names itself, unlinked", () => {
    const moved = entry(
      { campaign_id: [3, 12] },
      {
        campaign_id: {
          3: { type: 'campaign', name: 'Old Home', deleted: true },
          12: { type: 'campaign', name: 'Atlas Travel – City Breaks', deleted: false },
        },
      },
    );
    expect(fieldLabel('campaign_id')).toBe('Campaign');
    expect(sides(moved, 'campaign_id')).toEqual([
      { kind: 'text', text: 'Old Home (deleted)' },
      { kind: 'link', text: 'Atlas Travel – City Breaks', to: '/campaigns/12' },
    ]);
  });

  it('names every id-valued field the audit log records, never showing the id', () => {
    const refs: HistoryEntry['refs'] = {
      profile_id: { 4: { type: 'profile', name: 'Retail feed', deleted: false } },
      template_id: { 5: { type: 'template', name: 'Retail template', deleted: false } },
      fallback_asset_id: { 6: { type: 'asset', name: 'banner-300x250.png', deleted: false } },
      creative_id: { 7: { type: 'creative', name: 'Banner', deleted: false } },
      cloned_from: { 8: { type: 'creative', name: 'Banner', deleted: false } },
      created_by: { 9: { type: 'user', name: 'Ada', deleted: false } },
    };
    const changed = entry(
      {
        profile_id: [null, 4],
        template_id: [null, 5],
        fallback_asset_id: [6, 99],
        creative_id: [null, 7],
        cloned_from: [null, 8],
        created_by: [null, 9],
      },
      refs,
    );
    expect(sides(changed, 'profile_id')).toEqual([
      { kind: 'text', text: EMPTY },
      { kind: 'link', text: 'Retail feed', to: '/profiles/4' },
    ]);
    expect(sides(changed, 'template_id')[1]).toEqual({ kind: 'text', text: 'Retail template' });
    // An image the server named nothing for is gone: it says so, not its id.
    expect(sides(changed, 'fallback_asset_id')).toEqual([
      { kind: 'text', text: 'banner-300x250.png' },
      { kind: 'text', text: GONE },
    ]);
    expect(sides(changed, 'creative_id')[1]).toEqual({ kind: 'link', text: 'Banner', to: '/creatives/7' });
    expect(sides(changed, 'cloned_from')[1]).toEqual({ kind: 'link', text: 'Banner', to: '/creatives/8' });
    expect(sides(changed, 'created_by')[1]).toEqual({ kind: 'text', text: 'Ada' });
    expect(
      ['profile_id', 'template_id', 'fallback_asset_id', 'creative_id', 'cloned_from', 'created_by'].map(
        fieldLabel,
      ),
    ).toEqual(['Profile', 'Template', 'Backup image', 'Creative', 'Copied from', 'Uploaded by']);
  });

  it("shows campaign and creative statuses as the lists' chips, other sections' statuses in words", () => {
    expect(sides(entry({ status: ['draft', 'quality assurance'] }), 'status')).toEqual([
      { kind: 'status', status: 'draft' },
      { kind: 'status', status: 'quality assurance' },
    ]);
    expect(sides(entry({ status: ['uploaded', 'approved'] }), 'status')).toEqual([
      { kind: 'text', text: 'Awaiting review' },
      { kind: 'text', text: 'Approved' },
    ]);
    expect(sides(entry({ dynamic_code: [null, 'implemented'] }), 'dynamic_code')).toEqual([
      { kind: 'text', text: EMPTY },
      { kind: 'text', text: 'Implemented in the package' },
    ]);
  });

  it('says sources, schedules, filters and sizes in words', () => {
    const text = (field: string, value: unknown) => historyValue(field, value, entry({}));
    expect(text('source', 'gsheet')).toEqual({ kind: 'text', text: 'Google Sheet' });
    expect(text('source', 'upload')).toEqual({ kind: 'text', text: 'Uploaded file' });
    expect(text('schedule', 'every 6 hours')).toEqual({ kind: 'text', text: 'Every 6 hours' });
    expect(text('schedule', 'daily at 06:00')).toEqual({ kind: 'text', text: 'Daily at 06:00 UTC' });
    expect(text('rule_filter', { column: 'Region', values: ['North', 'South'] })).toEqual({
      kind: 'text',
      text: 'Region is one of North, South',
    });
    expect(text('width', 300)).toEqual({ kind: 'text', text: '300 px' });
    expect(text('size', 1536)).toEqual({ kind: 'text', text: '1.5 KB' });
    expect(text('logic', 'any')).toEqual({ kind: 'text', text: 'Any predicate holds' });
    expect(text('predicates', [{ field: 'country', operator: 'in', value: ['FR', 'BE'] }])).toEqual({
      kind: 'text',
      text: 'country is one of FR, BE',
    });
  });

  it('shows dates DD/MM/YYYY, booleans Yes / No, ranges as spans and nothing as a dash', () => {
    expect(formatChangeValue('2026-05-04')).toBe('04/05/2026');
    expect(formatChangeValue(new Date(2026, 4, 4, 9, 30).toISOString())).toBe('04/05/2026 09:30');
    expect(formatChangeValue(true)).toBe('Yes');
    expect(formatChangeValue(false)).toBe('No');
    expect(formatChangeValue(null)).toBe(EMPTY);
    expect(formatChangeValue([])).toBe(EMPTY);
    expect(
      formatChangeValue([
        { start: '2026-01-01', end: '2026-01-10' },
        { start: '2026-02-01', end: '2026-02-10' },
      ]),
    ).toBe('01/01/2026 - 10/01/2026, 01/02/2026 - 10/02/2026');
    expect(formatChangeValue(12345)).toBe('12,345');
  });

  it('labels every field the sections record, and leaves bookkeeping out', () => {
    // What the services' audit.log( calls write, section by section.
    const recorded = [
      ...['name', 'url', 'ranges', 'launch_date', 'end_date', 'status', 'cloned_from', 'deleted_at'],
      ...['campaign_id', 'width', 'height', 'click_url', 'profile_id', 'rule_filter', 'fallback_asset_id'],
      ...['dynamic_code', 'creative_id', 'original_name', 'content_type', 'extension', 'size'],
      ...['version', 'notes', 'created_by', 'source', 'gsheet_id', 'file_name', 'template_id', 'schedule'],
      ...['logic', 'predicates', 'method', 'headers', 'json_path', 'refresh_seconds', 'timeout_ms'],
      ...['default_value', 'domain', 'contact_name', 'contact_email'],
    ];
    expect(recorded.filter((field) => !HISTORY_FIELDS[field] || HISTORY_FIELDS[field].hidden)).toEqual([]);
    expect(fieldLabel('launch_date')).toBe('Launch date');
    expect(fieldLabel('some_new_field')).toBe('Some new field');
    const created = entry({ company_id: [null, 1], storage_key: [null, 'k'], name: [null, 'v1.zip'] });
    expect(shownChanges(created).map(([field]) => field)).toEqual(['name']);
  });
});
