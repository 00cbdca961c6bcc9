import type { Readable } from 'node:stream';

/**
 * Where media originals and their resized variants live: a local directory by default, an
 * S3-compatible bucket when configured, so that every process of a shop reads the same files.
 *
 * Keys are relative paths with forward slashes (`2026/<hash>.jpg`, `.cache/<hash>-SmallSize.avif`).
 * A key that could leave the storage's root (`..`, a leading slash, a backslash, empty or `.`
 * segments, control characters) is refused by every operation with an InvalidStorageKeyError.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Writes the whole object, replacing any object with this key; readers never see a partial one. */
  put(key: string, body: Uint8Array | Readable, options?: PutOptions): Promise<void>;
  /** The object as a stream, or undefined when there is none. The caller must consume or destroy the stream. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Size and type without the bytes, or undefined when there is no such object. */
  head(key: string): Promise<StoredFileInfo | undefined>;
  /** The first `length` bytes of the object (fewer when it is shorter), or undefined when there is none. */
  readStart(key: string, length: number): Promise<Uint8Array | undefined>;
  /**
   * An address the browser PUTs exactly `size` bytes to, straight into the bucket, until it expires.
   * Only stores that can sign such addresses have it (S3); the local store's uploads go through the
   * server's own signed address instead.
   */
  presignPut?(key: string, options: PresignPutOptions): Promise<string>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Releases connections at shutdown. */
  close(): void;
}

export type PutOptions = {
  contentType?: string;
  /** Bytes in a stream body, when known (S3 needs it to stream instead of buffering). */
  contentLength?: number;
};

export type PresignPutOptions = {
  /** The exact byte count; it is part of the signature, so another body length is refused. */
  size: number;
  expiresInSeconds: number;
  /** When the signature starts to count (tests sign in the past to get an expired address). */
  signingDate?: Date;
};

export type StoredFileInfo = {
  size: number;
  /** The type given when the object was written; local storage answers the type of the key's extension. */
  contentType: string | undefined;
};

export type StoredFile = StoredFileInfo & { body: Readable };

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** The storage did not answer in time or at all; callers answer 503, never hang. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

const MAX_KEY_BYTES = 1024;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

export function isValidStorageKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || Buffer.byteLength(key) > MAX_KEY_BYTES) return false;
  if (FORBIDDEN.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Returns the key unchanged when it is valid; throws InvalidStorageKeyError otherwise. */
export function checkStorageKey(key: string): string {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}
