import type { Package, PackageFinding } from '@adstudio/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAlert, getAlert, resolveAlert, showAlert } from '../../lib/alert';
import { renderHook } from '../../lib/test-render';
import { aPackage } from './test-package';
import { unpackOutcome, unpackProgress, useUnpackOutcomes } from './unpack-alerts';

const error = (message: string): PackageFinding => ({ severity: 'error', code: 'x', message });

const pkg = (changes: Partial<Package> = {}): Package =>
  aPackage({ id: 12, version: 2, created_by: null, preview_url: null, ...changes });

const message = () => (getAlert().payload ? resolveAlert(getAlert().payload!).message : '');

describe('unpack outcomes', () => {
  it('says how the job ended, with the way to the creative', () => {
    expect(unpackOutcome(pkg())).toEqual({
      status: 200,
      data: { message: 'Version 2 is unpacked and ready to review.' },
      goToView: { name: 'creative', id: 7 },
    });
    const failed = unpackOutcome(pkg({ processing: 'failed', processing_error: 'The zip is damaged.' }));
    expect(failed.status).toBe(422);
    expect(failed.data?.message).toBe('Version 2 could not be unpacked: the zip is damaged.');
    expect(unpackOutcome(pkg({ processing: 'failed' })).data?.message).toBe(
      'Version 2 could not be unpacked: the job failed.',
    );
    expect(
      unpackOutcome(pkg({ findings: [error('No index.html.'), error('Too big.'), error('Bad name.')] })).data
        ?.message,
    ).toBe('Version 2 could not be unpacked: no index.html (and 2 more errors).');
  });

  describe('followed by the list', () => {
    beforeEach(() => {
      clearAlert();
    });

    it("replaces the upload's progress when the version it saw unpacking is done", async () => {
      const queued = pkg({ processing: 'queued' });
      const { rerender } = await renderHook(useUnpackOutcomes, { initialProps: [queued] });
      showAlert(unpackProgress(queued));
      await rerender([pkg({ processing: 'unpacking' })]);
      expect(message()).toBe('Version 2 uploaded; unpacking it…');
      await rerender([pkg()]);
      expect(message()).toBe('Version 2 is unpacked and ready to review.');
      expect(getAlert().payload?.goToView).toEqual({ name: 'creative', id: 7 });
    });

    it('leaves a newer alert alone', async () => {
      const { rerender } = await renderHook(useUnpackOutcomes, {
        initialProps: [pkg({ processing: 'unpacking' })],
      });
      showAlert(unpackProgress(pkg()));
      showAlert({ status: 200, data: { message: 'Version 1 approved.' } });
      await rerender([pkg({ processing: 'failed' })]);
      expect(message()).toBe('Version 1 approved.');
    });

    it('says nothing of versions it never saw unpacking, unless their progress shows', async () => {
      const { rerender } = await renderHook(useUnpackOutcomes, {
        initialProps: [pkg({ id: 3, version: 1 })],
      });
      expect(getAlert().payload).toBeNull();
      // A job done before the list ever drew it queued.
      showAlert(unpackProgress(pkg()));
      await rerender([pkg(), pkg({ id: 3, version: 1 })]);
      expect(message()).toBe('Version 2 is unpacked and ready to review.');
    });
  });
});
