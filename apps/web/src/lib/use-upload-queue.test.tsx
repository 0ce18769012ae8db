import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { renderHook } from './test-render';
import type { UploadOptions, UploadResult } from './upload';
import { type UploadQueue, type UploadQueueOptions, uploadFailure, useUploadQueue } from './use-upload-queue';

/** Each upload waits until the test settles it; `calls` shows which files started. */
const uploads = vi.hoisted(() => {
  const calls: {
    file: File;
    options: UploadOptions;
    resolve: (result: UploadResult) => void;
    reject: (error: unknown) => void;
  }[] = [];
  return { calls };
});

vi.mock('./upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./upload')>()),
  uploadFile: (file: File, options: UploadOptions) =>
    new Promise<UploadResult>((resolve, reject) => {
      options.signal?.addEventListener('abort', () =>
        reject(new ApiError('canceled', 'ERR_CANCELED', {} as never)),
      );
      uploads.calls.push({ file, options, resolve, reject });
    }),
}));

const result = (file: File): UploadResult => ({
  uuid: file.name,
  bucket: 'local',
  key: `tmp/${file.name}`,
  url: 'https://x',
  headers: {},
  extension: 'png',
  name: file.name,
  contentType: 'image/png',
});

const files = (...names: string[]) => names.map((name) => new File(['x'], name, { type: 'image/png' }));

/** What the hook returned last. */
let hook: { current: UploadQueue };
let unmount: () => Promise<void>;

const mount = async (props: UploadQueueOptions) => {
  ({ result: hook, unmount } = await renderHook(useUploadQueue, { initialProps: props }));
};

const stages = () => Object.fromEntries(hook.current.queue.map((upload) => [upload.file.name, upload.stage]));
const call = (name: string) => {
  const found = uploads.calls.find((entry) => entry.file.name === name);
  if (!found) throw new Error(`${name} did not start`);
  return found;
};

describe('useUploadQueue', () => {
  beforeEach(() => {
    uploads.calls.length = 0;
  });

  it('uploads three at a time, claims each, and a failure blocks no other file', async () => {
    const claimed: string[] = [];
    const claim = vi.fn(async (upload: UploadResult) => {
      if (upload.name === 'b.png') {
        throw new ApiError('422', 'ERR_BAD_REQUEST', {} as never, {
          status: 422,
          statusText: '',
          headers: {},
          data: { message: 'Invalid.', errors: { key: ['b.png is not an image, video or font.'] } },
        });
      }
      claimed.push(upload.key);
    });
    await mount({ claim });
    await act(async () => hook.current.add(files('a.png', 'b.png', 'c.png', 'd.png')));
    expect(uploads.calls.map((entry) => entry.file.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(stages()).toEqual({
      'a.png': 'uploading',
      'b.png': 'uploading',
      'c.png': 'uploading',
      'd.png': 'waiting',
    });

    await act(async () => call('a.png').options.onProgress?.(0.5));
    expect(hook.current.queue[0]?.progress).toBe(0.5);

    await act(async () => call('b.png').resolve(result(call('b.png').file)));
    expect(stages()['b.png']).toBe('failed');
    expect(hook.current.queue[1]?.error).toBe('b.png is not an image, video or font.');
    // Its place went to the next file.
    expect(stages()['d.png']).toBe('uploading');

    await act(async () => {
      for (const name of ['a.png', 'c.png', 'd.png']) call(name).resolve(result(call(name).file));
    });
    expect(stages()).toEqual({ 'a.png': 'done', 'b.png': 'failed', 'c.png': 'done', 'd.png': 'done' });
    expect(claimed).toEqual(['tmp/a.png', 'tmp/c.png', 'tmp/d.png']);
    expect(hook.current.busy).toBe(false);
  });

  it('cancels an upload in flight and retries it on demand', async () => {
    const claim = vi.fn(async () => {});
    await mount({ claim });
    await act(async () => hook.current.add(files('a.png')));
    const id = hook.current.queue[0]?.id ?? '';
    const first = call('a.png');

    await act(async () => hook.current.cancel(id));
    expect(first.options.signal?.aborted).toBe(true);
    expect(stages()).toEqual({ 'a.png': 'canceled' });
    expect(hook.current.queue[0]?.error).toBeNull();

    await act(async () => hook.current.retry(id));
    expect(uploads.calls).toHaveLength(2);
    expect(stages()).toEqual({ 'a.png': 'uploading' });
    await act(async () => uploads.calls[1]?.resolve(result(first.file)));
    expect(stages()).toEqual({ 'a.png': 'done' });
    expect(claim).toHaveBeenCalledTimes(1);
  });

  it('aborts what runs when it goes away', async () => {
    await mount({ claim: async () => {} });
    await act(async () => hook.current.add(files('a.png', 'b.png')));
    await unmount();
    expect(uploads.calls.every((entry) => entry.options.signal?.aborted)).toBe(true);
  });
});

describe('uploadFailure', () => {
  it("says the server's field message, else its message, else that the server is out of reach", () => {
    const answer = (data: unknown) =>
      new ApiError('x', 'ERR_BAD_REQUEST', {} as never, { status: 422, statusText: '', headers: {}, data });
    expect(uploadFailure(answer({ message: 'Invalid.', errors: { key: ['a.exe: not allowed.'] } }))).toBe(
      'a.exe: not allowed.',
    );
    expect(uploadFailure(answer({ message: 'Too large.' }))).toBe('Too large.');
    // Beside the file's name, the reason alone: the name is said once.
    const refused = answer({ message: 'Invalid.', errors: { key: ['a.exe: not allowed.'] } });
    expect(uploadFailure(refused, 'a.exe')).toBe('Not allowed.');
    expect(uploadFailure(refused, 'b.exe')).toBe('a.exe: not allowed.');
    expect(uploadFailure(new ApiError('Network Error', 'ERR_NETWORK', {} as never))).toBe(
      'Cannot reach the server. Check your connection and try again.',
    );
  });
});
