import type { StorageConfig } from '../config';
import { createLocalDisk } from './local-disk';
import type { ObjectStore } from './object-store';
import { createS3Store } from './s3-store';

/** The configured file store: DATA_DIR/storage, or the S3 bucket (STORAGE=s3). */
export const objectStoreFor = (config: StorageConfig): ObjectStore =>
  config.driver === 's3' ? createS3Store(config) : createLocalDisk(config.dir);
