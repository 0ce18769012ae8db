import type { QaFinding, QaRun, QaRunDetail } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import {
  carriedOverText,
  findingsText,
  groupFindings,
  kindCount,
  qaOutcome,
  runProgress,
  showsVerdict,
  verdictChipText,
  verdictText,
  verdictTone,
} from './qa-format';

const RUN: QaRun = {
  id: 7,
  status: 'finished',
  total: 40,
  checked: 40,
  errors: 0,
  warnings: 0,
  created_at: '2026-12-10T09:00:00.000Z',
  finished_at: '2026-12-10T09:02:00.000Z',
  verdict: 'passed',
  carried_over: 0,
  failure: null,
  current: true,
  created_by: { id: 1, name: 'Ada' },
};
const run = (changes: Partial<QaRun>): QaRun => ({ ...RUN, ...changes });

const finding = (changes: Partial<QaFinding>): QaFinding => ({
  rule_id: 1,
  unique_id: 'R1',
  reporting_label: 'Red',
  kind: 'text_overflow',
  severity: 'error',
  message: 'The headline overflows its box.',
  screenshot_url: '/storage/shot.png',
  ...changes,
});

const creative = { id: 12, name: 'Winter banner' };

describe('a QA run in words', () => {
  it('counts its findings, one or many', () => {
    expect(findingsText(run({ errors: 3, warnings: 1 }))).toBe('3 errors, 1 warning');
    expect(findingsText(run({ errors: 1, warnings: 0 }))).toBe('1 error');
    expect(findingsText(run({ errors: 0, warnings: 2000 }))).toBe('2,000 warnings');
    expect(findingsText(run({}))).toBe('no finding');
  });

  it('says its progress as checked / total, with the share done', () => {
    expect(runProgress(run({ status: 'running', checked: 12, total: 40 }))).toEqual({
      text: '12 / 40 variants checked',
      percent: 30,
    });
    expect(runProgress(run({ status: 'running', checked: 1, total: 1 }))).toEqual({
      text: '1 / 1 variant checked',
      percent: 100,
    });
    expect(runProgress(run({ status: 'queued', checked: 0, total: 0 })).percent).toBeNull();
    // More checked than counted (a carried-over count racing the total) never reads over 100 %.
    expect(runProgress(run({ status: 'running', checked: 50, total: 40 })).percent).toBe(100);
  });

  it('names what it carried over from the last run, only when it did', () => {
    expect(carriedOverText(run({ carried_over: 0 }))).toBeNull();
    expect(carriedOverText(run({ carried_over: 1 }))).toBe('1 variant carried over from the last run');
    expect(carriedOverText(run({ carried_over: 4950 }))).toBe(
      '4,950 variants carried over from the last run',
    );
  });

  it('gives its verdict, and why a run that could not check failed', () => {
    expect(verdictText(run({}))).toBe('Passed');
    expect(verdictText(run({ warnings: 2 }))).toBe('Passed with 2 warnings');
    expect(verdictText(run({ verdict: 'failed', errors: 3, warnings: 1 }))).toBe(
      'Failed: 3 errors, 1 warning',
    );
    expect(
      verdictText(run({ status: 'failed', verdict: null, failure: 'The browser would not start.' })),
    ).toBe('Could not run: The browser would not start.');
    expect(verdictText(run({ status: 'cancelled', verdict: null }))).toBe('Cancelled');
    expect(verdictText(run({ status: 'running', verdict: null }))).toBe('Running');
  });
});

describe('the verdict beside the status', () => {
  it('says the newest run’s outcome, or that there is none', () => {
    expect(verdictChipText(null)).toBe('No QA run');
    expect(verdictChipText(run({}))).toBe('QA passed');
    expect(verdictChipText(run({ verdict: 'failed', errors: 3 }))).toBe('QA: 3 errors');
    expect(verdictChipText(run({ status: 'running', verdict: null, checked: 5, total: 40 }))).toBe(
      'QA running: 5 / 40 variants checked',
    );
    expect(verdictChipText(run({ status: 'failed', verdict: null }))).toBe('QA could not run');
  });

  it('is green only for a pass that covers the current content', () => {
    expect(verdictTone(run({}))).toBe('success');
    expect(verdictTone(run({ current: false }))).toBe('default');
    expect(verdictTone(run({ verdict: 'failed', errors: 1 }))).toBe('error');
    expect(verdictTone(null)).toBe('default');
  });

  it('shows where the creative moves to ready or live, and on live', () => {
    expect(showsVerdict('quality assurance')).toBe(true);
    expect(showsVerdict('testing')).toBe(true);
    expect(showsVerdict('ready')).toBe(true);
    expect(showsVerdict('delivered')).toBe(true);
    expect(showsVerdict('live')).toBe(true);
    expect(showsVerdict('finished')).toBe(true);
    expect(showsVerdict('draft')).toBe(false);
    expect(showsVerdict('action required')).toBe(false);
  });
});

describe('the banner when a run ends', () => {
  it('opens the creative’s QA tab and says the outcome', () => {
    const goToView = { name: 'creative', id: 12, tab: 'qa' };
    expect(qaOutcome(creative, run({ verdict: 'failed', errors: 3, warnings: 1 }))).toEqual({
      status: 200,
      color: 'warning',
      data: { message: 'QA of Winter banner finished: 3 errors, 1 warning.' },
      goToView,
    });
    expect(qaOutcome(creative, run({}))).toEqual({
      status: 200,
      data: { message: 'QA of Winter banner passed.' },
      goToView,
    });
    expect(qaOutcome(creative, run({ warnings: 1 }))?.data?.message).toBe(
      'QA of Winter banner passed with 1 warning.',
    );
    expect(
      qaOutcome(creative, run({ status: 'failed', verdict: null, failure: 'No approved package.' })),
    ).toEqual({
      status: 422,
      data: { message: 'QA of Winter banner failed: No approved package.' },
      goToView,
    });
    expect(qaOutcome(creative, run({ status: 'running', verdict: null }))).toBeNull();
  });
});

describe('findings grouped by kind', () => {
  const detail: Pick<QaRunDetail, 'findings' | 'counts'> = {
    findings: [
      finding({ rule_id: 1, kind: 'broken_media', message: 'logo.png answered 404.' }),
      finding({ rule_id: 2 }),
      finding({ rule_id: 3, kind: 'broken_media', severity: 'warning', message: 'font.woff slow.' }),
      finding({ rule_id: 4, kind: 'weight', severity: 'warning', message: '180 KB on the initial load.' }),
    ],
    counts: [
      { kind: 'text_overflow', severity: 'error', count: 25 },
      { kind: 'broken_media', severity: 'error', count: 3 },
      { kind: 'broken_media', severity: 'warning', count: 2 },
      { kind: 'weight', severity: 'warning', count: 1 },
    ],
  };

  it('keeps the contract’s order of kinds and each group’s count over the whole run', () => {
    const groups = groupFindings(detail);
    expect(groups.map((group) => [group.label, group.count, group.findings.map((f) => f.rule_id)])).toEqual([
      ['Text overflow', 25, [2]],
      ['Broken media', 5, [1, 3]],
      ['Weight', 1, [4]],
    ]);
  });

  it('counts within the severity chosen', () => {
    expect(groupFindings(detail, 'error').map((group) => [group.kind, group.count])).toEqual([
      ['text_overflow', 25],
      ['broken_media', 3],
      ['weight', 0],
    ]);
    expect(kindCount(detail.counts, null)).toBe(31);
    expect(kindCount(detail.counts, null, 'warning')).toBe(3);
    expect(kindCount(detail.counts, 'script_error')).toBe(0);
  });
});
