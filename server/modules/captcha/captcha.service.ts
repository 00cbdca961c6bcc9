import { createHash, randomBytes } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { eq, lt } from 'drizzle-orm';
import { ApiError } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { type AltchaChallenge, CAPTCHA_MESSAGES } from './captcha.contract.ts';
import { captchaKeys, captchaSpent } from './captcha.schema.ts';

const KEY_NAME = 'altcha';
/** How long a spent reCAPTCHA token is remembered: Google's tokens live two minutes. */
const RECAPTCHA_SPENT_SECONDS = 600;

/** What a protected write sent: the ALTCHA payload or the reCAPTCHA token (under either name). */
export type CaptchaInput = { captcha?: string | undefined; 'g-recaptcha-response'?: string | undefined };
/** How the request passed: a solved captcha, or the budget of visitors without JavaScript (0411). */
export type CaptchaPass = { via: 'altcha' | 'recaptcha' | 'noscript' };

const required = () => new ApiError(400, 'CAPTCHA_REQUIRED', CAPTCHA_MESSAGES.required, { field: 'captcha' });
const invalid = () => new ApiError(400, 'CAPTCHA_INVALID', CAPTCHA_MESSAGES.invalid, { field: 'captcha' });
const unavailable = () =>
  new ApiError(503, 'CAPTCHA_UNAVAILABLE', CAPTCHA_MESSAGES.unavailable, { field: 'captcha' });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The ALTCHA payload (base64 of JSON) as an object of the expected shape, or null. */
function parsePayload(value: string) {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Record<string, unknown>;
    const { algorithm, challenge, number, salt, signature } = parsed;
    if (
      algorithm !== 'SHA-256' ||
      typeof challenge !== 'string' ||
      typeof salt !== 'string' ||
      typeof signature !== 'string' ||
      typeof number !== 'number' ||
      !Number.isSafeInteger(number) ||
      number < 0
    )
      return null;
    return { algorithm: 'SHA-256' as const, challenge, number, salt, signature };
  } catch {
    return null;
  }
}

/**
 * The captcha of every protected form (docs/decisions/0410, 0411): a self-hosted ALTCHA proof of
 * work by default, Google reCAPTCHA v2 invisible when both its keys are configured. A solution is
 * accepted once, in every process (a row in `captcha_spent`), and only until it expires.
 */
export function createCaptchaService(
  deps: Pick<Deps, 'config' | 'db' | 'cache' | 'logger'>,
  options: { fetch?: typeof fetch } = {},
) {
  const { config, db, cache, logger } = deps;
  const fetcher = options.fetch ?? fetch;
  const provider: 'altcha' | 'recaptcha' =
    config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET_KEY ? 'recaptcha' : 'altcha';
  let keyPromise: Promise<string> | undefined;
  let spends = 0;

  async function loadKey(): Promise<string> {
    if (config.CAPTCHA_HMAC_KEY) return config.CAPTCHA_HMAC_KEY;
    await db
      .insert(captchaKeys)
      .values({ name: KEY_NAME, secret: randomBytes(48).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db
      .select({ secret: captchaKeys.secret })
      .from(captchaKeys)
      .where(eq(captchaKeys.name, KEY_NAME));
    if (!row) throw new Error('The captcha key could not be stored');
    return row.secret;
  }
  const hmacKey = () => {
    keyPromise ??= loadKey().catch((error) => {
      keyPromise = undefined;
      throw error;
    });
    return keyPromise;
  };

  /** Marks a solution used; false when it already was (a replay). */
  async function spend(key: string, expiresAt: Date): Promise<boolean> {
    // Now and then, forget what has expired: an expired solution fails verification anyway.
    if (++spends % 64 === 1) await db.delete(captchaSpent).where(lt(captchaSpent.expiresAt, new Date()));
    const inserted = await db
      .insert(captchaSpent)
      .values({ key: sha256(key), expiresAt })
      .onConflictDoNothing()
      .returning({ key: captchaSpent.key });
    return inserted.length > 0;
  }

  /** A sign-up without a solution passes while the hour's budgets (per address, per site) last. */
  async function noScriptLane(ctx: RequestContext): Promise<CaptchaPass> {
    const perAddress = config.CAPTCHA_NOSCRIPT_PER_ADDRESS_PER_HOUR;
    const perSite = config.CAPTCHA_NOSCRIPT_PER_HOUR;
    if (perAddress === 0 || perSite === 0) throw required();
    try {
      const address = ctx.clientAddress ?? 'unknown';
      if ((await cache.increment('captcha-noscript', `${ctx.site.id}:${address}`, 3600)) > perAddress)
        throw required();
      if ((await cache.increment('captcha-noscript', `${ctx.site.id}`, 3600)) > perSite) throw required();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // Without the shared counters the budget cannot be kept: the lane is closed, the captcha still works.
      logger.warn({ err: error }, 'captcha: no-script budget unavailable');
      throw required();
    }
    return { via: 'noscript' };
  }

  async function verifyAltcha(value: string): Promise<CaptchaPass> {
    const payload = parsePayload(value);
    if (!payload) throw invalid();
    if (!(await verifySolution(payload, await hmacKey(), true))) throw invalid();
    const expires = Number(new URLSearchParams(payload.salt.split('?')[1] ?? '').get('expires'));
    const expiresAt = new Date(
      Number.isFinite(expires) && expires > 0
        ? expires * 1000
        : Date.now() + config.CAPTCHA_EXPIRES_SECONDS * 1000,
    );
    if (!(await spend(`altcha:${payload.signature}`, expiresAt))) throw invalid();
    return { via: 'altcha' };
  }

  async function verifyRecaptcha(ctx: RequestContext, token: string): Promise<CaptchaPass> {
    const form = new URLSearchParams({ secret: config.RECAPTCHA_SECRET_KEY ?? '', response: token });
    if (ctx.clientAddress) form.set('remoteip', ctx.clientAddress);
    let answer: { success?: unknown; 'error-codes'?: unknown };
    try {
      const response = await fetcher(config.RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(config.RECAPTCHA_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`reCAPTCHA verification answered ${response.status}`);
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      logger.warn({ err: error }, 'captcha: reCAPTCHA verification failed');
      throw unavailable();
    }
    if (answer.success !== true) throw invalid();
    // Google refuses a token it has seen, too; this also holds when the verify URL is a stand-in.
    if (!(await spend(`recaptcha:${token}`, new Date(Date.now() + RECAPTCHA_SPENT_SECONDS * 1000))))
      throw invalid();
    return { via: 'recaptcha' };
  }

  return {
    provider,

    /** A new challenge for a form (ALTCHA), or what the browser needs to run reCAPTCHA. */
    async challenge(
      _ctx: RequestContext,
    ): Promise<
      | { provider: 'altcha'; challenge: AltchaChallenge }
      | { provider: 'recaptcha'; siteKey: string; invisible: true }
    > {
      if (provider === 'recaptcha')
        return { provider, siteKey: config.RECAPTCHA_SITE_KEY ?? '', invisible: true };
      const challenge = await createChallenge({
        hmacKey: await hmacKey(),
        maxnumber: config.CAPTCHA_MAX_NUMBER,
        expires: new Date(Date.now() + config.CAPTCHA_EXPIRES_SECONDS * 1000),
      });
      return {
        provider,
        challenge: {
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          maxnumber: challenge.maxnumber ?? config.CAPTCHA_MAX_NUMBER,
          salt: challenge.salt,
          signature: challenge.signature,
        },
      };
    },

    /**
     * Checks the captcha of a protected write; throws 400 naming the field `captcha` when it is
     * missing (and the no-script budget is spent) or wrong or already used, 503 when reCAPTCHA
     * cannot be asked. Call it before the write does anything.
     */
    async verifyCaptcha(ctx: RequestContext, input: CaptchaInput): Promise<CaptchaPass> {
      const value = (input.captcha ?? '').trim() || (input['g-recaptcha-response'] ?? '').trim();
      if (!value) return noScriptLane(ctx);
      return provider === 'recaptcha' ? verifyRecaptcha(ctx, value) : verifyAltcha(value);
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
