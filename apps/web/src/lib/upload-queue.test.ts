import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canRetry,
  type QueuedUpload,
  queueSummary,
  startable,
  type UploadAction,
  uploadQueueReducer,
} from './upload-queue';

const file = (name: string) => new File(['x'], name, { type: 'image/png' });

const run = (actions: UploadAction[], from: QueuedUpload[] = []) => actions.reduce(uploadQueueReducer, from);

const added = (...names: string[]) =>
  run([{ type: 'add', uploads: names.map((name) => ({ id: name, file: file(`${name}.png`) })) }]);

const stages = (queue: readonly QueuedUpload[]) =>
  Object.fromEntries(queue.map((upload) => [upload.id, upload.stage]));

describe('upload queue', () => {
  it('adds files as waiting, in order', () => {
    const queue = added('a', 'b');
    expect(queue.map(({ id, stage, progress, error }) => ({ id, stage, progress, error }))).toEqual([
      { id: 'a', stage: 'waiting', progress: 0, error: null },
      { id: 'b', stage: 'waiting', progress: 0, error: null },
    ]);
  });

  it('moves a file through uploading (with progress that never goes back), claiming and done', () => {
    let queue = run(
      [
        { type: 'start', id: 'a' },
        { type: 'progress', id: 'a', fraction: 0.4 },
        { type: 'progress', id: 'a', fraction: 0.2 },
      ],
      added('a'),
    );
    expect(queue[0]).toMatchObject({ stage: 'uploading', progress: 0.4 });
    queue = run([{ type: 'claiming', id: 'a' }], queue);
    expect(queue[0]).toMatchObject({ stage: 'claiming', progress: 1 });
    queue = run([{ type: 'done', id: 'a' }], queue);
    expect(queue[0]).toMatchObject({ stage: 'done', progress: 1 });
  });

  it('keeps a failure to its own file, with the reason', () => {
    const queue = run(
      [
        { type: 'start', id: 'a' },
        { type: 'start', id: 'b' },
        { type: 'start', id: 'c' },
        { type: 'claiming', id: 'b' },
        { type: 'failed', id: 'b', error: 'b.png: not an allowed type.' },
        { type: 'claiming', id: 'a' },
        { type: 'done', id: 'a' },
      ],
      added('a', 'b', 'c'),
    );
    expect(stages(queue)).toEqual({ a: 'done', b: 'failed', c: 'uploading' });
    expect(queue[1]?.error).toBe('b.png: not an allowed type.');
    expect(queue.filter(canRetry).map((upload) => upload.id)).toEqual(['b']);
  });

  it('cancels a waiting or uploading file, and a canceled upload stays canceled when its request fails', () => {
    const queue = run(
      [
        { type: 'start', id: 'a' },
        { type: 'progress', id: 'a', fraction: 0.5 },
        { type: 'cancel', id: 'a' },
        { type: 'failed', id: 'a', error: 'canceled' },
        { type: 'progress', id: 'a', fraction: 0.9 },
        { type: 'cancel', id: 'b' },
      ],
      added('a', 'b'),
    );
    expect(stages(queue)).toEqual({ a: 'canceled', b: 'canceled' });
    expect(queue[0]?.error).toBeNull();
  });

  it('does not cancel what is being claimed or is finished', () => {
    let queue = run(
      [
        { type: 'start', id: 'a' },
        { type: 'claiming', id: 'a' },
      ],
      added('a'),
    );
    expect(canCancel(queue[0] as QueuedUpload)).toBe(false);
    queue = run([{ type: 'cancel', id: 'a' }], queue);
    expect(queue[0]?.stage).toBe('claiming');
  });

  it('retries a failed or canceled file from the start, and only those', () => {
    let queue = run(
      [
        { type: 'start', id: 'a' },
        { type: 'progress', id: 'a', fraction: 0.7 },
        { type: 'failed', id: 'a', error: 'Network' },
        { type: 'cancel', id: 'b' },
        { type: 'start', id: 'c' },
      ],
      added('a', 'b', 'c'),
    );
    queue = run(
      [
        { type: 'retry', id: 'a' },
        { type: 'retry', id: 'b' },
        { type: 'retry', id: 'c' },
      ],
      queue,
    );
    expect(stages(queue)).toEqual({ a: 'waiting', b: 'waiting', c: 'uploading' });
    expect(queue[0]).toMatchObject({ progress: 0, error: null });
  });

  it('ignores what does not apply (unknown ids, done twice) and keeps the same state', () => {
    const queue = added('a');
    expect(uploadQueueReducer(queue, { type: 'done', id: 'a' })).toBe(queue);
    expect(uploadQueueReducer(queue, { type: 'start', id: 'zzz' })).toBe(queue);
  });

  it('dismisses finished files; clearing takes the done ones only', () => {
    let queue = run(
      [
        { type: 'start', id: 'a' },
        { type: 'claiming', id: 'a' },
        { type: 'done', id: 'a' },
        { type: 'start', id: 'b' },
        { type: 'failed', id: 'b', error: 'x' },
        { type: 'dismiss', id: 'c' },
      ],
      added('a', 'b', 'c'),
    );
    expect(stages(queue)).toEqual({ a: 'done', b: 'failed', c: 'waiting' });
    queue = run([{ type: 'clear-finished' }], queue);
    expect(stages(queue)).toEqual({ b: 'failed', c: 'waiting' });
    queue = run([{ type: 'dismiss', id: 'b' }], queue);
    expect(stages(queue)).toEqual({ c: 'waiting' });
  });

  it('starts the oldest waiting files, at most `concurrency` running at once', () => {
    let queue = added('a', 'b', 'c', 'd', 'e');
    expect(startable(queue, 3).map((upload) => upload.id)).toEqual(['a', 'b', 'c']);
    queue = run(
      [
        { type: 'start', id: 'a' },
        { type: 'start', id: 'b' },
        { type: 'start', id: 'c' },
      ],
      queue,
    );
    expect(startable(queue, 3)).toEqual([]);
    // Claiming still counts as running; a failure frees its place.
    queue = run(
      [
        { type: 'claiming', id: 'a' },
        { type: 'failed', id: 'b', error: 'x' },
      ],
      queue,
    );
    expect(startable(queue, 3).map((upload) => upload.id)).toEqual(['d']);
  });

  it('sums up the queue', () => {
    const queue = run(
      [
        { type: 'start', id: 'a' },
        { type: 'claiming', id: 'a' },
        { type: 'done', id: 'a' },
        { type: 'start', id: 'b' },
        { type: 'failed', id: 'b', error: 'x' },
        { type: 'cancel', id: 'c' },
      ],
      added('a', 'b', 'c', 'd'),
    );
    expect(queueSummary(queue)).toBe('1 of 3 uploaded · 1 failed · 1 canceled');
  });
});
