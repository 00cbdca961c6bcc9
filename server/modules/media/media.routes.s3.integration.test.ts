import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitInside, mediaSizes, mediaUrl } from '../../../core/media.ts';
import { loadConfig } from '../../config.ts';
import { seedContent } from '../../db/seed/content-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createConfiguredStorage } from '../../storage/configured-storage.ts';
import { type S3TestServer, startS3TestServer } from '../../testing/s3-test-server.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { users } from '../users/users.schema.ts';
import { media } from './media.schema.ts';
import { variantKey } from './media.service.ts';

type Row = typeof media.$inferSelect;

const API_KEY_ID = 1;
let database: TestDatabase;
let s3: S3TestServer;
let dataDir: string;
let cover: Row;

/** A shop app on the bucket; each call is a separate "process" with its own in-memory state. */
const appOnS3 = (extra: Record<string, string> = {}) =>
  createTestApp(database, { DATA_DIR: dataDir, ...s3.env, ...extra }).app;
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

beforeAll(async () => {
  s3 = await startS3TestServer();
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-s3-'));
  const db = database.db;
  await seedReferenceData(db);
  const { siteId } = await seedDemoSite(db);
  const [admin] = await db
    .insert(users)
    .values({ siteId, email: 'editor@media-s3.test', scope: 'admin', isBackofficeUser: true })
    .returning({ id: users.id });
  // Seeding is not under test: a generous bound, so that a busy machine does not fail the file here.
  const storage = createConfiguredStorage(
    loadConfig({ DATA_DIR: dataDir, ...s3.env, S3_TIMEOUT_MS: '30000' }),
  );
  await seedContent(db, { siteId, storage, adminUserId: admin!.id });
  storage.close();
  const rows = await db.select().from(media).where(eq(media.siteId, siteId));
  cover = rows.find((row) => row.mime === 'image/jpeg' && row.width === 1280 && row.height === 720)!;
}, 120_000);

afterAll(async () => {
  await database?.destroy();
  await s3?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('media routes on S3 storage', () => {
  it('keeps the seeded images in the bucket and nothing in the data directory', async () => {
    expect(cover).toBeTruthy();
    expect(await s3.keys()).toContain(cover.path);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('serves an original from the bucket', async () => {
    const response = await appOnS3().request(mediaUrl(API_KEY_ID, cover, 'original'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const body = await bytes(response);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body).toEqual(await s3.read(cover.path));
  });

  it('renders a variant once, stores it in the bucket, and another process serves the stored one', async () => {
    const url = mediaUrl(API_KEY_ID, cover, 'MediumSize');
    const key = variantKey(cover.hash, 'MediumSize', 'webp');
    expect(await s3.read(key)).toBeUndefined();

    const first = await appOnS3().request(url, { headers: { accept: 'image/webp' } });
    expect(first.status).toBe(200);
    const rendered = await bytes(first);
    const meta = await sharp(rendered).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      ...fitInside({ width: cover.width!, height: cover.height! }, mediaSizes.MediumSize),
    });
    expect(await s3.read(key)).toEqual(rendered);

    // Another process finds the variant in the bucket instead of rendering its own: replace the
    // stored one with a visibly different encoding and that is what it serves.
    const replacement = await sharp(rendered).webp({ quality: 5 }).toBuffer();
    expect(replacement).not.toEqual(rendered);
    // Seeding is not under test: a generous bound, so that a busy machine does not fail the file here.
    const storage = createConfiguredStorage(
      loadConfig({ DATA_DIR: dataDir, ...s3.env, S3_TIMEOUT_MS: '30000' }),
    );
    await storage.put(key, replacement, { contentType: 'image/webp' });
    storage.close();
    const second = await appOnS3().request(url, { headers: { accept: 'image/webp' } });
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('image/webp');
    expect(await bytes(second)).toEqual(replacement);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('answers 503 quickly, with Retry-After, when the storage does not answer', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const app = appOnS3({ S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_TIMEOUT_MS: '300' });
    try {
      for (const size of ['original', 'LargeSize'] as const) {
        const started = Date.now();
        const response = await app.request(mediaUrl(API_KEY_ID, cover, size));
        expect(Date.now() - started, size).toBeLessThan(2000);
        expect(response.status, size).toBe(503);
        expect(response.headers.get('retry-after')).toBe('10');
        const body = await response.json();
        expect(body.error.code).toBe('STORAGE_UNAVAILABLE');
        expect(JSON.stringify(body)).not.toContain(String(port));
      }
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
