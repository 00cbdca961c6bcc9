import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkStorageKey, type FileStorage, InvalidStorageKeyError } from './file-storage.ts';

/** A file system keeps no content type, so local storage answers the one of the extension, as a static server would. */
const typesByExtension: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
};

/** Files under one directory (DATA_DIR/media by default); the key is the path below it. */
export function createLocalStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);

  /** The file of a key; the prefix check stays as a second guard behind the key rules. */
  function fileOf(key: string): string {
    const file = path.resolve(root, checkStorageKey(key));
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  const contentTypeOf = (key: string) => typesByExtension[path.extname(key).toLowerCase()];

  return {
    kind: 'local',

    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside the target and renamed over it, so a reader (in any process) sees the old
      // file or the new one, never half of one.
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        if (body instanceof Readable) {
          const handle = await fs.open(temporary, 'wx');
          await pipeline(body, handle.createWriteStream());
        } else {
          await fs.writeFile(temporary, body, { flag: 'wx' });
        }
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileOf(key);
      const handle = await fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR') return undefined;
        throw error;
      });
      if (!handle) return undefined;
      const stat = await handle.stat().catch(async (error) => {
        await handle.close();
        throw error;
      });
      if (!stat.isFile()) {
        await handle.close();
        return undefined;
      }
      return { body: handle.createReadStream(), size: stat.size, contentType: contentTypeOf(key) };
    },

    async head(key) {
      const stat = await fs.stat(fileOf(key)).catch(() => undefined);
      return stat?.isFile() ? { size: stat.size, contentType: contentTypeOf(key) } : undefined;
    },

    async readStart(key, length) {
      const handle = await fs.open(fileOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR') return undefined;
        throw error;
      });
      if (!handle) return undefined;
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },

    close() {},
  };
}
