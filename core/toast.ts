export type ToastKind = 'success' | 'info' | 'error';

export const DEFAULT_TOAST_MS = 3000;
export const REQUEST_ERROR_MS_PER_CHARACTER = 50;

/** How long a toast stays: 3 s, except request errors, which stay 50 ms per character of their message. */
export function toastDuration(
  message: string,
  options: { requestError?: boolean; durationMs?: number } = {},
): number {
  if (options.durationMs !== undefined) return options.durationMs;
  return options.requestError ? message.length * REQUEST_ERROR_MS_PER_CHARACTER : DEFAULT_TOAST_MS;
}

export const CHUNK_RELOAD_GUARD_MS = 60_000;

/**
 * After a deploy, a page may ask for a code chunk that no longer exists. Reloading fetches the new
 * build, but only once a minute, so that a chunk that is really broken cannot cause a reload loop.
 */
export function shouldReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
}
