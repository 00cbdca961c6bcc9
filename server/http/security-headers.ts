import { randomBytes } from 'node:crypto';

/** Hosts the consent-gated tracking scripts talk to (core/tracking.ts loads them). */
const trackingConnectHosts = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
  'https://*.facebook.com',
  'https://*.facebook.net',
];

export type SecurityHeaderOptions = {
  /** The shop is served over https (PUBLIC_URL): adds HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** Development: Vite's hot-reload socket must be reachable. */
  dev: boolean;
  /** reCAPTCHA is configured (decision 0410): its invisible widget runs in Google's frames. */
  recaptcha?: boolean;
  /** The S3 bucket's origin, where the media uploader PUTs files straight to (decision 0550). */
  uploadOrigin?: string | undefined;
};

export const securityHeaderOptions = (config: {
  PUBLIC_URL?: string;
  isProduction: boolean;
  RECAPTCHA_SITE_KEY?: string;
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION?: string;
  S3_FORCE_PATH_STYLE?: boolean;
}) => ({
  https: config.PUBLIC_URL?.startsWith('https:') === true,
  dev: !config.isProduction,
  recaptcha: Boolean(config.RECAPTCHA_SITE_KEY),
  uploadOrigin: bucketOrigin(config),
});

/**
 * The origin of the bucket's presigned addresses: the endpoint itself with path-style addressing,
 * else the bucket as a subdomain of the endpoint (or of AWS's regional endpoint).
 */
export function bucketOrigin(config: {
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION?: string;
  S3_FORCE_PATH_STYLE?: boolean;
}): string | undefined {
  if (!config.S3_BUCKET) return undefined;
  const endpoint = new URL(
    config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION ?? 'us-east-1'}.amazonaws.com`,
  );
  if (config.S3_FORCE_PATH_STYLE) return endpoint.origin;
  return `${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`;
}

/** The frames reCAPTCHA v2 needs (Google's CSP guidance); its script comes in through 'strict-dynamic'. */
const recaptchaFrames = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/** Random bytes drawn in batches: one system call per 256 nonces instead of one per response. */
const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** A fresh nonce for one document's scripts: 128 random bits, base64. */
export function createNonce(): string {
  if (poolOffset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 256);
    poolOffset = 0;
  }
  const nonce = pool.toString('base64', poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/** Headers every response carries (a route's own value of the same header wins). */
export function baseSecurityHeaders(options: SecurityHeaderOptions): [string, string][] {
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    // No Cross-Origin-Opener-Policy: it makes Chrome load every page in a new browsing context group,
    // which measured as 450-650 ms of Lighthouse mobile blocking time against 50-170 ms without it
    // (docs/decisions/0113), for a protection (against windows we open) the shop does not need yet.
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), browsing-topics=()'],
  ];
  if (options.https) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

/**
 * The policy of an HTML document: scripts only with this response's nonce (and what they load:
 * 'strict-dynamic' lets the app's module script import its chunks and add the consented tracking
 * scripts), no plugins, no <base>, forms only to this origin, framed only by this origin.
 */
export function documentCsp(nonce: string, options: SecurityHeaderOptions): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // Vite's development server injects inline scripts of its own and cannot nonce them all; the
    // production build runs nonced scripts only.
    options.dev
      ? ['script-src', "'self'", "'unsafe-inline'", "'unsafe-eval'"]
      : ['script-src', `'nonce-${nonce}'`, "'strict-dynamic'"],
    // React writes style attributes (widths, transforms); they cannot carry a nonce.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', 'https:'],
    ['font-src', "'self'", 'data:'],
    [
      'connect-src',
      "'self'",
      ...trackingConnectHosts,
      ...(options.uploadOrigin ? [options.uploadOrigin] : []),
      ...(options.dev ? ['ws:'] : []),
    ],
    [
      'frame-src',
      'https://www.youtube-nocookie.com',
      'https://www.googletagmanager.com',
      ...(options.recaptcha ? recaptchaFrames : []),
    ],
    ['media-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  if (options.https) directives.push(['upgrade-insecure-requests']);
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Responses that are not documents run no scripts at all (an SVG or a JSON body opened directly). */
export const resourceCsp = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** A static HTML page of our own without scripts (the API reference): styles inline, nothing else. */
export const staticPageCsp =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
