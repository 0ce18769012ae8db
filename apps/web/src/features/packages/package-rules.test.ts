import type { Package, PackageFinding } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import { isUnpacking } from '../../api/packages';
import { fitScale } from '../../components/ui/ad-frame';
import { contentsText, looksLikeZip, newestApproved, processingText, reviewActions } from './package-rules';
import { aPackage } from './test-package';

const error: PackageFinding = { severity: 'error', code: 'no-index-html', message: 'No index.html.' };
const warning: PackageFinding = { severity: 'warning', code: 'no-click-tag', message: 'No clickTag.' };

const pkg = aPackage;

describe('reviewActions', () => {
  it('offers nothing without edit assets', () => {
    expect(reviewActions(pkg(), false)).toEqual({ approve: { offered: false }, reject: { offered: false } });
  });

  it('lets a ready version without errors be approved or rejected; warnings do not block', () => {
    expect(reviewActions(pkg({ findings: [warning] }), true)).toEqual({
      approve: { offered: true, reason: null },
      reject: { offered: true, reason: null },
    });
  });

  it('says why approval is closed: unpacking, failed, errors', () => {
    const reason = (changes: Partial<Package>) => {
      const { approve } = reviewActions(pkg(changes), true);
      return approve.offered ? approve.reason : 'not offered';
    };
    expect(reason({ processing: 'queued' })).toBe('It is still being unpacked.');
    expect(reason({ processing: 'unpacking' })).toBe('It is still being unpacked.');
    expect(reason({ processing: 'failed' })).toBe('It could not be unpacked; upload it again.');
    expect(reason({ findings: [error, warning] })).toBe('It has 1 error; upload a corrected version.');
    expect(reason({ findings: [error, error] })).toBe('It has 2 errors; upload a corrected version.');
  });

  it('does not offer the move to the status a version already has; rejecting is always open', () => {
    const approved = reviewActions(pkg({ status: 'approved' }), true);
    expect(approved.approve).toEqual({ offered: false });
    expect(approved.reject).toEqual({ offered: true, reason: null });
    const rejected = reviewActions(pkg({ status: 'rejected', findings: [error] }), true);
    expect(rejected.reject).toEqual({ offered: false });
    expect(rejected.approve).toEqual({
      offered: true,
      reason: 'It has 1 error; upload a corrected version.',
    });
    expect(reviewActions(pkg({ processing: 'queued' }), true).reject).toEqual({
      offered: true,
      reason: null,
    });
  });
});

describe('newestApproved', () => {
  it('is the first approved version of the newest-first list', () => {
    const list = [
      pkg({ id: 3, version: 3, status: 'uploaded' }),
      pkg({ id: 2, version: 2, status: 'approved' }),
      pkg({ id: 1, version: 1, status: 'approved' }),
    ];
    expect(newestApproved(list)?.version).toBe(2);
    expect(newestApproved([pkg({ status: 'rejected' })])).toBeUndefined();
  });
});

describe('fitScale', () => {
  it('shrinks to the room, never enlarges, and ignores a room not yet measured', () => {
    expect(fitScale({ width: 970, height: 250 }, { width: 485 })).toBe(0.5);
    expect(fitScale({ width: 300, height: 600 }, { width: 1000, height: 300 })).toBe(0.5);
    expect(fitScale({ width: 300, height: 250 }, { width: 1000, height: 1000 })).toBe(1);
    expect(fitScale({ width: 300, height: 250 }, { width: 0 })).toBe(1);
  });
});

describe('helpers', () => {
  it('tells unpacking states', () => {
    expect(
      ['queued', 'unpacking', 'ready', 'failed'].map((p) => isUnpacking({ processing: p as never })),
    ).toEqual([true, true, false, false]);
  });

  it('says a version with errors was checked but not unpacked', () => {
    expect(processingText({ processing: 'ready', findings: [warning] })).toBe('Unpacked');
    expect(processingText({ processing: 'ready', findings: [error] })).toBe('Checked, not unpacked');
    expect(processingText({ processing: 'queued', findings: [] })).toBe('Waiting to be unpacked');
  });

  it('describes the contents once known', () => {
    const bytes = (n: number) => `${n} B`;
    expect(contentsText({ file_count: 1, unpacked_size: 20 }, bytes)).toBe('1 file · 20 B unpacked');
    expect(contentsText({ file_count: 3, unpacked_size: null }, bytes)).toBe('3 files');
    expect(contentsText({ file_count: null, unpacked_size: null }, bytes)).toBe('');
  });

  it('takes zips by name or type', () => {
    expect(looksLikeZip({ name: 'Banner.ZIP', type: '' })).toBe(true);
    expect(looksLikeZip({ name: 'banner', type: 'application/x-zip-compressed' })).toBe(true);
    expect(looksLikeZip({ name: 'banner.html', type: 'text/html' })).toBe(false);
  });
});
