import { Redis } from 'ioredis';
import type { Cache, CacheNamespaceInfo, CacheSetOptions } from './cache.ts';

/**
 * Redis-backed cache shared by every process. Layout under `prefix`:
 *   {prefix}v:{namespace}:{key}  the JSON value (with its TTL)
 *   {prefix}ns                   set of namespaces in use
 *   {prefix}t:{tag}              set of value keys carrying the tag
 * Tag sets may name keys that have since expired; deleting those is harmless.
 */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(url: string, options: { prefix?: string } = {}) {
    this.prefix = options.prefix ?? 'shop:cache:';
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // Connection errors surface on the calls that need Redis; the event would otherwise crash the process.
    this.redis.on('error', () => {});
  }

  private valueKey(namespace: string, key: string) {
    return `${this.prefix}v:${namespace}:${key}`;
  }

  async get<T>(namespace: string, key: string): Promise<T | undefined> {
    const json = await this.redis.get(this.valueKey(namespace, key));
    return json === null ? undefined : (JSON.parse(json) as T);
  }

  async set(namespace: string, key: string, value: unknown, options: CacheSetOptions = {}): Promise<void> {
    const fullKey = this.valueKey(namespace, key);
    const multi = this.redis.multi();
    if (options.ttlSeconds) multi.set(fullKey, JSON.stringify(value), 'EX', Math.ceil(options.ttlSeconds));
    else multi.set(fullKey, JSON.stringify(value));
    multi.sadd(`${this.prefix}ns`, namespace);
    for (const tag of options.tags ?? []) multi.sadd(`${this.prefix}t:${tag}`, fullKey);
    await multi.exec();
  }

  async delete(namespace: string, key: string): Promise<void> {
    await this.redis.del(this.valueKey(namespace, key));
  }

  async increment(namespace: string, key: string, windowSeconds: number): Promise<number> {
    const fullKey = this.valueKey(namespace, key);
    const [[, count]] = (await this.redis
      .multi()
      .incr(fullKey)
      .expire(fullKey, Math.ceil(windowSeconds), 'NX')
      .sadd(`${this.prefix}ns`, namespace)
      .exec()) as [[Error | null, number]];
    return count;
  }

  async deleteByTag(tag: string): Promise<number> {
    const tagKey = `${this.prefix}t:${tag}`;
    const keys = await this.redis.smembers(tagKey);
    let deleted = 0;
    if (keys.length > 0) deleted = await this.redis.del(...keys);
    await this.redis.del(tagKey);
    return deleted;
  }

  private async scan(pattern: string): Promise<string[]> {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      found.push(...batch);
    } while (cursor !== '0');
    return found;
  }

  private escape(text: string) {
    return text.replace(/[*?[\]\\]/g, '\\$&');
  }

  async keys(namespace: string): Promise<string[]> {
    const prefix = `${this.prefix}v:${namespace}:`;
    const found = await this.scan(`${this.escape(prefix)}*`);
    return found.map((fullKey) => fullKey.slice(prefix.length)).sort();
  }

  async namespaces(): Promise<CacheNamespaceInfo[]> {
    const names = await this.redis.smembers(`${this.prefix}ns`);
    const result: CacheNamespaceInfo[] = [];
    for (const name of names) {
      const keys = (await this.keys(name)).length;
      if (keys > 0) result.push({ name, keys });
      else await this.redis.srem(`${this.prefix}ns`, name);
    }
    return result.sort((a, b) => a.name.localeCompare(b.name));
  }

  async flush(namespace?: string): Promise<void> {
    const pattern =
      namespace === undefined
        ? `${this.escape(this.prefix)}*`
        : `${this.escape(`${this.prefix}v:${namespace}:`)}*`;
    const found = await this.scan(pattern);
    for (let index = 0; index < found.length; index += 500)
      await this.redis.del(...found.slice(index, index + 500));
    if (namespace !== undefined) await this.redis.srem(`${this.prefix}ns`, namespace);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
