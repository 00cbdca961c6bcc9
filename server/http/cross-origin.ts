const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isSafeMethod = (method: string) => SAFE_METHODS.has(method.toUpperCase());

/**
 * Whether a state-changing request comes from another site's page, the way Go's
 * CrossOriginProtection decides it: browsers send `Sec-Fetch-Site` (and `Origin`) with every
 * cross-origin write, so a request carrying neither comes from a non-browser client, which cannot be
 * tricked into sending a visitor's cookies and is let through. `trustedOrigins` are other origins
 * allowed to write (the configured CORS origins and the public URL).
 */
export function isCrossOriginWrite(headers: Headers, trustedOrigins: readonly string[]): boolean {
  const origin = headers.get('origin');
  if (origin && trustedOrigins.includes(origin)) return false;
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite === 'same-origin' || fetchSite === 'none') return false;
  if (fetchSite) return true;
  if (!origin) return false;
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  return originHost !== (headers.get('host') ?? '').toLowerCase();
}
