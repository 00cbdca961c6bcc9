/**
 * What the releases modal keeps in the browser's local storage (specification 001: the latest tag is
 * cached one hour, the releases about five minutes). Reading or writing storage may fail (private
 * mode, quota): then nothing is cached and the modal behaves as on a first visit.
 */
export const TAG_KEY = 'devtools.latestTag';
export const RELEASES_KEY = 'devtools.releases';
export const TAG_TTL_MS = 60 * 60 * 1000;
export const RELEASES_TTL_MS = 5 * 60 * 1000;

type Stamped<T> = { value: T; at: number };

export function readStamped<T>(key: string): Stamped<T> | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stamped<T>>;
    return typeof parsed.at === 'number' && 'value' in parsed ? (parsed as Stamped<T>) : null;
  } catch {
    return null;
  }
}

export function writeStamped<T>(key: string, value: T, now = Date.now()): void {
  try {
    window.localStorage.setItem(key, JSON.stringify({ value, at: now }));
  } catch {
    // Storage unavailable: the next visit asks again.
  }
}

/**
 * Whether the tag must be looked up now (no cached tag, or an hour old), and whether a looked-up tag
 * opens the modal: it differs from the cached one (a first visit counts as a new tag).
 */
export const tagIsStale = (cached: Stamped<string> | null, now = Date.now()) =>
  !cached || now - cached.at >= TAG_TTL_MS;
export const opensModal = (cached: Stamped<string> | null, latest: string) =>
  latest !== '' && cached?.value !== latest;
