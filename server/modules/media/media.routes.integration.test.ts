import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitInside, mediaSizes, mediaUrl } from '../../../core/media.ts';
import { seedContent } from '../../db/seed/content-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { sites } from '../site/site.schema.ts';
import { users } from '../users/users.schema.ts';
import { media } from './media.schema.ts';

type Row = typeof media.$inferSelect;

let database: TestDatabase;
let dataDir: string;
let mediaDir: string;
let app: ReturnType<typeof createTestApp>['app'];
let cover: Row;
let logo: Row;
let pdf: Row;
let privateImage: Row;
let escaping: Row;
const API_KEY_ID = 1;
const OTHER_API_KEY_ID = 77;

const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());
const cacheFiles = () => fs.readdirSync(path.join(mediaDir, '.cache')).sort();

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-routes-'));
  mediaDir = path.join(dataDir, 'media');
  const db = database.db;
  await seedReferenceData(db);
  const { siteId } = await seedDemoSite(db);
  const [admin] = await db
    .insert(users)
    .values({ siteId, email: 'editor@media.test', scope: 'admin', isBackofficeUser: true })
    .returning({ id: users.id });
  // The directory the app reads: DATA_DIR/media.
  await seedContent(db, { siteId, storage: createLocalStorage(mediaDir), adminUserId: admin!.id });
  await db
    .insert(sites)
    .values({ name: 'Other', url: 'http://other.test', apiKeyToken: 'other', apiKeyId: 77 });

  const rows = await db.select().from(media).where(eq(media.siteId, siteId));
  cover = rows.find((row) => row.mime === 'image/jpeg' && row.width === 1280 && row.height === 720)!;
  logo = rows.find((row) => row.mime === 'image/png')!;

  const pdfBytes = Buffer.from('%PDF-1.4\n% media route test\n%%EOF\n');
  fs.writeFileSync(path.join(mediaDir, 'guide.pdf'), pdfBytes);
  const pdfHash = createHash('sha256').update(pdfBytes).digest('hex');
  const [pdfRow] = await db
    .insert(media)
    .values({
      siteId,
      path: 'guide.pdf',
      title: 'Vodič',
      mime: 'application/pdf',
      extension: 'pdf',
      size: pdfBytes.length,
      hash: pdfHash,
      originalName: 'vodič za roditelje.pdf',
    })
    .returning();
  const [privateRow] = await db
    .insert(media)
    .values({ ...cover, id: undefined, access: 'private' })
    .returning();
  // A file outside the media directory that a row must never reach.
  fs.writeFileSync(path.join(dataDir, 'secret.png'), fs.readFileSync(path.join(mediaDir, logo.path)));
  const [escapingRow] = await db
    .insert(media)
    .values({ ...logo, id: undefined, path: '../secret.png', hash: 'f'.repeat(64) })
    .returning();
  pdf = pdfRow!;
  privateImage = privateRow!;
  escaping = escapingRow!;

  ({ app } = createTestApp(database, { DATA_DIR: dataDir }));
}, 120_000);

afterAll(async () => {
  await database?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /media/{apiKeyId}/{id}/{size}/{title}.{extension}/{hash}', () => {
  it('serves the URL the API emits, resized inside the box, as avif when accepted', async () => {
    expect(cover && logo).toBeTruthy();
    const response = await get(mediaUrl(API_KEY_ID, cover), { accept: 'image/avif,image/webp,*/*' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/avif');
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(response);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    const meta = await sharp(body).metadata();
    expect(meta.format).toBe('heif');
    expect({ width: meta.width, height: meta.height }).toEqual(
      fitInside({ width: 1280, height: 720 }, mediaSizes.MediumSize),
    );
    expect(cacheFiles()).toContain(`${cover.hash}-MediumSize.avif`);
  });

  it('negotiates webp, then the original format, with the size name in any case', async () => {
    const url = `/media/${API_KEY_ID}/${cover.id}/smallsize/anything-at-all.jpg/${cover.hash}`;
    const webp = await get(url, { accept: 'image/webp,image/*' });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    const webpMeta = await sharp(await bytes(webp)).metadata();
    expect([webpMeta.format, webpMeta.width, webpMeta.height]).toEqual(['webp', 320, 180]);

    const jpeg = await get(url, { accept: '*/*' });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    const jpegMeta = await sharp(await bytes(jpeg)).metadata();
    expect([jpegMeta.format, jpegMeta.width, jpegMeta.height]).toEqual(['jpeg', 320, 180]);
    expect(jpeg.headers.get('etag')).not.toBe(webp.headers.get('etag'));

    const png = await get(mediaUrl(API_KEY_ID, logo, 'LogoSize'));
    expect(png.headers.get('content-type')).toBe('image/png');
    const pngMeta = await sharp(await bytes(png)).metadata();
    expect({ format: pngMeta.format, width: pngMeta.width, height: pngMeta.height }).toEqual({
      format: 'png',
      ...fitInside({ width: logo.width!, height: logo.height! }, mediaSizes.LogoSize),
    });
  });

  it('serves ShareSize at exactly 1200×630 for link previews, cropping a wide image and enlarging a small one', async () => {
    for (const item of [cover, logo]) {
      const response = await get(mediaUrl(API_KEY_ID, item, 'ShareSize'), { accept: '*/*' });
      expect(response.status).toBe(200);
      const meta = await sharp(await bytes(response)).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual({ width: 1200, height: 630 });
    }
    expect(logo.width! < 1200 || logo.height! < 630).toBe(true);
  });

  it('caches for an hour without a hash and redirects a stale hash to the current URL', async () => {
    const withoutHash = await get(`/media/${API_KEY_ID}/${cover.id}/ThumbnailSize/x.jpg`);
    expect(withoutHash.status).toBe(200);
    expect(withoutHash.headers.get('cache-control')).toBe('public, max-age=3600');
    const thumbnail = await sharp(await bytes(withoutHash)).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([50, 28]);

    const stale = await get(`/media/${API_KEY_ID}/${cover.id}/largesize/x.jpg/${'0'.repeat(64)}`);
    expect(stale.status).toBe(301);
    expect(stale.headers.get('location')).toBe(mediaUrl(API_KEY_ID, cover, 'LargeSize'));
  });

  it('answers 304 to a matching If-None-Match and renders each variant once', async () => {
    const url = mediaUrl(API_KEY_ID, cover, 'LargeSize');
    const first = await get(url, { accept: 'image/webp' });
    const etag = first.headers.get('etag')!;
    expect(etag).toContain(cover.hash);
    const cached = path.join(mediaDir, '.cache', `${cover.hash}-LargeSize.webp`);
    const renderedAt = fs.statSync(cached).mtimeMs;

    const again = await get(url, { accept: 'image/webp', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);

    const other = await get(url, { accept: 'image/webp', 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
    expect(await bytes(other)).toEqual(fs.readFileSync(cached));
    expect(fs.statSync(cached).mtimeMs).toBe(renderedAt);
  });

  it('serves simultaneous first requests the same complete file and leaves no temporary files', async () => {
    const url = mediaUrl(API_KEY_ID, logo, 'SmallSize');
    const responses = await Promise.all([1, 2, 3, 4].map(() => get(url, { accept: 'image/avif' })));
    const bodies = await Promise.all(responses.map(bytes));
    const cached = fs.readFileSync(path.join(mediaDir, '.cache', `${logo.hash}-SmallSize.avif`));
    for (const body of bodies) expect(body).toEqual(cached);
    expect(cacheFiles().filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('renders a variant again when it is missing from the storage', async () => {
    const url = mediaUrl(API_KEY_ID, cover, 'SmallSize');
    const first = await bytes(await get(url, { accept: 'image/webp' }));
    const cached = path.join(mediaDir, '.cache', `${cover.hash}-SmallSize.webp`);
    fs.rmSync(cached);
    const again = await get(url, { accept: 'image/webp' });
    expect(again.status).toBe(200);
    expect(await bytes(again)).toEqual(first);
    expect(fs.readFileSync(cached)).toEqual(first);
  });

  it('serves the original bytes for size "original"', async () => {
    const response = await get(mediaUrl(API_KEY_ID, cover, 'original'), { accept: 'image/avif' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(await bytes(response)).toEqual(fs.readFileSync(path.join(mediaDir, cover.path)));
  });

  it('serves other files as they are, inline, with their mime type', async () => {
    const response = await get(mediaUrl(API_KEY_ID, pdf));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename=/);
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent('vodič'));
    expect(await bytes(response)).toEqual(fs.readFileSync(path.join(mediaDir, 'guide.pdf')));
  });

  it('answers 404 for an unknown id, another site, a private file or a non-numeric id', async () => {
    const urls = [
      mediaUrl(API_KEY_ID, { ...cover, id: 999_999 }),
      mediaUrl(OTHER_API_KEY_ID, cover),
      mediaUrl(999, cover),
      mediaUrl(API_KEY_ID, privateImage),
      mediaUrl(API_KEY_ID, escaping),
      mediaUrl(API_KEY_ID, escaping, 'SmallSize'),
      `/media/${API_KEY_ID}/abc/MediumSize/x.jpg`,
    ];
    for (const url of urls) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect((await response.json()).error.code).toBe('NOT_FOUND');
    }
  });

  it('answers 400 naming the size for an unknown size', async () => {
    const response = await get(`/media/${API_KEY_ID}/${cover.id}/HugeSize/x.jpg/${cover.hash}`);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.statusCode).toBe(400);
    expect(body.error.payload.field).toBe('size');
  });

  it('uses the title segment for nothing, not even a file path', async () => {
    const response = await get(`/media/${API_KEY_ID}/${cover.id}/ThumbnailSize/..%2F..%2Fetc%2Fpasswd`);
    expect(response.status).toBe(200);
    expect((await sharp(await bytes(response)).metadata()).width).toBe(50);
  });
});
