import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { mediaSizeOverrides, mediaSizes, mediaUrl } from '../../../core/media.ts';
import {
  MEDIA_PUBLIC_UPLOAD_MAX_FILES as MAX_FILES_PER_PUBLIC_UPLOAD,
  MEDIA_UPLOAD_MAX_FILES as MAX_FILES_PER_UPLOAD,
  MEDIA_PUT_PATH_PREFIX,
} from '../../../core/media-library.ts';
import { ApiError, badRequest, notFound } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { StorageUnavailableError } from '../../storage/file-storage.ts';
import { requireBackofficeUser, sharedSecret } from '../users/users.service.ts';
import { detectFileType, mayBeAcceptedType } from './file-type.ts';
import { imageFormatOf } from './image-format.ts';
import { type MediaText, media, mediaFolders } from './media.schema.ts';
import { createMediaService, variantKey } from './media.service.ts';

/** How long a signed upload address stays valid. */
const UPLOAD_URL_TTL_SECONDS = 15 * 60;
const INCOMING_PREFIX = 'incoming';
const SIGNING_KEY_NAME = 'media-upload';
/** Bytes read from the start of a bucket upload to refuse a wrong type before reading all of it. */
const SNIFF_BYTES = 4096;
/** The size option the library's lists show, rendered when a bucket upload is added. */
const THUMBNAIL_SIZE = 'SmallSize';
const MEDIA_OPTIONS_KEY = 'MediaOptions';

export type UploadedFile = { name: string; bytes: Uint8Array };

export type FileFailure = { name: string; code: string; message: string };

export type MediaItem = {
  id: number;
  title: string;
  originalName: string;
  mime: string;
  extension: string;
  kind: 'image' | 'document';
  size: number;
  width: number | null;
  height: number | null;
  folderId: number | null;
  access: 'public' | 'private';
  fromPublic: boolean;
  url: string;
  thumbnailUrl: string | null;
  texts: Record<string, MediaText>;
  createdAt: string;
};

type Row = typeof media.$inferSelect;

/** The refusals a file can get, with a stable code per reason. */
const refusal = {
  type: (name: string) => ({
    name,
    code: 'UNSUPPORTED_TYPE',
    message: 'The file is not one of the accepted images (avif, webp, jpeg, png) or documents.',
  }),
  size: (name: string, limit: number) => ({
    name,
    code: 'FILE_TOO_LARGE',
    message: `The file is larger than ${limit} bytes.`,
  }),
  empty: (name: string) => ({ name, code: 'EMPTY_FILE', message: 'The file is empty.' }),
  corrupt: (name: string) => ({
    name,
    code: 'UNREADABLE_IMAGE',
    message: 'The image could not be read; it may be damaged.',
  }),
  storage: (name: string) => ({
    name,
    code: 'STORAGE_UNAVAILABLE',
    message: 'The file could not be stored right now; try again shortly.',
  }),
};

const storageDown = () =>
  new ApiError(503, 'STORAGE_UNAVAILABLE', 'Files cannot be stored right now; try again shortly.');

/** The editor's media library: uploads checked by content, folders, per-language texts, bucket uploads. */
export function createMediaLibraryService(
  deps: Pick<Deps, 'db' | 'storage' | 'logger' | 'config'>,
  /** The site's `MediaOptions` option (size boxes); none: the default boxes. */
  siteOption: (siteId: number, key: string) => Promise<unknown> = async () => undefined,
) {
  const { db, storage, logger, config } = deps;
  const resizer = createMediaService(deps);
  const maxFileBytes = config.MEDIA_MAX_FILE_BYTES;

  let keyPromise: Promise<Buffer> | undefined;
  /** The key upload addresses are signed with: AUTH_SECRET, else one generated key shared in the database. */
  async function signingKey(): Promise<Buffer> {
    if (config.AUTH_SECRET) return createHash('sha256').update(`media-upload:${config.AUTH_SECRET}`).digest();
    keyPromise ??= sharedSecret(db, SIGNING_KEY_NAME)
      .then((secret) => Buffer.from(secret))
      .catch((error) => {
        keyPromise = undefined;
        throw error;
      });
    return keyPromise;
  }

  function view(ctx: RequestContext, row: Row): MediaItem {
    const isImage = imageFormatOf(row.mime) !== undefined;
    const texts: Record<string, MediaText> = { ...row.texts };
    const defaultLanguage = ctx.site.defaultLanguage;
    texts[defaultLanguage] ??= { title: row.title, description: '', alt: row.description };
    return {
      id: row.id,
      title: row.texts[ctx.language]?.title || row.title,
      originalName: row.originalName,
      mime: row.mime,
      extension: row.extension,
      kind: isImage ? 'image' : 'document',
      size: row.size,
      width: row.width,
      height: row.height,
      folderId: row.folderId,
      access: row.access,
      fromPublic: row.fromPublic,
      url: mediaUrl(ctx.site.apiKeyId, row, isImage ? 'LargeSize' : 'original'),
      thumbnailUrl: isImage && row.access === 'public' ? mediaUrl(ctx.site.apiKeyId, row, 'SmallSize') : null,
      texts,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function folderOf(ctx: RequestContext, folderId: number | null | undefined, field = 'folderId') {
    if (folderId === null || folderId === undefined) return null;
    const [folder] = await db
      .select({ id: mediaFolders.id })
      .from(mediaFolders)
      .where(and(eq(mediaFolders.siteId, ctx.site.id), eq(mediaFolders.id, folderId)));
    if (!folder) throw badRequest('No such folder.', field);
    return folder.id;
  }

  /**
   * Checks and stores one file: its type from its bytes, its size, an image's dimensions; then the
   * bytes (once per content), then the row. A row that cannot be written takes its stored bytes
   * with it unless another row uses them, so a failure leaves nothing behind.
   */
  async function storeOne(
    ctx: RequestContext,
    file: UploadedFile,
    options: { folderId: number | null; fromPublic: boolean },
  ): Promise<{ row: Row } | { failure: FileFailure }> {
    const name = file.name.slice(0, 255) || 'file';
    if (file.bytes.length === 0) return { failure: refusal.empty(name) };
    if (file.bytes.length > maxFileBytes) return { failure: refusal.size(name, maxFileBytes) };
    const type = detectFileType(file.bytes, name);
    if (!type) return { failure: refusal.type(name) };
    let width: number | null = null;
    let height: number | null = null;
    if (type.kind === 'image') {
      try {
        const meta = await sharp(file.bytes).metadata();
        if (!meta.width || !meta.height) return { failure: refusal.corrupt(name) };
        // EXIF orientations 5-8 turn the image a quarter: its shown size swaps the stored one.
        const turned = (meta.orientation ?? 1) >= 5;
        width = turned ? meta.height : meta.width;
        height = turned ? meta.width : meta.height;
      } catch {
        return { failure: refusal.corrupt(name) };
      }
    }
    const hash = createHash('sha256').update(file.bytes).digest('hex');
    const key = `${new Date().getUTCFullYear()}/${hash}.${type.extension}`;
    const existing = await storage.head(key).catch((error: unknown) => {
      if (error instanceof StorageUnavailableError) return 'down' as const;
      throw error;
    });
    if (existing === 'down') return { failure: refusal.storage(name) };
    let wrote = false;
    if (!existing) {
      try {
        await storage.put(key, file.bytes, { contentType: type.mime });
        wrote = true;
      } catch (error) {
        logger.warn({ err: error, key }, 'upload not stored');
        return { failure: refusal.storage(name) };
      }
    }
    const title = name.replace(/\.[A-Za-z0-9]{1,10}$/, '').slice(0, 200) || name;
    try {
      const [row] = await db
        .insert(media)
        .values({
          siteId: ctx.site.id,
          path: key,
          title,
          description: '',
          texts: { [ctx.site.defaultLanguage]: { title, description: '', alt: '' } },
          folderId: options.folderId,
          mime: type.mime,
          extension: type.extension,
          width,
          height,
          size: file.bytes.length,
          hash,
          access: options.fromPublic ? 'private' : 'public',
          originalName: name,
          fromPublic: options.fromPublic,
        })
        .returning();
      return { row: row! };
    } catch (error) {
      if (wrote) await removeStoredIfUnused(key).catch(() => undefined);
      throw error;
    }
  }

  /** Deletes stored bytes (and their variants) that no row points at any more. */
  async function removeStoredIfUnused(key: string, hash?: string) {
    const [{ users } = { users: 0 }] = await db
      .select({ users: count() })
      .from(media)
      .where(eq(media.path, key));
    if (users > 0) return;
    await storage.delete(key);
    if (hash)
      for (const size of Object.keys(mediaSizes) as (keyof typeof mediaSizes)[])
        for (const format of ['avif', 'webp', 'jpeg', 'png'] as const)
          await storage.delete(variantKey(hash, size, format));
  }

  async function storeAll(
    ctx: RequestContext,
    files: UploadedFile[],
    options: { folderId: number | null; fromPublic: boolean },
  ) {
    const stored: MediaItem[] = [];
    const failed: FileFailure[] = [];
    // One at a time: sharp and the storage get one file each, and a request holds at most one in work.
    for (const file of files) {
      const result = await storeOne(ctx, file, options);
      if ('row' in result) stored.push(view(ctx, result.row));
      else failed.push(result.failure);
    }
    return { stored, failed };
  }

  /**
   * One object PUT to an upload address: its size from a HEAD and its type from its first bytes
   * (a ranged read) refuse a wrong file before it is read whole; then it is checked and stored like
   * an upload (storeOne), which reads the image's dimensions and gives the file its final key.
   */
  async function addOneFromBucket(
    ctx: RequestContext,
    file: { key: string; name: string },
    options: { folderId: number | null; fromPublic: boolean },
  ): Promise<{ row: Row } | { failure: FileFailure }> {
    const name = file.name.slice(0, 255) || 'file';
    const info = await storage.head(file.key);
    if (!info)
      return { failure: { name, code: 'NOT_UPLOADED', message: 'Nothing was uploaded to this address.' } };
    if (info.size === 0) return { failure: refusal.empty(name) };
    if (info.size > maxFileBytes) return { failure: refusal.size(name, maxFileBytes) };
    const start = await storage.readStart(file.key, SNIFF_BYTES);
    if (!start)
      return { failure: { name, code: 'NOT_UPLOADED', message: 'Nothing was uploaded to this address.' } };
    if (!mayBeAcceptedType(start, name, info.size <= SNIFF_BYTES)) return { failure: refusal.type(name) };
    const object = await storage.get(file.key);
    if (!object)
      return { failure: { name, code: 'NOT_UPLOADED', message: 'Nothing was uploaded to this address.' } };
    const bytes = Buffer.concat(await object.body.toArray());
    return storeOne(ctx, { name, bytes }, options);
  }

  /** The resizer's first variant, so the library's list shows the new file without waiting for it. */
  async function renderThumbnail(row: Row, box: { width: number; height: number } | undefined) {
    await resizer
      .variant(row, THUMBNAIL_SIZE, 'webp', box ?? mediaSizes[THUMBNAIL_SIZE])
      .then((file) => file?.body.destroy())
      .catch((error: unknown) => logger.warn({ err: error, key: row.path }, 'thumbnail not rendered'));
  }

  /** Texts for languages the site does not have are a 400 on that language. */
  function checkLanguages(ctx: RequestContext, translations: Record<string, unknown> | undefined) {
    const languages = new Set(ctx.site.languages.map((language) => language.code2));
    for (const language of Object.keys(translations ?? {}))
      if (!languages.has(language))
        throw badRequest(`The site has no language "${language}".`, `translations.${language}`);
  }

  /** A row's texts per language with the given ones merged in, field by field. */
  function mergeTexts(
    ctx: RequestContext,
    row: Row,
    translations: Record<string, Partial<MediaText>> | undefined,
  ): Record<string, MediaText> {
    const texts: Record<string, MediaText> = { ...row.texts };
    texts[ctx.site.defaultLanguage] ??= { title: row.title, description: '', alt: row.description };
    for (const [language, text] of Object.entries(translations ?? {})) {
      const before = texts[language] ?? { title: '', description: '', alt: '' };
      texts[language] = {
        title: text.title ?? before.title,
        description: text.description ?? before.description,
        alt: text.alt ?? before.alt,
      };
    }
    return texts;
  }

  return {
    async upload(ctx: RequestContext, files: UploadedFile[], folderId: number | null | undefined) {
      await requireBackofficeUser(db, ctx);
      if (files.length === 0) throw badRequest('Choose at least one file.', 'file');
      if (files.length > MAX_FILES_PER_UPLOAD)
        throw badRequest(`At most ${MAX_FILES_PER_UPLOAD} files at once.`, 'file');
      const folder = await folderOf(ctx, folderId);
      return storeAll(ctx, files, { folderId: folder, fromPublic: false });
    },

    async filter(
      ctx: RequestContext,
      input: {
        query?: string | undefined;
        folderId?: number | null | undefined;
        kind?: 'image' | 'document' | undefined;
        page: number;
        limit: number;
      },
    ) {
      await requireBackofficeUser(db, ctx);
      const conditions: SQL[] = [eq(media.siteId, ctx.site.id)];
      if (input.folderId !== undefined)
        conditions.push(
          input.folderId === null ? isNull(media.folderId) : eq(media.folderId, input.folderId),
        );
      if (input.kind === 'image')
        conditions.push(inArray(media.mime, ['image/jpeg', 'image/png', 'image/webp', 'image/avif']));
      if (input.kind === 'document')
        conditions.push(sql`${media.mime} not in ('image/jpeg', 'image/png', 'image/webp', 'image/avif')`);
      const text = input.query?.trim();
      if (text) {
        const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(media.title, pattern),
            ilike(media.originalName, pattern),
            ilike(media.description, pattern),
            sql`${media.texts}::text ilike ${pattern}`,
          )!,
        );
      }
      const where = and(...conditions);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(media).where(where);
      const rows = await db
        .select()
        .from(media)
        .where(where)
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(input.limit)
        .offset((input.page - 1) * input.limit);
      return {
        records: rows.map((row) => view(ctx, row)),
        totalRecords: total,
        totalPages: Math.max(1, Math.ceil(total / input.limit)),
        page: input.page,
        limit: input.limit,
        limits: {
          maxFiles: MAX_FILES_PER_UPLOAD,
          maxPublicFiles: MAX_FILES_PER_PUBLIC_UPLOAD,
          maxFileBytes,
        },
      };
    },

    async get(ctx: RequestContext, id: number) {
      await requireBackofficeUser(db, ctx);
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.siteId, ctx.site.id), eq(media.id, id)));
      if (!row) throw notFound('No such file.');
      return view(ctx, row);
    },

    async update(
      ctx: RequestContext,
      id: number,
      input: {
        translations?: Record<string, Partial<MediaText>> | undefined;
        folderId?: number | null | undefined;
      },
    ) {
      await requireBackofficeUser(db, ctx);
      checkLanguages(ctx, input.translations);
      const folderId = input.folderId === undefined ? undefined : await folderOf(ctx, input.folderId);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(media)
          .where(and(eq(media.siteId, ctx.site.id), eq(media.id, id)))
          .for('update');
        if (!row) throw notFound('No such file.');
        const texts = mergeTexts(ctx, row, input.translations);
        const main = texts[ctx.site.defaultLanguage]!;
        const [updated] = await tx
          .update(media)
          .set({
            texts,
            title: main.title || row.title,
            description: main.alt,
            ...(folderId === undefined ? {} : { folderId }),
          })
          .where(eq(media.id, row.id))
          .returning();
        return view(ctx, updated!);
      });
    },

    /**
     * media/create {driveId}: a public entry for a file already in the drive, sharing its stored
     * bytes (deleting either entry keeps them while the other uses them). A visitor's upload is
     * published this way after the back office has looked at it; its own entry stays private.
     */
    async createFromDrive(
      ctx: RequestContext,
      input: {
        driveId: number;
        folderId?: number | null | undefined;
        translations?: Record<string, Partial<MediaText>> | undefined;
      },
    ) {
      await requireBackofficeUser(db, ctx);
      checkLanguages(ctx, input.translations);
      const [source] = await db
        .select()
        .from(media)
        .where(and(eq(media.siteId, ctx.site.id), eq(media.id, input.driveId)));
      if (!source) throw badRequest('No such file in the drive of this site.', 'driveId');
      const folderId = input.folderId === undefined ? source.folderId : await folderOf(ctx, input.folderId);
      const texts = mergeTexts(ctx, source, input.translations);
      const main = texts[ctx.site.defaultLanguage]!;
      const [row] = await db
        .insert(media)
        .values({
          siteId: ctx.site.id,
          path: source.path,
          title: main.title || source.title,
          description: main.alt,
          texts,
          folderId,
          mime: source.mime,
          extension: source.extension,
          width: source.width,
          height: source.height,
          size: source.size,
          hash: source.hash,
          access: 'public',
          originalName: source.originalName,
          fromPublic: false,
        })
        .returning();
      return view(ctx, row!);
    },

    /** Deletes the row; the stored bytes and variants go too when no other row uses them. */ /** Deletes the row; the stored bytes and variants go too when no other row uses them. */
    async remove(ctx: RequestContext, id: number) {
      await requireBackofficeUser(db, ctx);
      const [row] = await db
        .delete(media)
        .where(and(eq(media.siteId, ctx.site.id), eq(media.id, id)))
        .returning();
      if (!row) throw notFound('No such file.');
      await removeStoredIfUnused(row.path, row.hash).catch((error: unknown) => {
        // The row is gone, so nothing shows the file; bytes left behind are only space.
        logger.warn({ err: error, key: row.path }, 'deleted file left in the storage');
      });
      return { id: row.id, deleted: true as const };
    },

    async folders(ctx: RequestContext) {
      await requireBackofficeUser(db, ctx);
      const rows = await db
        .select({
          id: mediaFolders.id,
          parentId: mediaFolders.parentId,
          name: mediaFolders.name,
          files: sql<number>`(select count(*)::int from media where media.folder_id = media_folders.id)`,
        })
        .from(mediaFolders)
        .where(eq(mediaFolders.siteId, ctx.site.id))
        .orderBy(mediaFolders.name, mediaFolders.id);
      return { records: rows.map((row) => ({ ...row, files: Number(row.files) })) };
    },

    async createFolder(ctx: RequestContext, input: { name: string; parentId?: number | null | undefined }) {
      await requireBackofficeUser(db, ctx);
      const parentId = await folderOf(ctx, input.parentId, 'parentId');
      const [row] = await db
        .insert(mediaFolders)
        .values({ siteId: ctx.site.id, parentId, name: input.name })
        .returning({ id: mediaFolders.id, parentId: mediaFolders.parentId, name: mediaFolders.name });
      return { ...row!, files: 0 };
    },

    /** Moves files into a folder (null: the top level). */
    async move(ctx: RequestContext, input: { ids: number[]; folderId: number | null }) {
      await requireBackofficeUser(db, ctx);
      const folderId = await folderOf(ctx, input.folderId);
      const moved = await db
        .update(media)
        .set({ folderId })
        .where(and(eq(media.siteId, ctx.site.id), inArray(media.id, input.ids)))
        .returning({ id: media.id });
      return { moved: moved.length };
    },

    /**
     * Deletes folders. What a folder holds (files and folders) moves up to its parent, so deleting a
     * folder never deletes a file that a page still shows.
     */
    async deleteFolders(ctx: RequestContext, targetIds: number[]) {
      await requireBackofficeUser(db, ctx);
      return db.transaction(async (tx) => {
        const targets = await tx
          .select({ id: mediaFolders.id, parentId: mediaFolders.parentId })
          .from(mediaFolders)
          .where(and(eq(mediaFolders.siteId, ctx.site.id), inArray(mediaFolders.id, targetIds)))
          .for('update');
        if (targets.length === 0) throw notFound('No such folder.');
        const deleted = new Set(targets.map((target) => target.id));
        /** The nearest ancestor that stays. */
        const parents = new Map(targets.map((target) => [target.id, target.parentId]));
        const keptParent = (id: number): number | null => {
          let parent = parents.get(id) ?? null;
          for (let hops = 0; parent !== null && deleted.has(parent) && hops < 1000; hops++)
            parent = parents.get(parent) ?? null;
          return parent;
        };
        for (const target of targets) {
          const destination = keptParent(target.id);
          await tx
            .update(media)
            .set({ folderId: destination })
            .where(and(eq(media.siteId, ctx.site.id), eq(media.folderId, target.id)));
          await tx
            .update(mediaFolders)
            .set({ parentId: destination })
            .where(and(eq(mediaFolders.parentId, target.id), sql`${mediaFolders.id} not in ${[...deleted]}`));
        }
        await tx.delete(mediaFolders).where(inArray(mediaFolders.id, [...deleted]));
        return { deleted: [...deleted] };
      });
    },

    /**
     * Addresses to PUT files to before adding them (file/addFromBucket). Each names a fresh key under
     * `incoming/`, the largest size allowed and an expiry, signed by the server.
     */
    async uploadUrls(
      ctx: RequestContext,
      files: { name: string; size: number }[],
      options: { public: boolean },
    ) {
      if (!options.public) await requireBackofficeUser(db, ctx);
      const max = options.public ? MAX_FILES_PER_PUBLIC_UPLOAD : MAX_FILES_PER_UPLOAD;
      if (files.length > max) throw badRequest(`At most ${max} files at once.`, 'files');
      for (const [index, file] of files.entries())
        if (file.size > maxFileBytes)
          throw badRequest(`The file is larger than ${maxFileBytes} bytes.`, `files.${index}.size`);
      const now = new Date();
      const expires = Math.floor(now.getTime() / 1000) + UPLOAD_URL_TTL_SECONDS;
      const presignPut = storage.presignPut?.bind(storage);
      const key = presignPut ? undefined : await signingKey();
      const records = [];
      for (const file of files) {
        const objectKey = `${INCOMING_PREFIX}/${ctx.site.id}/${randomUUID()}`;
        let url: string;
        if (presignPut) {
          // Straight into the bucket: the bytes never pass through the shop's processes.
          try {
            url = await presignPut(objectKey, {
              size: file.size,
              expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
              signingDate: now,
            });
          } catch (error) {
            logger.warn({ err: error }, 'upload address not signed');
            throw storageDown();
          }
        } else {
          const payload = `${objectKey}.${file.size}.${expires}`;
          const signature = createHmac('sha256', key!).update(payload).digest('base64url');
          const token = Buffer.from(payload).toString('base64url');
          url = `/api${MEDIA_PUT_PATH_PREFIX}${token}.${signature}`;
        }
        records.push({
          name: file.name,
          key: objectKey,
          method: 'PUT' as const,
          url,
          expiresAt: new Date(expires * 1000).toISOString(),
        });
      }
      return records;
    },

    /** Checks a signed upload address; gives the key and the exact byte count it allows. */
    async verifyUploadToken(token: string): Promise<{ key: string; size: number } | undefined> {
      const [encoded, signature] = token.split('.');
      if (!encoded || !signature) return undefined;
      const payload = Buffer.from(encoded, 'base64url').toString();
      const expected = createHmac('sha256', await signingKey())
        .update(payload)
        .digest();
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const match = /^(incoming\/\d+\/[0-9a-f-]{36})\.(\d+)\.(\d+)$/.exec(payload);
      if (!match) return undefined;
      if (Number(match[3]) < Date.now() / 1000) return undefined;
      return { key: match[1]!, size: Number(match[2]) };
    },

    async putIncoming(key: string, bytes: Uint8Array) {
      try {
        await storage.put(key, bytes, { contentType: 'application/octet-stream' });
      } catch (error) {
        if (error instanceof StorageUnavailableError) throw storageDown();
        throw error;
      }
    },

    /**
     * Adds files PUT to upload addresses: each is read back, checked by content like an upload,
     * stored under its final key and its incoming copy removed (refused ones too).
     */
    async addFromBucket(
      ctx: RequestContext,
      files: { key: string; name: string }[],
      options: { public: boolean; folderId?: number | null | undefined },
    ) {
      if (!options.public) await requireBackofficeUser(db, ctx);
      const max = options.public ? MAX_FILES_PER_PUBLIC_UPLOAD : MAX_FILES_PER_UPLOAD;
      if (files.length > max) throw badRequest(`At most ${max} files at once.`, 'files');
      const folderId = options.public ? null : await folderOf(ctx, options.folderId);
      const prefix = `${INCOMING_PREFIX}/${ctx.site.id}/`;
      const stored: MediaItem[] = [];
      const failed: FileFailure[] = [];
      for (const [index, file] of files.entries())
        if (!file.key.startsWith(prefix) || !/^[0-9a-f-]{36}$/.test(file.key.slice(prefix.length)))
          throw badRequest('Not an upload address of this site.', `files.${index}.key`);
      const sizeBoxes = mediaSizeOverrides(await siteOption(ctx.site.id, MEDIA_OPTIONS_KEY));
      for (const file of files) {
        try {
          const result = await addOneFromBucket(ctx, file, { folderId, fromPublic: options.public });
          if ('row' in result) {
            stored.push(view(ctx, result.row));
            if (result.row.access === 'public' && imageFormatOf(result.row.mime))
              await renderThumbnail(result.row, sizeBoxes[THUMBNAIL_SIZE]);
          } else failed.push(result.failure);
        } catch (error) {
          if (!(error instanceof StorageUnavailableError)) throw error;
          failed.push(refusal.storage(file.name));
        } finally {
          // The incoming object goes whatever happened to it: kept, refused or unreadable.
          await storage.delete(file.key).catch(() => undefined);
        }
      }
      return { stored, failed };
    },
  };
}

export type MediaLibraryService = ReturnType<typeof createMediaLibraryService>;
