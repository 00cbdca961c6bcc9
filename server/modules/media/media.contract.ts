import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { idInput, idParam, lineText, multilineText, pagedSchema } from '../../../core/input-schemas.ts';
import { uiLanguages } from '../../../core/languages.ts';
import {
  MEDIA_FILTER_PATH,
  MEDIA_PUBLIC_UPLOAD_MAX_FILES,
  MEDIA_UPLOAD_MAX_FILES,
  MEDIA_UPLOAD_PATH,
} from '../../../core/media-library.ts';

const mediaText = z.object({ title: z.string(), description: z.string(), alt: z.string() });

export const mediaItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    originalName: z.string(),
    mime: z.string(),
    extension: z.string(),
    kind: z.enum(['image', 'document']),
    size: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    folderId: z.number().int().nullable(),
    access: z.enum(['public', 'private']),
    /** Sent by a visitor through the public upload; never served on the site. */
    fromPublic: z.boolean(),
    /** The file (an image at LargeSize). */
    url: z.string(),
    /** An image at SmallSize, for lists; null for documents and private files. */
    thumbnailUrl: z.string().nullable(),
    /** Title, description and alt text per language code. */
    texts: z.record(z.string(), mediaText),
    createdAt: z.string(),
  })
  .meta({ id: 'MediaItem' });
export type MediaItemView = z.output<typeof mediaItemSchema>;

const fileFailure = z.object({ name: z.string(), code: z.string(), message: z.string() });
export type MediaFileFailure = z.output<typeof fileFailure>;
const uploadResult = z
  .object({
    /** The files stored, in the order sent. */
    stored: z.array(mediaItemSchema),
    /** The files refused, each with its reason; the others are stored all the same. */
    failed: z.array(fileFailure),
  })
  .meta({ id: 'MediaUploadResult' });
export type MediaUploadResult = z.output<typeof uploadResult>;

/** An optional folder id in a form or JSON: empty means the top level. */
const folderField = z
  .union([idInput, z.literal(''), z.null(), z.string().regex(/^[1-9]\d{0,9}$/, 'A folder id.')])
  .transform((value) => (value === '' || value === null ? null : Number(value)))
  .pipe(idInput.nullable());

export const mediaFilterStandard = defineContract({
  method: 'post',
  path: MEDIA_FILTER_PATH,
  access: 'backoffice',
  tags: ['media'],
  summary: 'Back office: the media library, newest first, searched by title, name or texts, paged',
  description: '401 without a session, 403 for users who are not back-office users.',
  body: z.object({
    query: lineText(200).optional(),
    /** A folder id; null lists the top level; absent lists every folder. */
    folderId: idInput.nullable().optional(),
    kind: z.enum(['image', 'document']).optional(),
    page: z.number().int().min(1).max(100_000).default(1),
    limit: z.number().int().min(1).max(100).default(24),
  }),
  output: pagedSchema(mediaItemSchema)
    .extend({
      /** What an upload may hold, for the upload form. */
      limits: z.object({
        maxFiles: z.number().int(),
        maxPublicFiles: z.number().int(),
        maxFileBytes: z.number().int(),
      }),
    })
    .meta({ id: 'MediaPage' }),
});
export type MediaPage = z.output<typeof mediaFilterStandard.output>;

/** One uploaded file of a multipart body. */
const uploadedFile = z.file().meta({ type: 'string', format: 'binary', description: 'A file' });

export const mediaUpload = defineContract({
  method: 'post',
  path: MEDIA_UPLOAD_PATH,
  access: 'backoffice',
  tags: ['media'],
  writes: true,
  multipart: true,
  summary: `Back office: upload up to ${MEDIA_UPLOAD_MAX_FILES} files (multipart, field "file")`,
  description:
    'Each file is checked by its content (avif, webp, jpeg, png images; pdf, Word, Excel, PowerPoint, ' +
    'text, csv, rtf, zip and OpenDocument files) and its size; refused files are listed with their reason ' +
    'and the others are stored.',
  body: z.object({
    file: z.union([uploadedFile, z.array(uploadedFile).max(MEDIA_UPLOAD_MAX_FILES)]),
    folderId: folderField.optional(),
    /** Free data of the caller (the specification's customData); kept out of the stored file. */
    customData: lineText(2000).optional(),
  }),
  output: uploadResult,
});

export const mediaGet = defineContract({
  method: 'get',
  path: '/v1/cms/media/get/{id}',
  access: 'backoffice',
  tags: ['media'],
  summary: 'Back office: one file of the media library',
  params: z.object({ id: idParam }),
  output: mediaItemSchema,
});

const textInput = z
  .object({
    title: lineText(200).optional(),
    description: multilineText(2000).optional(),
    alt: lineText(300).optional(),
  })
  .strict();

export const mediaUpdate = defineContract({
  method: 'patch',
  path: '/v1/cms/media/update/{id}',
  access: 'backoffice',
  tags: ['media'],
  summary: 'Back office: change a file’s title, description and alt text per language, or its folder',
  params: z.object({ id: idParam }),
  body: z
    .object({
      translations: z.partialRecord(z.enum(uiLanguages), textInput).optional(),
      folderId: idInput.nullable().optional(),
    })
    .strict(),
  output: mediaItemSchema,
});

export const mediaCreate = defineContract({
  method: 'post',
  path: '/v1/cms/media/create',
  access: 'backoffice',
  tags: ['media'],
  writes: true,
  summary: 'Back office: a new public media entry from a file already in the drive (driveId)',
  description:
    'driveId is a file of this site’s drive (the media library, visitor uploads included, which stay ' +
    'private): the new entry shows the same stored bytes publicly, with its own texts and folder. ' +
    'The texts are copied from the drive file unless given. A driveId that is not a file of this site is a 400.',
  body: z
    .object({
      driveId: idInput,
      folderId: idInput.nullable().optional(),
      translations: z.partialRecord(z.enum(uiLanguages), textInput).optional(),
    })
    .strict(),
  output: mediaItemSchema,
});

export const mediaDelete = defineContract({
  method: 'delete',
  path: '/v1/cms/media/delete/{id}',
  access: 'backoffice',
  tags: ['media'],
  summary: 'Back office: delete a file (its stored bytes go when no other entry uses them)',
  params: z.object({ id: idParam }),
  output: z.object({ id: z.number().int(), deleted: z.literal(true) }),
});

const folderSchema = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    files: z.number().int(),
  })
  .meta({ id: 'MediaFolder' });
export type MediaFolder = z.output<typeof folderSchema>;

export const directoryItemFilter = defineContract({
  method: 'get',
  path: '/v1/cms/directoryItem/filter',
  access: 'backoffice',
  tags: ['media'],
  summary: 'Back office: the folders of the media library with their file counts',
  output: z.object({ records: z.array(folderSchema) }),
});

export const directoryItemCreate = defineContract({
  method: 'post',
  path: '/v1/cms/directoryItem/create',
  access: 'backoffice',
  tags: ['media'],
  writes: true,
  summary: 'Back office: create a folder (optionally inside another)',
  body: z.object({
    name: lineText(120).trim().min(1),
    parentId: idInput.nullable().optional(),
  }),
  output: folderSchema,
});

export const directoryItemMove = defineContract({
  method: 'post',
  path: '/v1/cms/directoryItem/move',
  access: 'backoffice',
  tags: ['media'],
  writes: true,
  summary: 'Back office: move files into a folder (null: the top level)',
  body: z.object({ ids: z.array(idInput).min(1).max(100), folderId: idInput.nullable() }),
  output: z.object({ moved: z.number().int() }),
});

export const directoryItemDelete = defineContract({
  method: 'delete',
  path: '/v1/cms/directoryItem/delete',
  access: 'backoffice',
  tags: ['media'],
  summary: 'Back office: delete folders; their files and folders move up to the parent',
  body: z.object({ targetIds: z.array(idInput).min(1).max(100) }),
  output: z.object({ deleted: z.array(z.number().int()) }),
});

const uploadUrlBody = (max: number) =>
  z.object({
    files: z
      .array(z.object({ name: lineText(255).min(1), size: z.number().int().min(1).max(2_147_483_647) }))
      .min(1)
      .max(max),
  });
const uploadUrlOutput = z.object({
  records: z.array(
    z.object({
      name: z.string(),
      /** What file/addFromBucket takes back. */
      key: z.string(),
      method: z.literal('PUT'),
      /** PUT exactly `size` bytes here before it expires. */
      url: z.string(),
      expiresAt: z.string(),
    }),
  ),
});

export const fileGetUploadUrl = defineContract({
  method: 'post',
  path: '/v1/cms/file/getUploadUrl',
  tags: ['media'],
  writes: true,
  summary: `Signed addresses to PUT up to ${MEDIA_UPLOAD_MAX_FILES} files to (back office; ${MEDIA_PUBLIC_UPLOAD_MAX_FILES} with public=true)`,
  description:
    'Each address accepts one PUT of exactly the announced size within 15 minutes; then file/addFromBucket ' +
    '(or file/addFromBucketPublic) adds the file after checking its content.',
  body: uploadUrlBody(MEDIA_UPLOAD_MAX_FILES).extend({ public: z.boolean().default(false) }),
  output: uploadUrlOutput,
});

const bucketFile = z.object({ key: lineText(200).min(1), name: lineText(255).min(1) });

export const fileAddFromBucket = defineContract({
  method: 'post',
  path: '/v1/cms/file/addFromBucket',
  access: 'backoffice',
  tags: ['media'],
  writes: true,
  summary: 'Back office: add files PUT to upload addresses (one file, or {files})',
  body: z.union([
    bucketFile.extend({ folderId: idInput.nullable().optional() }),
    z.object({
      files: z.array(bucketFile).min(1).max(MEDIA_UPLOAD_MAX_FILES),
      folderId: idInput.nullable().optional(),
    }),
  ]),
  output: uploadResult,
});

export const fileAddFromBucketPublic = defineContract({
  method: 'post',
  path: '/v1/cms/file/addFromBucketPublic',
  tags: ['media'],
  writes: true,
  summary: `Anyone: add up to ${MEDIA_PUBLIC_UPLOAD_MAX_FILES} files PUT to public upload addresses (kept private, for the back office)`,
  body: z.union([
    bucketFile,
    z.object({ files: z.array(bucketFile).min(1).max(MEDIA_PUBLIC_UPLOAD_MAX_FILES) }),
  ]),
  output: uploadResult,
});
