import { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';
import {
  type Cache,
  type CacheEntryInfo,
  type CacheNamespaceInfo,
  type CacheSetOptions,
  CacheUnavailableError,
} from './cache.ts';

export type RedisCacheOptions = {
  prefix?: string;
  /**
   * Longest wait for one command. A Redis that stops answering without closing the connection
   * (paused, network partition) is dropped after this long and reconnected, instead of holding
   * every request.
   */
  commandTimeoutMs?: number;
  /** Longest wait for a (re)connection, handshake included. */
  connectTimeoutMs?: number;
  /** Gets one line when Redis becomes unreachable and one when it is back. */
  logger?: Logger;
};

/** Reconnection never gives up; attempts back off to this spacing while Redis stays away. */
const MAX_RECONNECT_DELAY_MS = 1000;

/**
 * Connection state as the cache sees it. `connecting` is only the first connection: calls wait for it
 * (bounded) so that a fresh process does not start with a burst of misses. `recovering` is the time
 * spent emptying the cache after an outage in which an invalidation was missed.
 */
type State = 'connecting' | 'up' | 'recovering' | 'down' | 'closed';

/**
 * Redis-backed cache shared by every process. Layout under `prefix`:
 *   {prefix}v:{namespace}:{key}  the JSON value (with its TTL)
 *   {prefix}ns                   set of namespaces in use
 *   {prefix}t:{tag}              set of value keys carrying the tag
 * Tag sets may name keys that have since expired; deleting those is harmless.
 *
 * Redis is an accelerator here, never a dependency of a request: while it is unreachable, reads miss,
 * writes do nothing and invalidations are remembered (the cache is emptied when Redis is back, so no
 * entry outlives a change made during the outage). No command is queued while disconnected, and every
 * command is bounded by `commandTimeoutMs`, so a request never waits on Redis for longer than that.
 * `increment`, `ping` and the admin operations reject instead, because their callers need to know.
 */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly commandTimeoutMs: number;
  private readonly logger: Logger | undefined;
  private state: State = 'connecting';
  private lastError: string | undefined;
  private downSince: number | undefined;
  /** An invalidation (or flush) could not reach Redis: entries there may be stale. */
  private flushPending = false;
  private firstSettled!: () => void;
  private readonly firstConnection = new Promise<void>((resolve) => {
    this.firstSettled = resolve;
  });

  constructor(url: string, options: RedisCacheOptions = {}) {
    this.prefix = options.prefix ?? 'shop:cache:';
    this.commandTimeoutMs = options.commandTimeoutMs ?? 250;
    const connectTimeoutMs = options.connectTimeoutMs ?? 2000;
    this.logger = options.logger;
    this.redis = new Redis(url, {
      lazyConnect: false,
      // Commands fail at once while disconnected instead of waiting for a reconnection.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      connectTimeout: connectTimeoutMs,
      // Commands are bounded by command() below. This only catches a connection that goes silent
      // during the handshake, which command() never sees; it is long enough not to mistake a busy
      // event loop for a dead connection.
      socketTimeout: connectTimeoutMs,
      disconnectTimeout: this.commandTimeoutMs,
      retryStrategy: (attempt) => {
        const delay = Math.min(50 * 2 ** Math.min(attempt, 10), MAX_RECONNECT_DELAY_MS);
        // Jitter keeps many processes from reconnecting in lockstep when Redis returns.
        return Math.round(delay * (0.5 + Math.random() / 2));
      },
    });
    // Connection errors are handled through the connection state; an unhandled event would crash the process.
    this.redis.on('error', (error: Error) => {
      this.lastError = error.message;
    });
    this.redis.on('ready', () => void this.onReady());
    this.redis.on('close', () => this.onDown());
  }

  /**
   * One Redis command, bounded by the command timeout. When the timer fires, the verdict waits for
   * the next I/O poll (setImmediate): after a long synchronous render, a reply that has already arrived
   * is read first instead of being taken for a dead Redis. A command that really went unanswered drops
   * the connection, so that the following calls fail at once until a new connection is ready.
   */
  private command<T>(operation: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(
        () =>
          setImmediate(() => {
            if (settled) return;
            settled = true;
            reject(new CacheUnavailableError(`no answer within ${this.commandTimeoutMs} ms`));
            if (this.state === 'up' || this.state === 'recovering') {
              this.onDown(`no answer within ${this.commandTimeoutMs} ms`);
              this.redis.disconnect(true);
            }
          }),
        this.commandTimeoutMs,
      );
      operation.then(
        (value) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  private async onReady() {
    if (this.state === 'closed') return;
    if (this.flushPending) {
      this.state = 'recovering';
      try {
        await this.deleteMatching(`${this.escape(this.prefix)}*`);
        this.flushPending = false;
      } catch {
        // Redis went away again; the close event has marked it down and the next connection retries.
        return;
      }
      if (this.state !== 'recovering') return;
    }
    const wasDown = this.downSince !== undefined;
    this.state = 'up';
    this.lastError = undefined;
    this.firstSettled();
    if (wasDown) {
      this.logger?.info(
        { cache: 'redis', downMs: Date.now() - (this.downSince ?? 0) },
        'cache reachable again',
      );
      this.downSince = undefined;
    }
  }

  private onDown(reason?: string) {
    if (reason) this.lastError = reason;
    if (this.state === 'closed' || this.state === 'down') return;
    this.state = 'down';
    this.firstSettled();
    if (this.downSince === undefined) {
      this.downSince = Date.now();
      this.logger?.warn(
        { cache: 'redis', reason: this.lastError ?? 'connection closed' },
        'cache unreachable: serving from the database, rate limits per process, until it is back',
      );
    }
  }

  /** Whether calls may go to Redis now. Waits only during the first connection, and at most one timeout. */
  private async usable(): Promise<boolean> {
    if (this.state === 'connecting') {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.firstConnection,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, this.commandTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
    }
    return this.state === 'up';
  }

  private async required(): Promise<void> {
    if (!(await this.usable())) throw new CacheUnavailableError(this.lastError);
  }

  private valueKey(namespace: string, key: string) {
    return `${this.prefix}v:${namespace}:${key}`;
  }

  async get<T>(namespace: string, key: string): Promise<T | undefined> {
    if (!(await this.usable())) return undefined;
    let json: string | null;
    try {
      json = await this.command(this.redis.get(this.valueKey(namespace, key)));
    } catch {
      return undefined;
    }
    return json === null ? undefined : (JSON.parse(json) as T);
  }

  async set(namespace: string, key: string, value: unknown, options: CacheSetOptions = {}): Promise<unknown> {
    const json = JSON.stringify(value);
    if (json === undefined) return undefined;
    // What a hit would give, whether or not the value could be stored.
    const copy = JSON.parse(json) as unknown;
    if (!(await this.usable())) return copy;
    const fullKey = this.valueKey(namespace, key);
    const multi = this.redis.multi();
    if (options.ttlSeconds) multi.set(fullKey, json, 'EX', Math.ceil(options.ttlSeconds));
    else multi.set(fullKey, json);
    multi.sadd(`${this.prefix}ns`, namespace);
    for (const tag of options.tags ?? []) multi.sadd(`${this.prefix}t:${tag}`, fullKey);
    // A value that was not stored is only a later miss.
    await this.command(multi.exec()).catch(() => {});
    return copy;
  }

  async delete(namespace: string, key: string): Promise<void> {
    if (!(await this.usable())) {
      this.flushPending = true;
      return;
    }
    await this.command(this.redis.del(this.valueKey(namespace, key))).catch(() => {
      this.flushPending = true;
    });
  }

  async increment(namespace: string, key: string, windowSeconds: number): Promise<number> {
    await this.required();
    const fullKey = this.valueKey(namespace, key);
    const [[error, count]] = (await this.command(
      this.redis
        .multi()
        .incr(fullKey)
        .expire(fullKey, Math.ceil(windowSeconds), 'NX')
        .sadd(`${this.prefix}ns`, namespace)
        .exec(),
    )) as [[Error | null, number]];
    if (error) throw error;
    return count;
  }

  async incrementWindow(
    namespace: string,
    key: string,
    previousKey: string,
    ttlSeconds: number,
  ): Promise<[count: number, previous: number]> {
    await this.required();
    const fullKey = this.valueKey(namespace, key);
    const [[error, count], , [previousError, previous]] = (await this.command(
      this.redis
        .multi()
        .incr(fullKey)
        .expire(fullKey, Math.ceil(ttlSeconds), 'NX')
        .get(this.valueKey(namespace, previousKey))
        .sadd(`${this.prefix}ns`, namespace)
        .exec(),
    )) as [[Error | null, number], unknown, [Error | null, string | null]];
    if (error) throw error;
    if (previousError) throw previousError;
    return [count, Number(previous ?? 0) || 0];
  }

  async deleteByTag(tag: string): Promise<number> {
    if (!(await this.usable())) {
      this.flushPending = true;
      return 0;
    }
    try {
      const tagKey = `${this.prefix}t:${tag}`;
      const keys = await this.command(this.redis.smembers(tagKey));
      let deleted = 0;
      if (keys.length > 0) deleted = await this.command(this.redis.del(...keys));
      await this.command(this.redis.del(tagKey));
      return deleted;
    } catch {
      this.flushPending = true;
      return 0;
    }
  }

  private async scan(pattern: string): Promise<string[]> {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.command(this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500));
      cursor = next;
      found.push(...batch);
    } while (cursor !== '0');
    return found;
  }

  private async deleteMatching(pattern: string): Promise<void> {
    const found = await this.scan(pattern);
    for (let index = 0; index < found.length; index += 500)
      await this.command(this.redis.del(...found.slice(index, index + 500)));
  }

  private escape(text: string) {
    return text.replace(/[*?[\]\\]/g, '\\$&');
  }

  async keys(namespace: string): Promise<string[]> {
    await this.required();
    const prefix = `${this.prefix}v:${namespace}:`;
    const found = await this.scan(`${this.escape(prefix)}*`);
    return found.map((fullKey) => fullKey.slice(prefix.length)).sort();
  }

  async namespaces(): Promise<CacheNamespaceInfo[]> {
    await this.required();
    const names = await this.command(this.redis.smembers(`${this.prefix}ns`));
    const result: CacheNamespaceInfo[] = [];
    for (const name of names) {
      const found = await this.scan(`${this.escape(`${this.prefix}v:${name}:`)}*`);
      if (found.length === 0) {
        await this.command(this.redis.srem(`${this.prefix}ns`, name));
        continue;
      }
      let bytes = 0;
      for (let index = 0; index < found.length; index += 500) {
        const pipeline = this.redis.pipeline();
        for (const fullKey of found.slice(index, index + 500)) pipeline.strlen(fullKey);
        const replies = (await this.command(pipeline.exec())) ?? [];
        for (const [error, length] of replies) if (!error) bytes += Number(length);
      }
      result.push({ name, keys: found.length, bytes });
    }
    return result.sort((a, b) => a.name.localeCompare(b.name));
  }

  async inspect(namespace: string, key: string): Promise<CacheEntryInfo | undefined> {
    await this.required();
    const fullKey = this.valueKey(namespace, key);
    const replies = (await this.command(this.redis.multi().get(fullKey).pttl(fullKey).exec())) ?? [];
    const [[getError, json], [ttlError, ttl]] = replies as [
      [Error | null, string | null],
      [Error | null, number],
    ];
    if (getError) throw getError;
    if (ttlError) throw ttlError;
    if (json === null) return undefined;
    return {
      json,
      bytes: Buffer.byteLength(json),
      ttlSeconds: ttl >= 0 ? Math.ceil(ttl / 1000) : null,
    };
  }

  async flush(namespace?: string): Promise<void> {
    try {
      await this.required();
      const pattern =
        namespace === undefined
          ? `${this.escape(this.prefix)}*`
          : `${this.escape(`${this.prefix}v:${namespace}:`)}*`;
      await this.deleteMatching(pattern);
      if (namespace !== undefined) await this.command(this.redis.srem(`${this.prefix}ns`, namespace));
    } catch (error) {
      this.flushPending = true;
      throw error;
    }
  }

  /** Resolves only while the cache is in use: connected, and not still emptying itself after an outage. */
  async ping(): Promise<void> {
    await this.required();
    await this.command(this.redis.ping());
  }

  async close(): Promise<void> {
    this.state = 'closed';
    this.firstSettled();
    await this.command(this.redis.quit()).catch(() => this.redis.disconnect());
  }
}
