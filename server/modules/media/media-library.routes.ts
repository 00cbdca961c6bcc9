import type { Context } from 'hono';
import type { Implement } from '../../api/contract-router.ts';
import { ApiError, badRequest } from '../../api/errors.ts';
import {
  directoryItemCreate,
  directoryItemDelete,
  directoryItemFilter,
  directoryItemMove,
  fileAddFromBucket,
  fileAddFromBucketPublic,
  fileGetUploadUrl,
  mediaCreate,
  mediaDelete,
  mediaFilterStandard,
  mediaGet,
  mediaUpdate,
  mediaUpload,
} from './media.contract.ts';
import type { MediaLibraryService, UploadedFile } from './media-library.service.ts';

const filesOf = (body: { files: { key: string; name: string }[] } | { key: string; name: string }) =>
  'files' in body ? body.files : [{ key: body.key, name: body.name }];

export function mediaLibraryRoutes(implement: Implement, library: MediaLibraryService) {
  implement(mediaFilterStandard, (ctx, { body }) => library.filter(ctx, body));

  implement(mediaUpload, async (ctx, { body }) => {
    const list = Array.isArray(body.file) ? body.file : [body.file];
    const files: UploadedFile[] = await Promise.all(
      list.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })),
    );
    return library.upload(ctx, files, body.folderId);
  });

  implement(mediaGet, (ctx, { params }) => library.get(ctx, params.id));
  implement(mediaUpdate, (ctx, { params, body }) => library.update(ctx, params.id, body));
  implement(mediaCreate, (ctx, { body }) => library.createFromDrive(ctx, body));
  implement(mediaDelete, (ctx, { params }) => library.remove(ctx, params.id));

  implement(directoryItemFilter, (ctx) => library.folders(ctx));
  implement(directoryItemCreate, (ctx, { body }) => library.createFolder(ctx, body));
  implement(directoryItemMove, (ctx, { body }) => library.move(ctx, body));
  implement(directoryItemDelete, (ctx, { body }) => library.deleteFolders(ctx, body.targetIds));

  implement(fileGetUploadUrl, async (ctx, { body }) => ({
    records: await library.uploadUrls(ctx, body.files, { public: body.public }),
  }));
  implement(fileAddFromBucket, (ctx, { body }) =>
    library.addFromBucket(ctx, filesOf(body), { public: false, folderId: body.folderId }),
  );
  implement(fileAddFromBucketPublic, (ctx, { body }) =>
    library.addFromBucket(ctx, filesOf(body), { public: true }),
  );
}

/**
 * PUT {MEDIA_PUT_PATH_PREFIX}{token}: the bytes of a signed upload address (file/getUploadUrl). The
 * token is the permission, so no session is needed; the body must be exactly the announced size.
 */
export function mediaPutHandler(library: MediaLibraryService) {
  return async (c: Context) => {
    const target = await library.verifyUploadToken(c.req.param('token') ?? '');
    if (!target) throw new ApiError(403, 'FORBIDDEN', 'The upload address is not valid or has expired.');
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length !== target.size)
      throw badRequest(`The upload address takes exactly ${target.size} bytes.`, 'body');
    await library.putIncoming(target.key, bytes);
    return c.json({ data: { key: target.key, size: bytes.length } });
  };
}
