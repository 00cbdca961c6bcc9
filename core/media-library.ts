/**
 * The media library's limits and the paths its browser code calls (the contracts in
 * server/modules/media/media.contract.ts use the same values; the browser's code never loads zod).
 */

/** Files in one back-office upload, and in one public upload (specification 001, section 5). */
export const MEDIA_UPLOAD_MAX_FILES = 20;
export const MEDIA_PUBLIC_UPLOAD_MAX_FILES = 10;

export const MEDIA_UPLOAD_PATH = '/v2/cms/media/upload';
export const MEDIA_FILTER_PATH = '/v1/cms/media/filterStandard';
/** Where a signed upload address PUTs its bytes (file/getUploadUrl); not a JSON call. */
export const MEDIA_PUT_PATH_PREFIX = '/v1/cms/file/put/';

/** The refusal codes of an upload, one per reason a file is not stored. */
export const MEDIA_REFUSAL_CODES = [
  'UNSUPPORTED_TYPE',
  'FILE_TOO_LARGE',
  'EMPTY_FILE',
  'UNREADABLE_IMAGE',
  'STORAGE_UNAVAILABLE',
  'NOT_UPLOADED',
] as const;
export type MediaRefusalCode = (typeof MEDIA_REFUSAL_CODES)[number];

export const isRefusalCode = (code: string): code is MediaRefusalCode =>
  (MEDIA_REFUSAL_CODES as readonly string[]).includes(code);
