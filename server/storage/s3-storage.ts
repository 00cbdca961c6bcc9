import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkStorageKey, type FileStorage, StorageUnavailableError } from './file-storage.ts';

export type S3StorageOptions = {
  bucket: string;
  /** For S3-compatible services (MinIO, R2, Ceph ...); AWS's own endpoint when unset. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither means the SDK's default credential chain (instance role, ~/.aws). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Prepended to every key, e.g. `media/`; empty or ending with a slash. */
  prefix: string;
  /** Upper bound of one call, retries included, until the response starts. */
  timeoutMs: number;
};

type Sdk = typeof import('@aws-sdk/client-s3');

type ServiceError = Error & { $metadata?: { httpStatusCode?: number } };

/** "No such object" as opposed to a missing bucket, which is a configuration problem. */
function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = error as ServiceError;
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/**
 * Objects in an S3-compatible bucket. The SDK is imported on first use, so a process on local
 * storage never loads it. Every call is bounded by `timeoutMs`: an unreachable or hanging service
 * surfaces as a StorageUnavailableError within that time instead of holding requests.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const load = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
        maxAttempts: 2,
        // Idle socket limits: the abort below bounds the wait for an answer, these bound a body
        // that stops arriving half-way.
        requestHandler: {
          connectionTimeout: Math.min(options.timeoutMs, 2000),
          requestTimeout: options.timeoutMs,
        },
        // Checksums only where S3 demands them: several S3-compatible servers reject the
        // newer default (aws-chunked bodies with checksum trailers).
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));

  const objectKey = (key: string) => `${options.prefix}${checkStorageKey(key)}`;

  /**
   * Runs one SDK call under the time limit. A missing object gives undefined; any other failure
   * (timeout, refused connection, 5xx, denied access, missing bucket) is "storage unavailable".
   */
  async function call<T>(
    what: string,
    key: string,
    run: (sdk: Sdk, client: S3Client, abortSignal: AbortSignal) => Promise<T>,
  ): Promise<T | undefined> {
    const Key = objectKey(key);
    const { sdk, client } = await load();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      return await run(sdk, client, controller.signal);
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      const reason = controller.signal.aborted ? `no answer within ${options.timeoutMs} ms` : String(error);
      throw new StorageUnavailableError(`S3 ${what} ${Key} failed: ${reason}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  const Bucket = options.bucket;

  return {
    kind: 's3',

    async put(key, body, putOptions = {}) {
      checkStorageKey(key);
      let Body: Uint8Array | Readable = body;
      let ContentLength = putOptions.contentLength;
      if (!(body instanceof Uint8Array) && ContentLength === undefined) {
        // A single PUT needs the length up front; bodies here are images and uploads within
        // UPLOAD_LIMIT_BYTES, so holding one in memory is acceptable.
        Body = Buffer.concat(await body.toArray());
        ContentLength = undefined;
      }
      await call('put', key, (sdk, client, abortSignal) =>
        client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: objectKey(key),
            Body,
            ContentLength,
            ContentType: putOptions.contentType,
          }),
          { abortSignal },
        ),
      );
    },

    async get(key) {
      const response = await call('get', key, (sdk, client, abortSignal) =>
        client.send(new sdk.GetObjectCommand({ Bucket, Key: objectKey(key) }), { abortSignal }),
      );
      if (!response?.Body) return undefined;
      return {
        body: response.Body as Readable,
        size: response.ContentLength ?? 0,
        contentType: response.ContentType,
      };
    },

    async head(key) {
      const response = await call('head', key, (sdk, client, abortSignal) =>
        client.send(new sdk.HeadObjectCommand({ Bucket, Key: objectKey(key) }), { abortSignal }),
      );
      if (!response) return undefined;
      return { size: response.ContentLength ?? 0, contentType: response.ContentType };
    },

    async readStart(key, length) {
      const response = await call('get', key, (sdk, client, abortSignal) =>
        client.send(
          new sdk.GetObjectCommand({ Bucket, Key: objectKey(key), Range: `bytes=0-${length - 1}` }),
          {
            abortSignal,
          },
        ),
      );
      if (!response?.Body) return undefined;
      // A server that ignores the range sends the whole object: keep only what was asked for.
      return (await response.Body.transformToByteArray()).subarray(0, length);
    },

    async presignPut(key, presign) {
      const { sdk, client } = await load();
      const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
      return getSignedUrl(
        client,
        new sdk.PutObjectCommand({ Bucket, Key: objectKey(key), ContentLength: presign.size }),
        {
          expiresIn: presign.expiresInSeconds,
          // Signed, so the bucket refuses a body of another length.
          signableHeaders: new Set(['content-length']),
          ...(presign.signingDate ? { signingDate: presign.signingDate } : {}),
        },
      );
    },

    async delete(key) {
      await call('delete', key, (sdk, client, abortSignal) =>
        client.send(new sdk.DeleteObjectCommand({ Bucket, Key: objectKey(key) }), { abortSignal }),
      );
    },

    close() {
      if (loaded) void loaded.then(({ client }) => client.destroy());
    },
  };
}
