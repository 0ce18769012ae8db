/**
 * Where each file of an upload queue is. `uploading` is the PUT of the file; `claiming` the call
 * that names it to the server, which checks and keeps it (e.g. `POST /v1/creatives/{id}/assets`).
 */
export type UploadStage = 'waiting' | 'uploading' | 'claiming' | 'done' | 'failed' | 'canceled';

export interface QueuedUpload {
  id: string;
  file: File;
  stage: UploadStage;
  /** Of the PUT, 0..1. */
  progress: number;
  /** Why it failed, as the server said it. */
  error: string | null;
}

export type UploadAction =
  | { type: 'add'; uploads: readonly { id: string; file: File }[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; fraction: number }
  | { type: 'claiming'; id: string }
  | { type: 'done'; id: string }
  | { type: 'failed'; id: string; error: string }
  | { type: 'cancel'; id: string }
  | { type: 'retry'; id: string }
  | { type: 'dismiss'; id: string }
  | { type: 'clear-finished' };

/** Stages with a request in flight. */
export const isRunning = (upload: QueuedUpload): boolean =>
  upload.stage === 'uploading' || upload.stage === 'claiming';

/** Stages nothing happens in any more until the user acts. */
export const isFinished = (upload: QueuedUpload): boolean =>
  upload.stage === 'done' || upload.stage === 'failed' || upload.stage === 'canceled';

export const canCancel = (upload: QueuedUpload): boolean =>
  upload.stage === 'waiting' || upload.stage === 'uploading';

export const canRetry = (upload: QueuedUpload): boolean =>
  upload.stage === 'failed' || upload.stage === 'canceled';

/** Which stages each action may move an upload from; an action on any other stage is ignored. */
const FROM: Readonly<
  Record<Exclude<UploadAction['type'], 'add' | 'clear-finished'>, readonly UploadStage[]>
> = {
  start: ['waiting'],
  progress: ['uploading'],
  claiming: ['uploading'],
  done: ['claiming'],
  // A canceled upload's request still fails as it stops: it stays canceled.
  failed: ['uploading', 'claiming'],
  cancel: ['waiting', 'uploading'],
  retry: ['failed', 'canceled'],
  dismiss: ['done', 'failed', 'canceled'],
};

function moved(upload: QueuedUpload, action: Exclude<UploadAction, { type: 'add' | 'clear-finished' }>) {
  switch (action.type) {
    case 'start':
      return { ...upload, stage: 'uploading' as const, progress: 0, error: null };
    case 'progress':
      return { ...upload, progress: Math.min(1, Math.max(upload.progress, action.fraction)) };
    case 'claiming':
      return { ...upload, stage: 'claiming' as const, progress: 1 };
    case 'done':
      return { ...upload, stage: 'done' as const, progress: 1 };
    case 'failed':
      return { ...upload, stage: 'failed' as const, error: action.error };
    case 'cancel':
      return { ...upload, stage: 'canceled' as const };
    case 'retry':
      return { ...upload, stage: 'waiting' as const, progress: 0, error: null };
    case 'dismiss':
      return null;
  }
}

/** The queue's state: one entry per file, each moving on its own, so one failure blocks nothing else. */
export function uploadQueueReducer(queue: readonly QueuedUpload[], action: UploadAction): QueuedUpload[] {
  if (action.type === 'add') {
    return [
      ...queue,
      ...action.uploads.map(({ id, file }) => ({
        id,
        file,
        stage: 'waiting' as const,
        progress: 0,
        error: null,
      })),
    ];
  }
  if (action.type === 'clear-finished') return queue.filter((upload) => upload.stage !== 'done');
  const next: QueuedUpload[] = [];
  let changed = false;
  for (const upload of queue) {
    if (upload.id !== action.id || !FROM[action.type].includes(upload.stage)) {
      next.push(upload);
      continue;
    }
    changed = true;
    const result = moved(upload, action);
    if (result) next.push(result);
  }
  return changed ? next : (queue as QueuedUpload[]);
}

/** The waiting uploads that may start now, oldest first, keeping at most `concurrency` running. */
export function startable(queue: readonly QueuedUpload[], concurrency: number): QueuedUpload[] {
  const running = queue.filter(isRunning).length;
  return queue.filter((upload) => upload.stage === 'waiting').slice(0, Math.max(0, concurrency - running));
}

/** "2 of 3 uploaded · 1 failed", for the list's heading and screen readers. */
export function queueSummary(queue: readonly QueuedUpload[]): string {
  const count = (stage: UploadStage) => queue.filter((upload) => upload.stage === stage).length;
  const active = queue.filter((upload) => upload.stage !== 'canceled').length;
  const parts = [`${count('done')} of ${active} uploaded`];
  if (count('failed')) parts.push(`${count('failed')} failed`);
  if (count('canceled')) parts.push(`${count('canceled')} canceled`);
  return parts.join(' · ');
}
