import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type S3TestServer, startS3TestServer } from '../testing/s3-test-server.ts';
import { createConfiguredStorage } from './configured-storage.ts';
import { type FileStorage, InvalidStorageKeyError, StorageUnavailableError } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';

const bytesOf = async (file: { body: Readable } | undefined) =>
  file ? Buffer.concat(await file.body.toArray()) : undefined;

let s3: S3TestServer;
const temporary: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), name));
  temporary.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startS3TestServer();
});

afterAll(async () => {
  await s3?.close();
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

type Backend = {
  name: string;
  create(): FileStorage;
  /** Objects outside the storage's own root or prefix: where an escaping key would have landed. */
  outside(): Promise<string[]>;
};

let localRoot: string;
const backends: Backend[] = [
  {
    name: 'local',
    create() {
      localRoot = path.join(tempDir('storage-contract-'), 'media');
      return createLocalStorage(localRoot);
    },
    outside: async () => fs.readdirSync(path.dirname(localRoot)).filter((name) => name !== 'media'),
  },
  {
    name: 's3',
    // Through the configuration, as the server builds it.
    create: () => createConfiguredStorage(loadConfig({ ...s3.env, S3_PREFIX: 'contract' })),
    outside: async () => (await s3.keys()).filter((key) => !key.startsWith('contract/')),
  },
];

describe.each(backends)('file storage contract: $name', (backend) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = backend.create();
  });
  afterAll(() => storage.close());

  it('returns what was put, with its size and content type', async () => {
    const data = Buffer.from('%PNG not really, but bytes all the same');
    await storage.put('2026/picture.png', data, { contentType: 'image/png' });
    const file = await storage.get('2026/picture.png');
    expect(file?.size).toBe(data.length);
    expect(file?.contentType).toBe('image/png');
    expect(await bytesOf(file)).toEqual(data);
    expect(await storage.head('2026/picture.png')).toEqual({ size: data.length, contentType: 'image/png' });
  });

  it('answers undefined for a missing key', async () => {
    expect(await storage.get('2026/missing.png')).toBeUndefined();
    expect(await storage.head('2026/missing.png')).toBeUndefined();
    expect(await storage.get('no-such-folder/deeper/x.webp')).toBeUndefined();
  });

  it('replaces an object on a second put', async () => {
    await storage.put('.cache/abc-SmallSize.webp', Buffer.from('first version'), {
      contentType: 'image/webp',
    });
    await storage.put('.cache/abc-SmallSize.webp', Buffer.from('second'), { contentType: 'image/webp' });
    const file = await storage.get('.cache/abc-SmallSize.webp');
    expect(file?.size).toBe(6);
    expect((await bytesOf(file))?.toString()).toBe('second');
  });

  it('takes a stream, with or without its length', async () => {
    const parts = [Buffer.from('one,'), Buffer.from('two,'), Buffer.from('three')];
    const contentLength = parts.reduce((sum, part) => sum + part.length, 0);
    await storage.put('streams/known.txt', Readable.from(parts), { contentLength });
    await storage.put('streams/unknown.txt', Readable.from(parts.map((part) => Buffer.from(part))));
    for (const key of ['streams/known.txt', 'streams/unknown.txt']) {
      expect((await bytesOf(await storage.get(key)))?.toString(), key).toBe('one,two,three');
    }
  });

  it('keeps keys with spaces and non-ASCII letters apart from others', async () => {
    await storage.put('dokumenti/vodič za roditelje.pdf', Buffer.from('č'), {
      contentType: 'application/pdf',
    });
    await storage.put('dokumenti/vodic za roditelje.pdf', Buffer.from('c'), {
      contentType: 'application/pdf',
    });
    expect((await bytesOf(await storage.get('dokumenti/vodič za roditelje.pdf')))?.toString()).toBe('č');
    expect((await bytesOf(await storage.get('dokumenti/vodic za roditelje.pdf')))?.toString()).toBe('c');
  });

  it('deletes, and deleting a missing key is no error', async () => {
    await storage.put('gone/soon.jpg', Buffer.from('x'), { contentType: 'image/jpeg' });
    await storage.delete('gone/soon.jpg');
    expect(await storage.get('gone/soon.jpg')).toBeUndefined();
    await expect(storage.delete('gone/soon.jpg')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the storage, in every operation', async () => {
    const bad = [
      '../escape.txt',
      '../../etc/passwd',
      'a/../../escape.txt',
      'a/../b.txt',
      '/etc/passwd',
      './a.txt',
      'a//b.txt',
      'a/',
      '',
      'a\\..\\..\\escape.txt',
      'nul\u0000byte.txt',
      '..',
    ];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.head(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(await backend.outside()).toEqual([]);
  });
});

describe('S3 storage', () => {
  it('stores objects under the configured prefix', async () => {
    const storage = createConfiguredStorage(loadConfig({ ...s3.env, S3_PREFIX: '/shop/media/' }));
    await storage.put('2026/prefixed.jpg', Buffer.from('p'), { contentType: 'image/jpeg' });
    expect(await s3.keys()).toContain('shop/media/2026/prefixed.jpg');
    expect(await s3.read('2026/prefixed.jpg')).toBeUndefined();
    storage.close();
  });

  it('keeps any content type, not only the one of the extension', async () => {
    const storage = createConfiguredStorage(loadConfig(s3.env));
    await storage.put('data/file.bin', Buffer.from('b'), { contentType: 'application/x-shop-test' });
    expect((await storage.head('data/file.bin'))?.contentType).toBe('application/x-shop-test');
    storage.close();
  });

  it('reports a missing bucket as unavailable, not as a missing file', async () => {
    const storage = createConfiguredStorage(loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }));
    await expect(storage.get('2026/x.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
    storage.close();
  });

  it('gives up within its time limit when the service accepts connections and never answers', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const storage = createConfiguredStorage(
      loadConfig({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_TIMEOUT_MS: '300' }),
    );
    try {
      for (const call of [() => storage.get('a.jpg'), () => storage.put('a.jpg', Buffer.from('a'))]) {
        const started = Date.now();
        await expect(call()).rejects.toBeInstanceOf(StorageUnavailableError);
        expect(Date.now() - started).toBeLessThan(1500);
      }
    } finally {
      storage.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('reports a refused connection as unavailable at once', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const storage = createConfiguredStorage(
      loadConfig({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` }),
    );
    const started = Date.now();
    await expect(storage.head('a.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(Date.now() - started).toBeLessThan(2000);
    storage.close();
  });
});
