import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import type { MediaSizeName } from '../../core/media.ts';
import { productSeeds } from '../../server/db/seed/catalogue/products.ts';
import type { ImageFormat } from '../../server/modules/media/image-format.ts';
import { variantKey } from '../../server/modules/media/media.service.ts';
import { type RedisServer, startRedisServer } from '../../server/testing/redis-server.ts';
import { type S3TestServer, startS3TestServer } from '../../server/testing/s3-test-server.ts';
import { testEnv } from '../../server/testing/test-env.ts';
import { expect, test } from './fixtures.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

/**
 * The README's claim: with PostgreSQL, Redis and S3 configured, processes keep no state of their own.
 * Two production processes share a fresh PostgreSQL database, a Redis and an S3 bucket (s3rver); only
 * the first loads the demo content. The second must serve the same pages and the same image bytes,
 * including resized variants that the other process rendered.
 */
const skipReason =
  !testEnv.TEST_DATABASE_URL || !testEnv.TEST_REDIS_URL
    ? 'needs PostgreSQL and Redis: set TEST_DATABASE_URL and TEST_REDIS_URL (CI sets both)'
    : undefined;
test.skip(skipReason !== undefined, skipReason);

const book = productSeeds.find((product) => product.sku === 'KNJ-001')!;
const pages = ['/', `/product/${book.slug.hr}`];
const MEDIA_URL = /\/media\/\d+\/\d+\/(\w+)\/[^"'\s,]+?\/([0-9a-f]{64})/g;

let admin: postgres.Sql | undefined;
let databaseName: string | undefined;
let redis: RedisServer | undefined;
let s3: S3TestServer | undefined;
let first: ServerProcess | undefined;
let second: ServerProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  admin = postgres(testEnv.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  databaseName = `shop_mp_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = new URL(testEnv.TEST_DATABASE_URL!);
  databaseUrl.pathname = `/${databaseName}`;
  // A Redis of its own: this database's cache keys must not meet those of another shop (or another
  // run) on the machine's Redis, where every shop uses the same key prefix.
  redis = await startRedisServer();
  s3 = await startS3TestServer();
  const shared = { DATABASE_URL: databaseUrl.toString(), REDIS_URL: redis.url, ...s3.env };
  first = await startServerProcess({ port: 3293, env: { ...shared, SEED_DEMO: 'true' } });
  // Started once the first is ready, i.e. once the demo site exists: it must find it, not create one.
  second = await startServerProcess({ port: 3294, env: { ...shared, SEED_DEMO: 'false' } });
});

test.afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await s3?.close();
  await redis?.stop();
  if (admin && databaseName) await admin.unsafe(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin?.end();
});

async function html(server: ServerProcess, pathname: string) {
  const response = await fetch(server.baseUrl + pathname);
  return { status: response.status, text: await response.text() };
}

/** What may differ between two renderings of one page: per-request nonces and ids, the port asked. */
const stable = (text: string, server: ServerProcess) =>
  text
    .replace(/ nonce="[^"]*"/g, '')
    .replace(/"(?:requestId|reqId)":"[^"]*"/g, '')
    .replaceAll(server.baseUrl, 'http://shop');

async function image(server: ServerProcess, url: string, accept = 'image/webp,image/*') {
  const response = await fetch(server.baseUrl + url, { headers: { accept } });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

test('two processes on PostgreSQL, Redis and S3 serve the same pages and images', async ({ page }) => {
  test.setTimeout(120_000);
  const a = first!;
  const b = second!;
  const bucket = s3!;

  const imageUrls = new Map<string, { size: string; hash: string }>();
  for (const pathname of pages) {
    const [fromA, fromB] = [await html(a, pathname), await html(b, pathname)];
    expect([fromA.status, fromB.status], pathname).toEqual([200, 200]);
    expect(stable(fromB.text, b), pathname).toBe(stable(fromA.text, a));
    for (const match of fromA.text.matchAll(MEDIA_URL)) {
      imageUrls.set(match[0], { size: match[1]!, hash: match[2]! });
    }
  }
  const variants = [...imageUrls].filter(([, { size }]) => size.toLowerCase() !== 'original');
  expect(variants.length).toBeGreaterThan(3);

  // A variant rendered by the first process is stored in the bucket and served by the second.
  const [renderedByA, renderedByB] = variants.filter(([, value], index, all) => {
    const firstOfHash = all.findIndex(([, other]) => other.hash === value.hash) === index;
    return firstOfHash;
  });
  for (const [url, { size, hash }, renderer, other] of [
    [...renderedByA!, a, b],
    [...renderedByB!, b, a],
  ] as const) {
    const key = variantKey(hash, size as MediaSizeName, 'webp' satisfies ImageFormat);
    expect(await bucket.read(key), `${key} before any request`).toBeUndefined();
    const rendered = await image(renderer, url);
    expect([rendered.status, rendered.type], url).toEqual([200, 'image/webp']);
    expect(await bucket.read(key), key).toEqual(rendered.bytes);
    const served = await image(other, url);
    expect([served.status, served.type], url).toEqual([200, 'image/webp']);
    expect(served.bytes).toEqual(rendered.bytes);
  }

  // Every image URL of both pages answers the same bytes from both processes (originals included).
  for (const url of imageUrls.keys()) {
    const original = url.replace(/\/media\/(\d+)\/(\d+)\/\w+\//, '/media/$1/$2/original/');
    for (const candidate of [url, original]) {
      const [fromA, fromB] = [await image(a, candidate, '*/*'), await image(b, candidate, '*/*')];
      expect([fromA.status, fromB.status], candidate).toEqual([200, 200]);
      expect(fromB.bytes.equals(fromA.bytes), candidate).toBe(true);
    }
  }

  // Neither process keeps media of its own on disk.
  for (const server of [a, b]) {
    const mediaDir = path.join(server.dataDir, 'media');
    const files = fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir, { recursive: true }) : [];
    expect(files, server.baseUrl).toEqual([]);
  }

  // In a browser on the second process, every image of the product page loads (the fixture fails
  // the test on a broken image in the console too).
  await page.goto(`${b.baseUrl}${pages[1]}`);
  const images = page.locator('main img');
  expect(await images.count()).toBeGreaterThan(0);
  for (const element of await images.all()) {
    await element.scrollIntoViewIfNeeded();
    await expect
      .poll(() => element.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
});
