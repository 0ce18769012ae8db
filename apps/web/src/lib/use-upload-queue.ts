import { useCallback, useEffect, useReducer, useRef } from 'react';
import { errorMessage } from './api-client';
import { serverErrors } from './form-errors';
import { isCanceled, type UploadOptions, type UploadResult, uploadFile } from './upload';
import { isRunning, startable, uploadQueueReducer } from './upload-queue';

/** How many files upload at once; the others wait their turn. */
export const UPLOAD_CONCURRENCY = 3;

/**
 * Why an upload failed: the server's first field message, else its message. The server names the
 * file ("a.exe: not allowed."); every upload row already shows the name beside the reason, so with
 * `fileName` the name is said once: the reason alone.
 */
export function uploadFailure(error: unknown, fileName?: string): string {
  const [first] = Object.values(serverErrors(error));
  const message = first ?? errorMessage(error, 'The upload failed.');
  const prefix = fileName === undefined ? undefined : `${fileName}: `;
  return prefix && message.startsWith(prefix) ? upperFirst(message.slice(prefix.length)) : message;
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface UploadQueueOptions {
  /** Names the uploaded file to the server (which checks and keeps it); aborted with `signal`. */
  claim: (upload: UploadResult, signal: AbortSignal) => Promise<unknown>;
  concurrency?: number;
  /** Extra fields of the signed-storage request. */
  data?: UploadOptions['data'];
}

/**
 * Runs an upload queue: each file is uploaded (lib/upload.ts) then claimed, at most `concurrency`
 * at a time, each on its own (a failure stops only its file). Leaving the page aborts what runs.
 */
export function useUploadQueue({ claim, concurrency = UPLOAD_CONCURRENCY, data }: UploadQueueOptions) {
  const [queue, dispatch] = useReducer(uploadQueueReducer, []);
  const controllers = useRef(new Map<string, AbortController>());
  const nextId = useRef(0);
  // The latest claim and data, for uploads that started with an earlier render's.
  const latest = useRef({ claim, data });
  useEffect(() => {
    latest.current = { claim, data };
  }, [claim, data]);

  useEffect(() => {
    for (const { id, file } of startable(queue, concurrency)) {
      if (controllers.current.has(id)) continue;
      const controller = new AbortController();
      const { signal } = controller;
      controllers.current.set(id, controller);
      dispatch({ type: 'start', id });
      const run = async () => {
        const uploaded = await uploadFile(file, {
          signal,
          data: latest.current.data,
          onProgress: (fraction) => dispatch({ type: 'progress', id, fraction }),
        });
        dispatch({ type: 'claiming', id });
        await latest.current.claim(uploaded, signal);
        dispatch({ type: 'done', id });
      };
      run()
        .catch((error: unknown) => {
          if (!isCanceled(error)) dispatch({ type: 'failed', id, error: uploadFailure(error, file.name) });
        })
        .finally(() => controllers.current.delete(id));
    }
  }, [queue, concurrency]);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      running.clear();
    };
  }, []);

  const add = useCallback((files: Iterable<File>) => {
    const uploads = [...files].map((file) => ({ id: `upload-${++nextId.current}`, file }));
    if (uploads.length) dispatch({ type: 'add', uploads });
  }, []);
  const cancel = useCallback((id: string) => {
    dispatch({ type: 'cancel', id });
    controllers.current.get(id)?.abort();
  }, []);
  const retry = useCallback((id: string) => dispatch({ type: 'retry', id }), []);
  const dismiss = useCallback((id: string) => dispatch({ type: 'dismiss', id }), []);
  const clearFinished = useCallback(() => dispatch({ type: 'clear-finished' }), []);

  return {
    queue,
    busy: queue.some((upload) => isRunning(upload) || upload.stage === 'waiting'),
    add,
    cancel,
    retry,
    dismiss,
    clearFinished,
  };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
