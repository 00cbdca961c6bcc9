import type { Config } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/** The storage the configuration names: S3 when S3_BUCKET is set, else the local media directory. */
export function createConfiguredStorage(config: Config): FileStorage {
  if (!config.S3_BUCKET) return createLocalStorage(config.mediaDir);
  return createS3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    prefix: config.S3_PREFIX,
    timeoutMs: config.S3_TIMEOUT_MS,
  });
}
