import { PROFILE_ISSUES_KEPT, SCHEDULE_PATTERN, SYNC_FAILED } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import {
  buildSchedule,
  issueFigures,
  issuesCountLine,
  parseSchedule,
  profileBody,
  ruleDataColumns,
  ruleValueText,
  scheduleText,
  sheetFields,
  sourceText,
  syncByText,
  syncFailureDetail,
  syncProgress,
} from './profile-format';

const SHEET_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-xy';

describe('syncProgress', () => {
  it('counts rows read of the total, with thousands separators', () => {
    expect(syncProgress({ rows_processed: 12_000, rows_total: 100_000 })).toEqual({
      percent: 12,
      text: '12,000 of 100,000 rows',
    });
    expect(syncProgress({ rows_processed: 3, rows_total: 3 })).toEqual({ percent: 100, text: '3 of 3 rows' });
  });

  it('is indeterminate while the total is unknown', () => {
    expect(syncProgress({ rows_processed: 0, rows_total: 0 })).toEqual({
      percent: null,
      text: 'Reading the feed…',
    });
    expect(syncProgress({ rows_processed: 1500, rows_total: 0 }).text).toBe('1,500 rows read');
  });

  it('never goes past the total', () => {
    expect(syncProgress({ rows_processed: 12, rows_total: 10 })).toEqual({
      percent: 100,
      text: '10 of 10 rows',
    });
  });
});

describe('syncFailureDetail', () => {
  it("drops the banner's words when the server repeats them", () => {
    expect(syncFailureDetail(`${SYNC_FAILED} (the sheet is not shared)`)).toBe('the sheet is not shared');
    expect(syncFailureDetail(SYNC_FAILED)).toBe('');
  });

  it('keeps any other reason as it is', () => {
    expect(syncFailureDetail('The feed has no Unique_ID column.')).toBe('The feed has no Unique_ID column.');
    expect(syncFailureDetail(null)).toBe('');
  });
});

describe('schedules', () => {
  it('reads each kind of schedule', () => {
    expect(parseSchedule(null).mode).toBe('none');
    expect(parseSchedule('hourly').mode).toBe('hourly');
    expect(parseSchedule('every 6 hours')).toMatchObject({ mode: 'every', hours: '6' });
    expect(parseSchedule('daily at 07:30')).toMatchObject({ mode: 'daily', time: '07:30' });
  });

  it('builds what the contract takes, and round-trips', () => {
    for (const schedule of [
      'hourly',
      'every 1 hours',
      'every 24 hours',
      'daily at 00:00',
      'daily at 23:59',
    ]) {
      const built = buildSchedule(parseSchedule(schedule));
      expect(built).toBe(schedule);
      expect(SCHEDULE_PATTERN.test(built)).toBe(true);
    }
    expect(buildSchedule({ mode: 'none', hours: '6', time: '06:00' })).toBe('');
  });

  it('keeps a part being typed, for the pattern to judge on save', () => {
    const typing = buildSchedule({ mode: 'every', hours: '', time: '06:00' });
    expect(parseSchedule(typing)).toMatchObject({ mode: 'every', hours: '' });
    expect(SCHEDULE_PATTERN.test(typing)).toBe(false);
  });

  it('reads as people say it', () => {
    expect(scheduleText('hourly')).toBe('Every hour');
    expect(scheduleText('every 6 hours')).toBe('Every 6 hours');
    expect(scheduleText('daily at 06:00')).toBe('Daily at 06:00 UTC');
    expect(scheduleText(null)).toBe('Not scheduled');
  });
});

describe('sheetFields', () => {
  it('parses the id out of a sheet address', () => {
    const url = `https://docs.google.com/spreadsheets/d/${SHEET_ID}/edit#gid=0`;
    expect(sheetFields(url)).toEqual({ url, gsheet_id: SHEET_ID });
  });

  it('takes a bare id as the id', () => {
    expect(sheetFields(SHEET_ID)).toEqual({ url: '', gsheet_id: SHEET_ID });
  });

  it('leaves the id empty for an address that names no sheet', () => {
    expect(sheetFields('https://example.com/feed.csv')).toEqual({
      url: 'https://example.com/feed.csv',
      gsheet_id: '',
    });
  });
});

describe('profileBody', () => {
  const common = { name: 'Feed', ranges: [], template_id: null, schedule: null };
  const leftovers = { url: 'https://x.test/a.csv', gsheet_id: SHEET_ID, key: 'tmp/1', file_name: 'a.csv' };

  it("sends only the source's own fields", () => {
    expect(profileBody({ ...common, ...leftovers, source: 'gsheet' })).toEqual({
      ...common,
      source: 'gsheet',
      url: leftovers.url,
      gsheet_id: SHEET_ID,
    });
    expect(profileBody({ ...common, ...leftovers, source: 'url' })).toEqual({
      ...common,
      source: 'url',
      url: leftovers.url,
    });
    expect(profileBody({ ...common, ...leftovers, source: 'upload' })).toEqual({
      ...common,
      source: 'upload',
      key: 'tmp/1',
      file_name: 'a.csv',
    });
  });

  it('sends no key when no new file was uploaded', () => {
    expect(profileBody({ ...common, ...leftovers, source: 'upload', key: null })).toEqual({
      ...common,
      source: 'upload',
    });
  });
});

describe('words', () => {
  it('names the source', () => {
    expect(sourceText({ source: 'gsheet', url: null, file_name: null })).toBe('Google Sheet');
    expect(sourceText({ source: 'upload', url: null, file_name: 'feed.csv' })).toBe('File feed.csv');
    expect(sourceText({ source: 'url', url: 'https://feeds.example.com/a.csv', file_name: null })).toBe(
      'URL feeds.example.com',
    );
  });

  it('says how many issues are shown, and when only the kept ones are', () => {
    expect(issuesCountLine(3, { rows_with_errors: 2, warnings_total: 1 })).toBe('Showing 3 issues');
    expect(issuesCountLine(1, { rows_with_errors: 1, warnings_total: 0 })).toBe('Showing 1 issue');
    expect(issuesCountLine(120, { rows_with_errors: PROFILE_ISSUES_KEPT, warnings_total: 5 })).toBe(
      'Showing 120 of 10,000 kept issues',
    );
    expect(issueFigures({ rows_with_errors: 1, warnings_total: 2 })).toBe('1 row with errors · 2 warnings');
  });

  it('names who started a sync', () => {
    expect(syncByText({ trigger: 'schedule', user: null })).toBe('Schedule');
    expect(syncByText({ trigger: 'user', user: { id: 1, name: 'Ada' } })).toBe('Ada');
  });
});

describe('rules table', () => {
  it('shows the feed columns it does not read already', () => {
    expect(
      ruleDataColumns([
        'Unique_ID',
        'Reporting_Label',
        'Headline',
        'Active',
        'Is_Default',
        'Start_Date',
        'Image_URL',
      ]),
    ).toEqual(['Headline', 'Image_URL']);
  });

  it('shows cells as people read them', () => {
    expect(ruleValueText('2026-03-01')).toBe('01/03/2026');
    expect(ruleValueText(true)).toBe('Yes');
    expect(ruleValueText(false)).toBe('No');
    expect(ruleValueText(12.5)).toBe('12.5');
    expect(ruleValueText(null)).toBe('');
    expect(ruleValueText('Buy now')).toBe('Buy now');
  });
});
