import { ApiError } from '../../api/errors.ts';
import { slidingWindowCount, slidingWindowKeys } from '../../api/sliding-window.ts';
import type { Cache } from '../../cache/cache.ts';
import { MemoryCache } from '../../cache/memory-cache.ts';
import type { Config } from '../../config.ts';

const WINDOW_SECONDS = 15 * 60;
const FAILURES = 'login-failures';
const BLOCKS = 'login-blocks';

export class LoginLimited extends ApiError {
  readonly retryAfter: number;
  constructor(retryAfter: number) {
    super(429, 'LOGIN_RATE_LIMITED', 'Too many failed logins; try again later.');
    this.retryAfter = retryAfter;
  }
}

/**
 * Brute-force limits for logins (docs/decisions/0222), counted in the shared cache so that every
 * process agrees: failed logins per client address, and per account from one address. An attacker
 * guessing one account's password from one address is stopped after a few tries, while the owner
 * logging in from another address is not; many accounts tried from one address hit the address limit.
 * Within a window the counters only grow; a successful login clears the account counter of its
 * address. While the cache is unreachable each process counts on its own.
 */
export function createLoginLimits(
  cache: Cache,
  config: Pick<Config, 'LOGIN_FAILURES_PER_ADDRESS' | 'LOGIN_FAILURES_PER_ACCOUNT'>,
) {
  const local = new MemoryCache({ maxEntries: 10_000 });
  const addressKey = (address: string) => `a:${address}`;
  const accountKey = (siteId: number, email: string, address: string) => `u:${siteId}:${email}:${address}`;

  const blockedFor = async (key: string): Promise<number | undefined> => {
    const until =
      (await cache.get<number>(BLOCKS, key).catch(() => undefined)) ?? (await local.get<number>(BLOCKS, key));
    if (typeof until !== 'number') return undefined;
    const seconds = Math.ceil((until - Date.now()) / 1000);
    return seconds > 0 ? seconds : undefined;
  };

  const block = async (key: string) => {
    const until = Date.now() + WINDOW_SECONDS * 1000;
    await Promise.all([
      cache.set(BLOCKS, key, until, { ttlSeconds: WINDOW_SECONDS }).catch(() => {}),
      local.set(BLOCKS, key, until, { ttlSeconds: WINDOW_SECONDS }),
    ]);
  };

  /** Counts a failure; resolves to the failures of the last window's length (a sliding window, decision 0563). */
  const count = async (key: string) => {
    const { current, previous, elapsed } = slidingWindowKeys(key, WINDOW_SECONDS);
    const [failures, before] = await cache
      .incrementWindow(FAILURES, current, previous, 2 * WINDOW_SECONDS)
      .catch(() => local.incrementWindow(FAILURES, current, previous, 2 * WINDOW_SECONDS));
    return slidingWindowCount(failures, before, elapsed);
  };

  return {
    /** Throws 429 (with the seconds to wait) when the address or this account from it is blocked. */
    async check(siteId: number, email: string, address: string | undefined) {
      if (!address) return;
      const waits = await Promise.all([
        blockedFor(addressKey(address)),
        blockedFor(accountKey(siteId, email, address)),
      ]);
      const wait = Math.max(...waits.map((value) => value ?? 0));
      if (wait > 0) throw new LoginLimited(wait);
    },

    /** Counts a failed login; the attempt that reaches a limit blocks what comes after it. */
    async failed(siteId: number, email: string, address: string | undefined) {
      if (!address) return;
      const [byAddress, byAccount] = await Promise.all([
        count(addressKey(address)),
        count(accountKey(siteId, email, address)),
      ]);
      if (byAddress >= config.LOGIN_FAILURES_PER_ADDRESS) await block(addressKey(address));
      if (byAccount >= config.LOGIN_FAILURES_PER_ACCOUNT) await block(accountKey(siteId, email, address));
    },

    /** A successful login: earlier failures for this account from this address are forgiven. */
    async succeeded(siteId: number, email: string, address: string | undefined) {
      if (!address) return;
      const { current, previous } = slidingWindowKeys(accountKey(siteId, email, address), WINDOW_SECONDS);
      await Promise.all(
        [current, previous].flatMap((windowKey) => [
          cache.delete(FAILURES, windowKey).catch(() => {}),
          local.delete(FAILURES, windowKey),
        ]),
      );
    },
  };
}

export type LoginLimits = ReturnType<typeof createLoginLimits>;
