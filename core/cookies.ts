import { parseCookie, stringifySetCookie } from 'cookie';

/**
 * Reads one cookie from a Cookie header (or `document.cookie`). Any header, however malformed (a
 * lone `%`, broken encodings, duplicate names), gives a value or null, never an exception.
 */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  try {
    return parseCookie(header)[name] ?? null;
  } catch {
    return null;
  }
}

export type CookieOptions = {
  maxAgeSeconds: number;
  /** Sent only over https; on outside local development. */
  secure?: boolean;
  httpOnly?: boolean;
};

/**
 * A `Set-Cookie` value for a first-party cookie on the whole site (also what `document.cookie`
 * accepts). SameSite=Lax: sent on top-level navigations from other sites, never on their form posts
 * or background requests.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  return stringifySetCookie({
    name,
    value,
    path: '/',
    maxAge: options.maxAgeSeconds,
    sameSite: 'lax',
    secure: options.secure,
    httpOnly: options.httpOnly,
  });
}
