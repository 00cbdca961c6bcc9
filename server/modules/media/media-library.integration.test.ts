import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { type S3TestServer, startS3TestServer } from '../../testing/s3-test-server.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { languages, siteLanguages, siteOptions } from '../site/site.schema.ts';
import { invalidateSiteContent } from '../site/site.service.ts';
import { users } from '../users/users.schema.ts';
import { media, mediaFolders } from './media.schema.ts';
import { variantKey } from './media.service.ts';
import { storedZip } from './test-files.ts';

type Who = 'editor' | 'customer' | null;

const image = (format: 'png' | 'jpeg' | 'webp' | 'avif', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#1e7a6d' } })
    .toFormat(format)
    .toBuffer();

/** The same suite on the local store and on an S3-compatible server started here. */
describe.each(['local', 's3'] as const)('media library on %s storage', (kind) => {
  let database: TestDatabase;
  let t: ReturnType<typeof createTestApp>;
  let dataDir = '';
  let s3: S3TestServer | undefined;
  let siteId = 0;
  const tokens = { editor: '', customer: '' };

  const headers = (who: Who, extra: Record<string, string> = {}) => ({
    language: 'en',
    ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
    ...extra,
  });
  const call = (who: Who, method: string, url: string, body?: unknown) =>
    t.json(url, {
      method,
      headers: { 'content-type': 'application/json', ...headers(who) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const upload = (
    who: Who,
    files: [name: string, bytes: Uint8Array, type?: string][],
    fields: Record<string, string> = {},
  ) => {
    const form = new FormData();
    for (const [name, bytes, type] of files)
      form.append('file', new File([Buffer.from(bytes)], name, { type: type ?? 'application/octet-stream' }));
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return t.json('/api/v2/cms/media/upload', { method: 'POST', headers: headers(who), body: form });
  };
  /** PUTs to an upload address: the shop's own (local store) or the bucket's presigned one (S3). */
  const put = (url: string, body: Uint8Array) =>
    url.startsWith('/')
      ? t.app.request(url, { method: 'PUT', body: Buffer.from(body) })
      : fetch(url, { method: 'PUT', body: Buffer.from(body) });
  /** The stored object's bytes, from wherever this suite stores files. */
  const storedBytes = async (key: string) => {
    if (s3) return s3.read(key);
    const file = path.join(dataDir, 'media', key);
    return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
  };
  const storedKeys = async () => {
    if (s3) return (await s3.keys()).filter((key) => !key.startsWith('.cache/'));
    const root = path.join(dataDir, 'media');
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[])
      .map((entry) => entry.split(path.sep).join('/'))
      .filter((entry) => !entry.startsWith('.cache') && fs.statSync(path.join(root, entry)).isFile())
      .sort();
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-library-'));
    await seedReferenceData(database.db);
    ({ siteId } = await seedDemoSite(database.db));
    const created = await database.db
      .insert(users)
      .values([
        { siteId, email: 'editor@media.test', scope: 'admin', isBackofficeUser: true },
        { siteId, email: 'kupac@media.test', scope: 'customer' },
      ])
      .returning();
    if (kind === 's3') s3 = await startS3TestServer();
    t = createTestApp(database, { DATA_DIR: dataDir, RATE_LIMIT_WRITES_PER_MINUTE: '0', ...(s3?.env ?? {}) });
    tokens.editor = (await t.services.sessions.start(created[0]!)).accessToken;
    tokens.customer = (await t.services.sessions.start(created[1]!)).accessToken;
  }, 120_000);

  afterAll(async () => {
    await database?.destroy();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('uploads several files at once, checked by content; refused ones are named with the reason, the others stored', async () => {
    const png = await image('png');
    const jpeg = await image('jpeg', 1600, 900);
    const pdf = Buffer.from('%PDF-1.4\n% test\n%%EOF\n');
    const docx = storedZip([
      ['[Content_Types].xml', '<Types/>'],
      ['word/document.xml', '<w:document/>'],
    ]);
    const before = await storedKeys();
    const response = await upload('editor', [
      ['logo.png', png, 'image/png'],
      ['more.jpeg', jpeg],
      ['guide.pdf', pdf],
      ['letter.docx', docx],
      ['cat.png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
      [
        'icon.png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/png',
      ],
      ['run.jpg', Buffer.from('alert(document.cookie)'), 'image/jpeg'],
      ['empty.png', Buffer.alloc(0)],
    ]);
    expect(response.status).toBe(200);
    const { stored, failed } = response.body.data;
    expect(stored.map((item: { originalName: string }) => item.originalName)).toEqual([
      'logo.png',
      'more.jpeg',
      'guide.pdf',
      'letter.docx',
    ]);
    expect(stored.map((item: { mime: string }) => item.mime)).toEqual([
      'image/png',
      'image/jpeg',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ]);
    expect(stored[1]).toMatchObject({ kind: 'image', width: 1600, height: 900, extension: 'jpg' });
    expect(stored[2]).toMatchObject({ kind: 'document', thumbnailUrl: null, width: null });
    expect(failed).toEqual([
      { name: 'cat.png', code: 'UNSUPPORTED_TYPE', message: expect.any(String) },
      { name: 'icon.png', code: 'UNSUPPORTED_TYPE', message: expect.any(String) },
      { name: 'run.jpg', code: 'UNSUPPORTED_TYPE', message: expect.any(String) },
      { name: 'empty.png', code: 'EMPTY_FILE', message: expect.any(String) },
    ]);
    // Exactly the four accepted files reached the storage, byte for byte.
    const added = (await storedKeys()).filter((key) => !before.includes(key));
    expect(added).toHaveLength(4);
    const rows = await database.db.select().from(media).where(eq(media.siteId, siteId));
    expect(rows).toHaveLength(4);
    expect(await storedBytes(rows.find((row) => row.originalName === 'logo.png')!.path)).toEqual(png);

    // The stored image is served, resized, at the address the library gives.
    const served = await t.app.request(stored[1].url, { headers: { accept: 'image/webp' } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);
    const document = await t.app.request(stored[2].url);
    expect(Buffer.from(await document.arrayBuffer())).toEqual(pdf);
  });

  it('stores the exact bytes when the upload carries an Idempotency-Key, and replays a retry', async () => {
    const jpeg = await image('jpeg', 40, 30);
    const form = new FormData();
    form.append('file', new File([Buffer.from(jpeg)], 'retried.jpg'));
    // A retry sends the very same bytes (one multipart boundary).
    const encoded = new Response(form);
    const contentType = encoded.headers.get('content-type')!;
    const bytes = await encoded.arrayBuffer();
    const send = () =>
      t.json('/api/v2/cms/media/upload', {
        method: 'POST',
        headers: headers('editor', {
          'Idempotency-Key': `media-upload-${kind}-1`,
          'content-type': contentType,
        }),
        body: bytes,
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.body.data.failed).toEqual([]);
    const [row] = await database.db.select().from(media).where(eq(media.id, first.body.data.stored[0].id));
    expect(await storedBytes(row!.path)).toEqual(jpeg);
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.stored[0].id).toBe(first.body.data.stored[0].id);
  });

  it('refuses more than 20 files, and files over the size limit, and nothing is stored', async () => {
    const png = await image('png', 4, 4);
    const count = (await database.db.select().from(media)).length;
    const many = Array.from({ length: 21 }, (_, i) => [`f${i}.png`, png] as [string, Uint8Array]);
    const tooMany = await upload('editor', many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.payload.field).toMatch(/^(body\.)?file/);
    const big = createTestApp(database, {
      DATA_DIR: dataDir,
      MEDIA_MAX_FILE_BYTES: '2048',
      ...(s3?.env ?? {}),
    });
    const form = new FormData();
    form.append('file', new File([Buffer.from(await image('png', 400, 400))], 'big.png'));
    form.append('file', new File([Buffer.from(png)], 'small.png'));
    const response = await big.json('/api/v2/cms/media/upload', {
      method: 'POST',
      headers: headers('editor'),
      body: form,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.failed).toEqual([
      { name: 'big.png', code: 'FILE_TOO_LARGE', message: expect.any(String) },
    ]);
    expect(response.body.data.stored).toHaveLength(1);
    expect((await database.db.select().from(media)).length).toBe(count + 1);
  });

  it('searches and pages the library, by folder and kind', async () => {
    const page = await call('editor', 'POST', '/api/v1/cms/media/filterStandard', { query: 'guide' });
    expect(page.status).toBe(200);
    expect(page.body.data.records.map((item: { originalName: string }) => item.originalName)).toEqual([
      'guide.pdf',
    ]);
    const images = await call('editor', 'POST', '/api/v1/cms/media/filterStandard', {
      kind: 'image',
      limit: 2,
    });
    expect(images.body.data).toMatchObject({ totalRecords: 4, totalPages: 2, page: 1, limit: 2 });
    expect(images.body.data.records.every((item: { kind: string }) => item.kind === 'image')).toBe(true);
    const wildcard = await call('editor', 'POST', '/api/v1/cms/media/filterStandard', { query: '%' });
    expect(wildcard.body.data.records).toEqual([]);
    const bad = await call('editor', 'POST', '/api/v1/cms/media/filterStandard', { limit: 1000 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.payload.field).toContain('limit');
  });

  it('edits title, description and alt text per language; the default language is what pages use', async () => {
    const [row] = await database.db.select().from(media).where(eq(media.originalName, 'more.jpeg'));
    const response = await call('editor', 'PATCH', `/api/v1/cms/media/update/${row!.id}`, {
      translations: {
        hr: { title: 'Učionica', alt: 'Djeca u učionici' },
        en: { title: 'Classroom', alt: 'Children in a classroom', description: 'Spring term' },
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.title).toBe('Classroom');
    expect(response.body.data.texts.en).toEqual({
      title: 'Classroom',
      alt: 'Children in a classroom',
      description: 'Spring term',
    });
    expect(response.body.data.texts.hr).toMatchObject({ title: 'Učionica', alt: 'Djeca u učionici' });
    const [after] = await database.db.select().from(media).where(eq(media.id, row!.id));
    expect([after!.title, after!.description]).toEqual(['Učionica', 'Djeca u učionici']);
    const found = await call('editor', 'POST', '/api/v1/cms/media/filterStandard', { query: 'classroom' });
    expect(found.body.data.records.map((item: { id: number }) => item.id)).toEqual([row!.id]);

    const unknownLanguage = await call('editor', 'PATCH', `/api/v1/cms/media/update/${row!.id}`, {
      translations: { fr: { title: 'Salle' } },
    });
    expect(unknownLanguage.status).toBe(400);
    const control = await call('editor', 'PATCH', `/api/v1/cms/media/update/${row!.id}`, {
      translations: { en: { alt: 'a\u0000b' } },
    });
    expect(control.status).toBe(400);
    expect(control.body.error.payload.field ?? control.body.error.payload.issues?.[0]?.field).toContain(
      'alt',
    );
    const missing = await call('editor', 'PATCH', '/api/v1/cms/media/update/999999', { translations: {} });
    expect(missing.status).toBe(404);
  });

  it('creates folders, moves files into them, lists by folder and deletes a folder keeping its files', async () => {
    const parent = await call('editor', 'POST', '/api/v1/cms/directoryItem/create', { name: 'Events' });
    expect(parent.status).toBe(200);
    const child = await call('editor', 'POST', '/api/v1/cms/directoryItem/create', {
      name: '2026',
      parentId: parent.body.data.id,
    });
    expect(child.body.data).toMatchObject({ name: '2026', parentId: parent.body.data.id, files: 0 });
    const [row] = await database.db.select().from(media).where(eq(media.originalName, 'logo.png'));
    const moved = await call('editor', 'POST', '/api/v1/cms/directoryItem/move', {
      ids: [row!.id],
      folderId: child.body.data.id,
    });
    expect(moved.body.data).toEqual({ moved: 1 });
    const inFolder = await call('editor', 'POST', '/api/v1/cms/media/filterStandard', {
      folderId: child.body.data.id,
    });
    expect(inFolder.body.data.records.map((item: { id: number }) => item.id)).toEqual([row!.id]);
    const folders = await call('editor', 'GET', '/api/v1/cms/directoryItem/filter');
    expect(folders.body.data.records.find((f: { id: number }) => f.id === child.body.data.id).files).toBe(1);

    const noFolder = await call('editor', 'POST', '/api/v1/cms/directoryItem/move', {
      ids: [row!.id],
      folderId: 999999,
    });
    expect(noFolder.status).toBe(400);
    expect(noFolder.body.error.payload.field).toBe('folderId');

    const deleted = await call('editor', 'DELETE', '/api/v1/cms/directoryItem/delete', {
      targetIds: [child.body.data.id],
    });
    expect(deleted.body.data).toEqual({ deleted: [child.body.data.id] });
    const [after] = await database.db.select().from(media).where(eq(media.id, row!.id));
    expect(after!.folderId).toBe(parent.body.data.id);
    expect(
      await database.db.select().from(mediaFolders).where(eq(mediaFolders.id, child.body.data.id)),
    ).toEqual([]);
  });

  it('deletes a file: its row, its stored bytes and its address', async () => {
    const png = await image('png', 30, 30);
    const { body } = await upload('editor', [['doomed.png', png]]);
    const item = body.data.stored[0];
    const [row] = await database.db.select().from(media).where(eq(media.id, item.id));
    expect(await storedBytes(row!.path)).toEqual(png);
    expect((await t.app.request(item.thumbnailUrl)).status).toBe(200);
    const response = await call('editor', 'DELETE', `/api/v1/cms/media/delete/${item.id}`);
    expect(response.body.data).toEqual({ id: item.id, deleted: true });
    expect(await storedBytes(row!.path)).toBeUndefined();
    expect((await t.app.request(item.url)).status).toBe(404);
    expect((await call('editor', 'DELETE', `/api/v1/cms/media/delete/${item.id}`)).status).toBe(404);
  });

  it('adds files through signed upload addresses (file/getUploadUrl, file/addFromBucket)', async () => {
    const webp = await image('webp', 20, 10);
    const fake = Buffer.from('<svg onload="alert(1)"/>');
    const urls = await call('editor', 'POST', '/api/v1/cms/file/getUploadUrl', {
      files: [
        { name: 'banner.webp', size: webp.length },
        { name: 'fake.webp', size: fake.length },
      ],
    });
    expect(urls.status).toBe(200);
    const [first, second] = urls.body.data.records;
    // The signature holds the size: the shop answers 400, the bucket refuses the signature.
    const wrongSize = await put(first.url, Buffer.concat([webp, webp]));
    expect(wrongSize.status).toBe(kind === 's3' ? 403 : 400);
    const forged = await put(`${first.url.slice(0, -4)}AAAA`, webp);
    expect(forged.status).toBe(403);
    expect((await put(first.url, webp)).status).toBe(200);
    expect((await put(second.url, fake)).status).toBe(200);
    const added = await call('editor', 'POST', '/api/v1/cms/file/addFromBucket', {
      files: [
        { key: first.key, name: 'banner.webp' },
        { key: second.key, name: 'fake.webp' },
      ],
    });
    expect(added.status).toBe(200);
    expect(added.body.data.stored.map((item: { mime: string }) => item.mime)).toEqual(['image/webp']);
    expect(added.body.data.failed).toEqual([
      { name: 'fake.webp', code: 'UNSUPPORTED_TYPE', message: expect.any(String) },
    ]);
    // Neither upload stays under incoming/.
    expect((await storedKeys()).filter((key) => key.includes('incoming/'))).toEqual([]);
    const single = await call('editor', 'POST', '/api/v1/cms/file/addFromBucket', {
      key: 'incoming/1/../../x',
      name: 'x',
    });
    expect(single.status).toBe(400);
  });

  it('lets a visitor upload at most 10 files publicly; they are kept private', async () => {
    const png = await image('png', 5, 5);
    const tooMany = await call(null, 'POST', '/api/v1/cms/file/getUploadUrl', {
      public: true,
      files: Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.png`, size: png.length })),
    });
    expect(tooMany.status).toBe(400);
    const notPublic = await call(null, 'POST', '/api/v1/cms/file/getUploadUrl', {
      files: [{ name: 'a.png', size: png.length }],
    });
    expect(notPublic.status).toBe(401);
    const urls = await call(null, 'POST', '/api/v1/cms/file/getUploadUrl', {
      public: true,
      files: [{ name: 'attachment.png', size: png.length }],
    });
    const [target] = urls.body.data.records;
    expect((await put(target.url, png)).status).toBe(200);
    const added = await call(null, 'POST', '/api/v1/cms/file/addFromBucketPublic', {
      key: target.key,
      name: 'attachment.png',
    });
    expect(added.status).toBe(200);
    expect(added.body.data.stored[0]).toMatchObject({
      access: 'private',
      fromPublic: true,
      thumbnailUrl: null,
    });
    expect((await t.app.request(added.body.data.stored[0].url)).status).toBe(404);
  });

  it("resizes to the boxes of the site's media size options (option MediaOptions)", async () => {
    const { body } = await upload('editor', [['wide.png', await image('png', 900, 600)]]);
    const item = body.data.stored[0];
    const small = item.url.replace('/LargeSize/', '/SmallSize/');
    const before = await sharp(Buffer.from(await (await t.app.request(small)).arrayBuffer())).metadata();
    expect([before.width, before.height]).toEqual([320, 213]);
    await database.db
      .insert(siteOptions)
      .values({
        siteId,
        key: 'MediaOptions',
        value: [{ key: 'SmallSize', value: '150x150', autoResize: true }],
      })
      .onConflictDoUpdate({
        target: [siteOptions.siteId, siteOptions.key],
        set: { value: [{ key: 'SmallSize', value: '150x150', autoResize: true }] },
      });
    await invalidateSiteContent(t.cache, siteId);
    const after = await t.app.request(small);
    expect(after.headers.get('etag')).toContain('SmallSize-150x150');
    const meta = await sharp(Buffer.from(await after.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([150, 100]);
    await database.db.delete(siteOptions).where(eq(siteOptions.key, 'MediaOptions'));
    await invalidateSiteContent(t.cache, siteId);
  });

  it('signs upload addresses for the configured store: the bucket itself on S3, the shop on the local store', async () => {
    const png = await image('png', 6, 6);
    const urls = await call('editor', 'POST', '/api/v1/cms/file/getUploadUrl', {
      files: [{ name: 'direct.png', size: png.length }],
    });
    expect(urls.status).toBe(200);
    const [target] = urls.body.data.records;
    expect(target.key).toMatch(new RegExp(`^incoming/${siteId}/[0-9a-f-]{36}$`));
    if (s3) {
      const url = new URL(target.url);
      expect(url.origin).toBe(s3.endpoint);
      expect(url.pathname).toBe(`/${s3.bucket}/${target.key}`);
      expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
      expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    } else {
      expect(target.url).toMatch(/^\/api\/v1\/cms\/file\/put\//);
    }
    // Another key of the same bucket is not reachable with this signature.
    const elsewhere = target.url.replace(target.key, `${target.key.slice(0, -1)}0`);
    if (elsewhere !== target.url) expect((await put(elsewhere, png)).status).toBe(403);
    expect((await put(target.url, png)).status).toBe(200);
    expect(await storedBytes(target.key)).toEqual(png);
    const added = await call('editor', 'POST', '/api/v1/cms/file/addFromBucket', {
      key: target.key,
      name: 'direct.png',
    });
    expect(added.body.data.stored).toHaveLength(1);
    const [row] = await database.db.select().from(media).where(eq(media.id, added.body.data.stored[0].id));
    expect(await storedBytes(row!.path)).toEqual(png);
    // The resizer ran: the list's thumbnail is in the storage before anyone asked for it.
    expect(await storedBytes(variantKey(row!.hash, 'SmallSize', 'webp'))).toBeDefined();
    expect(await storedBytes(target.key)).toBeUndefined();
  });

  it('refuses an expired upload address', async () => {
    const png = await image('png', 4, 4);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 16 * 60 * 1000);
    let urls: Awaited<ReturnType<typeof call>>;
    try {
      urls = await call(null, 'POST', '/api/v1/cms/file/getUploadUrl', {
        public: true,
        files: [{ name: 'late.png', size: png.length }],
      });
    } finally {
      vi.useRealTimers();
    }
    expect(urls.status).toBe(200);
    const [target] = urls.body.data.records;
    expect(Date.parse(target.expiresAt)).toBeLessThan(Date.now());
    expect((await put(target.url, png)).status).toBe(403);
    expect(await storedBytes(target.key)).toBeUndefined();
  });

  it('refuses and deletes a bucket upload of a refused type or size, judged by its content', async () => {
    const before = await database.db.select({ id: media.id }).from(media);
    // 64 KiB of an executable's bytes named as a document: refused from its first bytes.
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(64 * 1024, 7)]);
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const urls = await call(null, 'POST', '/api/v1/cms/file/getUploadUrl', {
      public: true,
      files: [
        { name: 'report.pdf', size: exe.length },
        { name: 'photo.png', size: html.length },
      ],
    });
    const [first, second] = urls.body.data.records;
    expect((await put(first.url, exe)).status).toBe(200);
    expect((await put(second.url, html)).status).toBe(200);
    const added = await call(null, 'POST', '/api/v1/cms/file/addFromBucketPublic', {
      files: [
        { key: first.key, name: 'report.pdf' },
        { key: second.key, name: 'photo.png' },
      ],
    });
    expect(added.status).toBe(200);
    expect(added.body.data.stored).toEqual([]);
    expect(added.body.data.failed.map((failure: { code: string }) => failure.code)).toEqual([
      'UNSUPPORTED_TYPE',
      'UNSUPPORTED_TYPE',
    ]);
    expect(await storedBytes(first.key)).toBeUndefined();
    expect(await storedBytes(second.key)).toBeUndefined();
    expect(await database.db.select({ id: media.id }).from(media)).toEqual(before);
    // Sent again: nothing is there any more.
    const again = await call(null, 'POST', '/api/v1/cms/file/addFromBucketPublic', {
      key: first.key,
      name: 'report.pdf',
    });
    expect(again.body.data.failed).toEqual([
      { name: 'report.pdf', code: 'NOT_UPLOADED', message: expect.any(String) },
    ]);
  });

  it("holds the public upload to its limits: 10 files, the file size, this site's incoming keys", async () => {
    const limit = Number(t.config.MEDIA_MAX_FILE_BYTES);
    const tooLarge = await call(null, 'POST', '/api/v1/cms/file/getUploadUrl', {
      public: true,
      files: [
        { name: 'a.png', size: 10 },
        { name: 'huge.pdf', size: limit + 1 },
      ],
    });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error.payload.field).toBe('files.1.size');
    const key = (n: number) => `incoming/${siteId}/${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;
    const eleven = await call(null, 'POST', '/api/v1/cms/file/addFromBucketPublic', {
      files: Array.from({ length: 11 }, (_, n) => ({ key: key(n), name: `f${n}.png` })),
    });
    expect(eleven.status).toBe(400);
    const otherSite = await call(null, 'POST', '/api/v1/cms/file/addFromBucketPublic', {
      key: `incoming/${siteId + 1}/00000000-0000-4000-8000-000000000000`,
      name: 'x.png',
    });
    expect(otherSite.status).toBe(400);
    const stored = await call(null, 'POST', '/api/v1/cms/file/addFromBucketPublic', {
      key: 'media/2026/x.png',
      name: 'x.png',
    });
    expect(stored.status).toBe(400);
  });

  it('media/create {driveId} publishes a visitor upload as a new public entry on the same stored bytes', async () => {
    const png = await image('png', 12, 8);
    const urls = await call(null, 'POST', '/api/v1/cms/file/getUploadUrl', {
      public: true,
      files: [{ name: 'visitor.png', size: png.length }],
    });
    const [target] = urls.body.data.records;
    expect((await put(target.url, png)).status).toBe(200);
    const sent = await call(null, 'POST', '/api/v1/cms/file/addFromBucketPublic', {
      key: target.key,
      name: 'visitor.png',
    });
    const drive = sent.body.data.stored[0];
    expect(drive.access).toBe('private');
    const folder = await call('editor', 'POST', '/api/v1/cms/directoryItem/create', { name: 'Published' });

    const created = await call('editor', 'POST', '/api/v1/cms/media/create', {
      driveId: drive.id,
      folderId: folder.body.data.id,
      translations: { en: { alt: 'A green square' } },
    });
    expect(created.status).toBe(200);
    const entry = created.body.data;
    expect(entry).toMatchObject({
      access: 'public',
      fromPublic: false,
      folderId: folder.body.data.id,
      mime: 'image/png',
      width: 12,
      height: 8,
      originalName: 'visitor.png',
    });
    expect(entry.id).not.toBe(drive.id);
    expect(entry.texts.en.alt).toBe('A green square');
    expect(entry.texts.hr.title).toBe('visitor');
    const served = await t.app.request(entry.url.replace('/LargeSize/', '/original/'));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    // The visitor's entry stays private.
    expect((await t.app.request(drive.url)).status).toBe(404);
    const rows = await database.db
      .select()
      .from(media)
      .where(eq(media.hash, entry.url.split('/').pop()));
    expect(new Set(rows.map((row) => row.path)).size).toBe(1);

    // Either entry can go; the bytes stay while the other uses them.
    const [driveRow] = await database.db.select().from(media).where(eq(media.id, drive.id));
    expect((await call('editor', 'DELETE', `/api/v1/cms/media/delete/${drive.id}`)).status).toBe(200);
    expect(await storedBytes(driveRow!.path)).toEqual(png);
    expect((await t.app.request(entry.url)).status).toBe(200);
    expect((await call('editor', 'DELETE', `/api/v1/cms/media/delete/${entry.id}`)).status).toBe(200);
    expect(await storedBytes(driveRow!.path)).toBeUndefined();
  });

  it('media/create refuses a driveId, folder or language that is not this site’s, and creates nothing', async () => {
    const { body } = await upload('editor', [['source.png', await image('png', 3, 3)]]);
    const source = body.data.stored[0];
    const before = await database.db.select({ id: media.id }).from(media);
    const cases: [unknown, string][] = [
      [{ driveId: 999_999 }, 'driveId'],
      [{ driveId: source.id, folderId: 999_999 }, 'folderId'],
      [{ driveId: source.id, translations: { de: { title: 'Quelle' } } }, 'translations.de'],
    ];
    for (const [input, field] of cases) {
      const response = await call('editor', 'POST', '/api/v1/cms/media/create', input);
      expect(response.status, JSON.stringify(input)).toBe(400);
      expect(response.body.error.payload.field).toBe(field);
    }
    for (const input of [{}, { driveId: 'x' }, { driveId: source.id, extra: 1 }]) {
      const response = await call('editor', 'POST', '/api/v1/cms/media/create', input);
      expect(response.status, JSON.stringify(input)).toBe(400);
    }
    expect(await database.db.select({ id: media.id }).from(media)).toEqual(before);
  });

  it('keeps texts in every language of the site: German once the site has it', async () => {
    const { body } = await upload('editor', [['tri.png', await image('png', 5, 5)]]);
    const id = body.data.stored[0].id;
    const german = { title: 'Dreieck', alt: 'Ein grünes Dreieck', description: 'Beschreibung' };
    const before = await call('editor', 'PATCH', `/api/v1/cms/media/update/${id}`, {
      translations: { de: german },
    });
    expect(before.status).toBe(400);
    const [de] = await database.db.select().from(languages).where(eq(languages.code2, 'de'));
    await database.db
      .insert(siteLanguages)
      .values({ siteId, languageId: de!.id, position: 2, isDefault: false });
    try {
      // A fresh app: the site's languages are read once per process.
      const withGerman = createTestApp(database, { DATA_DIR: dataDir, ...(s3?.env ?? {}) });
      const saved = await withGerman.json(`/api/v1/cms/media/update/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...headers('editor') },
        body: JSON.stringify({ translations: { de: german } }),
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.texts.de).toEqual(german);
      expect(saved.body.data.texts.hr.title).toBe('tri');
    } finally {
      await database.db
        .delete(siteLanguages)
        .where(and(eq(siteLanguages.siteId, siteId), eq(siteLanguages.languageId, de!.id)));
    }
  });

  it('answers 401 to a visitor and 403 to a customer on every back-office media call', async () => {
    const [row] = await database.db.select().from(media).limit(1);
    const png = await image('png', 4, 4);
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/v1/cms/media/filterStandard', {}],
      ['GET', `/api/v1/cms/media/get/${row!.id}`],
      ['PATCH', `/api/v1/cms/media/update/${row!.id}`, { translations: { en: { alt: 'x' } } }],
      ['DELETE', `/api/v1/cms/media/delete/${row!.id}`],
      ['POST', '/api/v1/cms/media/create', { driveId: row!.id }],
      ['GET', '/api/v1/cms/directoryItem/filter'],
      ['POST', '/api/v1/cms/directoryItem/create', { name: 'x' }],
      ['POST', '/api/v1/cms/directoryItem/move', { ids: [row!.id], folderId: null }],
      ['DELETE', '/api/v1/cms/directoryItem/delete', { targetIds: [1] }],
      ['POST', '/api/v1/cms/file/getUploadUrl', { files: [{ name: 'a.png', size: 10 }] }],
      [
        'POST',
        '/api/v1/cms/file/addFromBucket',
        { key: `incoming/${siteId}/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`, name: 'a' },
      ],
    ];
    for (const [method, url, body] of calls) {
      expect((await call('customer', method, url, body)).status, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, body)).status, `${method} ${url}`).toBe(401);
    }
    expect((await upload('customer', [['a.png', png]])).status).toBe(403);
    expect((await upload(null, [['a.png', png]])).status).toBe(401);
    const [still] = await database.db.select().from(media).where(eq(media.id, row!.id));
    expect(still).toEqual(row);
  });
});
