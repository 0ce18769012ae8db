import { type AreaTasks, worker } from '../../plugins/tasks';
import { PROCESSING_JOB } from './processing-assets.service';

/** A rule's images and backup image are made as jobs; a failed one is recorded on its item. */
export const processingAssetsTasks: AreaTasks = ({ services: { processingAssets: service } }) => ({
  workers: [
    worker<{ id: number }>(PROCESSING_JOB, (job) => service.make(job.data.id), {
      onFailed: (job, message) => service.makeFailed(job.data.id, message),
    }),
  ],
});
