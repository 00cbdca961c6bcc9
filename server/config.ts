import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './http/client-address.ts';
import { parseWebhookAllowList } from './modules/checkout/payments/provider-webhook.ts';
import { isValidStorageKey } from './storage/file-storage.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of true, false, 1, 0, yes, no, on, off',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL');

const redisUrl = z.string().regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL');

/** A social login provider's address: https, or http on this machine only (a local test provider). */
const providerUrl = z
  .url({ protocol: /^https?$/, error: 'must be an https URL such as https://accounts.google.com' })
  .refine(
    (value) =>
      value.startsWith('https:') || ['localhost', '127.0.0.1', '[::1]'].includes(new URL(value).hostname),
    'must be an https URL (http only for localhost)',
  );

/**
 * Every environment variable the server reads. `.env.example` documents each one;
 * nothing else in the code base reads `process.env`.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /** PGlite's buffer cache, in MB: resident from the start (PGlite zeroes it), so it is kept small. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(32),
  /**
   * Where the embedded engine runs: a worker thread of its own (statements run beside the event loop
   * that serves requests, decision 0568) or the serving thread itself.
   */
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  REDIS_URL: redisUrl.optional(),
  CACHE_MAX_ENTRIES: z.coerce.number().int().min(10).default(10_000),
  /** Megabytes the in-memory cache may hold (entries counted by their JSON size). */
  CACHE_MAX_MB: z.coerce.number().int().min(1).max(65_536).default(64),
  CACHE_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(250),
  CACHE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** Seconds a rendered page for visitors without a session or cart stays in the cache; 0 turns it off. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** `s-maxage` of cached pages: how long a CDN in front of the shop may serve one without asking. */
  PAGE_CDN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Demo site, content and accounts with published passwords; on by default only outside production. */
  SEED_DEMO: booleanFlag.optional(),
  /** The name of the site a production start creates in an empty database. */
  SITE_NAME: z.string().trim().min(1).max(120).default('Shop'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  /** Largest single file the media library accepts (uploads and bucket uploads), in bytes. */
  MEDIA_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** Writes (API and form posts) per client address per minute, on top of the general limit. */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  /** New or edited comments and reviews per user and per client address per minute (0: no limit). */
  COMMENTS_PER_MINUTE: z.coerce.number().int().min(0).default(5),
  /** Largest accepted form post (cookie consent, newsletter and other page forms), in bytes. */
  FORM_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Origins (scheme://host[:port]) other than the shop's own that may call the API from a browser. */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      const origins = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const origin of origins) {
        let parsed: URL | undefined;
        try {
          parsed = new URL(origin);
        } catch {}
        if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/+$/, '')) {
          context.addIssue({
            code: 'custom',
            message: `"${origin}" is not an origin such as https://app.example.com`,
          });
          return z.NEVER;
        }
      }
      return origins.map((origin) => origin.replace(/\/+$/, ''));
    }),
  MAINTENANCE_MODE: booleanFlag.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://shop.example.com' }).optional(),
  /** Media in an S3-compatible bucket instead of DATA_DIR/media; the other S3_ settings need it. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://minio.internal:9000' })
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** A folder inside the bucket, e.g. `shop/media`; stored as `shop/media/` or the empty string. */
  S3_PREFIX: z
    .string()
    .transform((value) => value.replace(/^\/+|\/+$/g, ''))
    .refine((value) => value === '' || isValidStorageKey(value), 'must be a relative path such as shop/media')
    .transform((value) => (value ? `${value}/` : ''))
    .default(''),
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * Key that signs access tokens (at least 32 characters). Unset: one is generated on first start and
   * kept in the database, so every process of the shop signs and verifies with the same key.
   */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Lifetime of an access token (a signed JWT), in seconds. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  /** Lifetime of a refresh token (and of a session without activity), in seconds: 30 days. */
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(400 * 86_400)
    .default(30 * 86_400),
  /**
   * Seconds a just-rotated refresh token still gets a new access token (two tabs or requests that
   * refreshed at the same moment) instead of counting as a stolen token that revokes the session.
   */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /** Failed logins per client address per 15 minutes before it must wait. */
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Failed logins for one account from one address per 15 minutes (other addresses are not affected). */
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** Outgoing mail over SMTP, e.g. smtps://user:pass@mail.example.com:465 (default: .eml files in DATA_DIR/outbox). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of the shop's e-mails. */
  MAIL_FROM: z.string().trim().min(3).max(200).default('Shop <no-reply@localhost>'),
  /** Longest wait for the SMTP server (connection, greeting, each command), in ms. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The mail queue (decision 0305): how often each process's worker looks for due mails, in ms. */
  MAIL_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /** How often each process looks for availability requests whose product is back in stock, in ms (decision 0422). */
  AVAILABILITY_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** Sends tried per mail before it is marked failed (its last error kept). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** Wait after the first failed send, in ms; doubled after each further failure, at most an hour. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * Social login (docs/decisions/0236). A provider shows its button only when its client id and secret
   * are set. Google is an OpenID Connect provider found by discovery at its issuer URL.
   */
  GOOGLE_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).max(500).optional(),
  GOOGLE_ISSUER_URL: providerUrl.default('https://accounts.google.com'),
  /**
   * Facebook Login is OAuth 2.0 with these endpoints (the Graph API's user object gives id, name and
   * e-mail); with FACEBOOK_ISSUER_URL set it is found by OpenID Connect discovery there instead.
   */
  FACEBOOK_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().trim().min(1).max(500).optional(),
  FACEBOOK_ISSUER_URL: providerUrl.optional(),
  FACEBOOK_AUTHORIZATION_URL: providerUrl.default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: providerUrl.default('https://graph.facebook.com/v21.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: providerUrl.default(
    'https://graph.facebook.com/v21.0/me?fields=id,email,first_name,last_name,name',
  ),
  /**
   * An external member card validator (decision 0255): the cart POSTs {barcode, siteId} and a 2xx
   * {"valid": boolean} decides instead of the site's member card list. Unset: the list decides.
   */
  MEMBER_CARD_VALIDATOR_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Longest wait for the member card validator, in ms; after it the card cannot be checked (503). */
  MEMBER_CARD_VALIDATOR_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2000),
  /** Longest wait for a social login provider (discovery, code exchange, user info), in ms. */
  SOCIAL_LOGIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Payments (docs/decisions/0310). The merchant key shared with the built-in sandbox gateway: it signs
   * the hosted payment form and the gateway's webhooks. Unset: one is generated on first start and
   * kept in the database, so every process of the shop uses the same key.
   */
  PAYMENT_SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How far a webhook's signed time may be from this server's clock, in seconds. */
  PAYMENT_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** Longest wait for a webhook the sandbox gateway sends to an address outside this app, in ms. */
  PAYMENT_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Captcha (docs/decisions/0410). Default: the self-hosted ALTCHA proof of work, signed with
   * CAPTCHA_HMAC_KEY (unset: a key generated once and kept in the database). With both reCAPTCHA keys
   * set, Google reCAPTCHA v2 invisible instead, verified at RECAPTCHA_VERIFY_URL.
   */
  CAPTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The proof of work's difficulty: the largest number a browser may have to try (about half on average). */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /** Seconds a challenge may be solved and sent in. */
  CAPTCHA_EXPIRES_SECONDS: z.coerce.number().int().min(30).max(86_400).default(1200),
  /**
   * Sign-ups without a captcha solution (visitors without JavaScript, decision 0411) accepted per site
   * and per client address within an hour; 0 refuses every one.
   */
  CAPTCHA_NOSCRIPT_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(20),
  CAPTCHA_NOSCRIPT_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(0).max(10_000).default(3),
  RECAPTCHA_SITE_KEY: z.string().trim().min(1).max(200).optional(),
  RECAPTCHA_SECRET_KEY: z.string().trim().min(1).max(200).optional(),
  RECAPTCHA_VERIFY_URL: providerUrl.default('https://www.google.com/recaptcha/api/siteverify'),
  /** Longest wait for the reCAPTCHA verification, in ms. */
  RECAPTCHA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Seconds before a repeated sign-up of an unconfirmed newsletter address sends the confirmation again. */
  NEWSLETTER_RESEND_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Hours a newsletter confirmation link works. */
  NEWSLETTER_CONFIRM_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  /**
   * Developer tools (releases, domain picker, section tool, `/api/v1/_cli/*`): on outside production;
   * `true` turns them on in a production build too (a staging instance, the e2e suite), `false` off.
   */
  DEV_TOOLS: booleanFlag.optional(),
  /** The domain a development instance serves when none was picked (the domain picker warns on another). */
  DEV_FORCE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+(:\d+)?$/, 'must be a host name such as ucionica.hr')
    .optional(),
  /** Instagram Graph API: a long-lived token and the Instagram business account id it belongs to. */
  INSTAGRAM_ACCESS_TOKEN: z.string().trim().min(10).max(1000).optional(),
  INSTAGRAM_BUSINESS_ACCOUNT_ID: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, 'must be the numeric Instagram business account id')
    .optional(),
  /** The Graph API's address (a local test server in tests). */
  INSTAGRAM_GRAPH_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://graph.facebook.com/v21.0'),
  /** How long one Graph API request may take before the section shows nothing. */
  INSTAGRAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** How long the posts of a hashtag are kept in the shared cache. */
  INSTAGRAM_CACHE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  /**
   * Addresses each provider sends its webhooks from (`provider=CIDR,CIDR;provider=…`): their signed
   * webhooks are not counted in the per-address write budget (docs/decisions/0326).
   */
  PAYMENT_WEBHOOK_ALLOW: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseWebhookAllowList(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
});

/** Settings that only make sense together: checked after each variable is valid on its own. */
function s3Issues(relevant: Record<string, string>): { variable: string; message: string }[] {
  const issues: { variable: string; message: string }[] = [];
  const others = Object.keys(relevant).filter((key) => key.startsWith('S3_') && key !== 'S3_BUCKET');
  if (!relevant.S3_BUCKET && others.length > 0) {
    issues.push({ variable: 'S3_BUCKET', message: `must be set when ${others.join(', ')} is set` });
  }
  if (Boolean(relevant.S3_ACCESS_KEY_ID) !== Boolean(relevant.S3_SECRET_ACCESS_KEY)) {
    const missing = relevant.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    issues.push({ variable: missing, message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
  }
  return issues;
}

/** A social provider's client id and secret go together. */
function socialIssues(relevant: Record<string, string>): { variable: string; message: string }[] {
  return ['GOOGLE', 'FACEBOOK'].flatMap((provider) => {
    const id = `${provider}_CLIENT_ID`;
    const secret = `${provider}_CLIENT_SECRET`;
    if (Boolean(relevant[id]) === Boolean(relevant[secret])) return [];
    return [{ variable: relevant[id] ? secret : id, message: `${id} and ${secret} go together` }];
  });
}

/** reCAPTCHA's site key and secret go together. */
function captchaIssues(relevant: Record<string, string>): { variable: string; message: string }[] {
  if (Boolean(relevant.RECAPTCHA_SITE_KEY) === Boolean(relevant.RECAPTCHA_SECRET_KEY)) return [];
  const missing = relevant.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SECRET_KEY' : 'RECAPTCHA_SITE_KEY';
  return [{ variable: missing, message: 'RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY go together' }];
}

/** The Instagram token and business account id go together. */
function instagramIssues(relevant: Record<string, string>): { variable: string; message: string }[] {
  if (Boolean(relevant.INSTAGRAM_ACCESS_TOKEN) === Boolean(relevant.INSTAGRAM_BUSINESS_ACCOUNT_ID)) return [];
  const missing = relevant.INSTAGRAM_ACCESS_TOKEN
    ? 'INSTAGRAM_BUSINESS_ACCOUNT_ID'
    : 'INSTAGRAM_ACCESS_TOKEN';
  return [
    { variable: missing, message: 'INSTAGRAM_ACCESS_TOKEN and INSTAGRAM_BUSINESS_ACCOUNT_ID go together' },
  ];
}

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, 'SEED_DEMO'> & {
  SEED_DEMO: boolean;
  dataDir: string;
  mediaDir: string;
  outboxDir: string;
  pgliteDir: string;
  isProduction: boolean;
  /** Developer tools are on: outside production, or DEV_TOOLS=true. */
  devTools: boolean;
  /** Cookies get `Secure`: production behind an https public address. */
  secureCookies: boolean;
};

export class ConfigError extends Error {
  readonly issues: { variable: string; message: string }[];
  constructor(issues: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${issues.map((issue) => `  ${issue.variable}: ${issue.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** Parses the environment; an empty string counts as unset so `.env` templates can list blank keys. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') relevant[key] = value;
  }
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const combinationIssues = [
    ...s3Issues(relevant),
    ...socialIssues(relevant),
    ...captchaIssues(relevant),
    ...instagramIssues(relevant),
  ];
  if (combinationIssues.length > 0) throw new ConfigError(combinationIssues);
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    SEED_DEMO: parsed.data.SEED_DEMO ?? parsed.data.NODE_ENV !== 'production',
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    outboxDir: path.join(dataDir, 'outbox'),
    pgliteDir: path.join(dataDir, 'pglite'),
    isProduction: parsed.data.NODE_ENV === 'production',
    devTools: parsed.data.DEV_TOOLS ?? parsed.data.NODE_ENV !== 'production',
    secureCookies:
      parsed.data.NODE_ENV === 'production' && parsed.data.PUBLIC_URL?.startsWith('https:') === true,
  };
}
