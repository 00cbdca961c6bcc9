import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { UiLanguage } from '../../../core/languages.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { ApiError } from '../../api/errors.ts';
import type { Deps, RequestContext, SiteInfo } from '../../api/request-context.ts';
import type { CaptchaInput, CaptchaService } from '../captcha/captcha.service.ts';
import type { MailResult, MailService, MailVariables } from '../mail/mail.service.ts';
import { siteOrigin } from '../site/site.service.ts';
import { NEWSLETTER_CONFIRMED_GOAL } from './marketing.contract.ts';
import { type NewsletterSubscription, newsletterKeys, newsletterSubscriptions } from './marketing.schema.ts';

export type SubscribeResult = {
  email: string;
  status: 'pending' | 'subscribed';
  alreadySubscribed: boolean;
  mailSent: boolean;
};

/** Template keys of the newsletter's own mails (rows of `mail_templates`, migration 0017). */
export const NEWSLETTER_TEMPLATE = { confirm: 'newsletter-confirm', welcome: 'newsletter-welcome' } as const;

const KEY_NAME = 'unsubscribe';
const uiLanguage = (code: string): UiLanguage => (code === 'en' || code === 'de' ? code : 'hr');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidToken = () =>
  new ApiError(400, 'INVALID_TOKEN', 'This link is not valid or has expired.', { field: 'token' });

/**
 * The newsletter with double opt-in (docs/decisions/0412): a sign-up is pending until its mailed link
 * is followed; only confirmed addresses receive newsletters, and every newsletter mail carries a
 * signed one-click unsubscribe link and the RFC 8058 headers.
 */
export function createNewsletterService(
  deps: Pick<Deps, 'db' | 'config' | 'logger'>,
  services: { mail: MailService; captcha: CaptchaService },
) {
  const { db, config, logger } = deps;
  const { mail, captcha } = services;
  let keyPromise: Promise<string> | undefined;

  async function loadKey(): Promise<string> {
    await db
      .insert(newsletterKeys)
      .values({ name: KEY_NAME, secret: randomBytes(48).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db
      .select({ secret: newsletterKeys.secret })
      .from(newsletterKeys)
      .where(eq(newsletterKeys.name, KEY_NAME));
    if (!row) throw new Error('The unsubscribe key could not be stored');
    return row.secret;
  }
  const unsubscribeKey = () => {
    keyPromise ??= loadKey().catch((error) => {
      keyPromise = undefined;
      throw error;
    });
    return keyPromise;
  };

  const signature = async (row: Pick<NewsletterSubscription, 'id' | 'siteId' | 'email'>) =>
    createHmac('sha256', await unsubscribeKey())
      .update(`${row.siteId}:${row.id}:${row.email}`)
      .digest('base64url');

  /** The token of a subscription's unsubscribe links: its id and a signature over site, id and address. */
  async function unsubscribeToken(row: Pick<NewsletterSubscription, 'id' | 'siteId' | 'email'>) {
    return `${row.id}.${await signature(row)}`;
  }

  /** The subscription an unsubscribe token names, when its signature is right; else 400. */
  async function subscriptionOfToken(ctx: RequestContext, token: string): Promise<NewsletterSubscription> {
    const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) throw invalidToken();
    const [row] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(
        and(
          eq(newsletterSubscriptions.id, Number(match[1])),
          eq(newsletterSubscriptions.siteId, ctx.site.id),
        ),
      );
    if (!row) throw invalidToken();
    const expected = Buffer.from(await signature(row));
    const given = Buffer.from(match[2]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidToken();
    return row;
  }

  const origin = (site: SiteInfo, host: string | undefined) => siteOrigin(site, host, config.PUBLIC_URL);

  /**
   * Sends a newsletter mail to a confirmed subscriber: the template gets `unsubscribeUrl`, and the
   * message the `List-Unsubscribe` and `List-Unsubscribe-Post` headers (RFC 8058), so mail clients
   * offer their own one-click button. Anything sent to subscribers goes through here.
   */
  async function sendToSubscriber(
    ctx: Pick<RequestContext, 'site' | 'host'>,
    row: NewsletterSubscription,
    key: string,
    variables: MailVariables = {},
  ): Promise<MailResult> {
    const language = uiLanguage(row.languageCode);
    const unsubscribeUrl = `${origin(ctx.site, ctx.host)}${localizedPath('newsletterUnsubscribe', language)}?token=${await unsubscribeToken(row)}`;
    return mail.sendTemplate({
      siteId: row.siteId,
      key,
      languages: [...new Set([language, ctx.site.defaultLanguage, 'en'])],
      to: row.email,
      variables: { siteName: ctx.site.name, email: row.email, ...variables, unsubscribeUrl },
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  async function sendConfirmation(ctx: RequestContext, email: string, token: string): Promise<MailResult> {
    const language = uiLanguage(ctx.language);
    const link = `${origin(ctx.site, ctx.host)}${localizedPath('confirmEmail', language)}?subscription=${token}`;
    return mail.sendTemplate({
      siteId: ctx.site.id,
      key: NEWSLETTER_TEMPLATE.confirm,
      languages: [...new Set([language, ctx.site.defaultLanguage, 'en'])],
      to: email,
      variables: {
        siteName: ctx.site.name,
        email,
        link,
        validHours: String(config.NEWSLETTER_CONFIRM_HOURS),
      },
    });
  }

  const newToken = () => {
    const token = randomBytes(32).toString('base64url');
    return {
      token,
      fields: {
        confirmTokenHash: hashToken(token),
        confirmExpiresAt: new Date(Date.now() + config.NEWSLETTER_CONFIRM_HOURS * 3600 * 1000),
        confirmSentAt: new Date(),
      },
    };
  };

  return {
    sendToSubscriber,
    unsubscribeToken,

    /**
     * Signs an address up: captcha first, then a pending row and a confirmation mail. Repeating it (or
     * racing it) never makes a second row (the unique (site, email) index decides); a pending or
     * unsubscribed address gets a new link only when the last one is older than
     * NEWSLETTER_RESEND_SECONDS (one conditional UPDATE, so concurrent repeats send one mail).
     */
    async subscribe(ctx: RequestContext, input: { email: string } & CaptchaInput): Promise<SubscribeResult> {
      await captcha.verifyCaptcha(ctx, input);
      const email = input.email.trim().toLowerCase();
      const fresh = newToken();
      const inserted = await db
        .insert(newsletterSubscriptions)
        .values({
          siteId: ctx.site.id,
          email,
          languageCode: ctx.language,
          status: 'pending',
          ...fresh.fields,
        })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscriptions.id });
      if (inserted.length > 0) {
        const sent = await sendConfirmation(ctx, email, fresh.token);
        return { email, status: 'pending', alreadySubscribed: false, mailSent: sent.sent };
      }
      const again = newToken();
      const resent = await db
        .update(newsletterSubscriptions)
        .set({ status: 'pending', languageCode: ctx.language, ...again.fields })
        .where(
          and(
            eq(newsletterSubscriptions.siteId, ctx.site.id),
            eq(newsletterSubscriptions.email, email),
            sql`${newsletterSubscriptions.status} <> 'subscribed'`,
            // An unsubscribed address starts over at once; a pending one waits for the resend interval.
            sql`(${newsletterSubscriptions.status} = 'unsubscribed' or ${newsletterSubscriptions.confirmSentAt} is null or ${newsletterSubscriptions.confirmSentAt} <= now() - make_interval(secs => ${config.NEWSLETTER_RESEND_SECONDS}))`,
          ),
        )
        .returning({ id: newsletterSubscriptions.id });
      if (resent.length > 0) {
        const sent = await sendConfirmation(ctx, email, again.token);
        return { email, status: 'pending', alreadySubscribed: false, mailSent: sent.sent };
      }
      const [row] = await db
        .select({ status: newsletterSubscriptions.status })
        .from(newsletterSubscriptions)
        .where(
          and(eq(newsletterSubscriptions.siteId, ctx.site.id), eq(newsletterSubscriptions.email, email)),
        );
      if (row?.status === 'subscribed')
        return { email, status: 'subscribed', alreadySubscribed: true, mailSent: false };
      return { email, status: 'pending', alreadySubscribed: false, mailSent: false };
    },

    /** Confirms a pending sign-up (the token works once, until it expires), then sends the welcome mail. */
    async confirm(
      ctx: RequestContext,
      token: string,
    ): Promise<{ goalType: 'message'; goal: string; confirmedEmail: string }> {
      const [row] = await db
        .update(newsletterSubscriptions)
        .set({
          status: 'subscribed',
          confirmedAt: sql`now()`,
          consentAt: sql`now()`,
          confirmTokenHash: null,
          confirmExpiresAt: null,
          unsubscribedAt: null,
        })
        .where(
          and(
            eq(newsletterSubscriptions.siteId, ctx.site.id),
            eq(newsletterSubscriptions.confirmTokenHash, hashToken(token)),
            gt(newsletterSubscriptions.confirmExpiresAt, sql`now()`),
            eq(newsletterSubscriptions.status, 'pending'),
          ),
        )
        .returning();
      if (!row) throw invalidToken();
      await sendToSubscriber(ctx, row, NEWSLETTER_TEMPLATE.welcome).catch((error) =>
        logger.error({ err: error }, 'newsletter welcome mail not sent'),
      );
      return { goalType: 'message', goal: NEWSLETTER_CONFIRMED_GOAL, confirmedEmail: row.email };
    },

    /** What the unsubscribe page shows before the visitor confirms: nothing changes. */
    async unsubscribeInfo(ctx: RequestContext, token: string) {
      const row = await subscriptionOfToken(ctx, token);
      return { email: row.email, subscribed: row.status === 'subscribed' };
    },

    /** One-click unsubscribe (RFC 8058): no login, the signed token is the authority; repeating is harmless. */
    async unsubscribe(ctx: RequestContext, token: string) {
      const row = await subscriptionOfToken(ctx, token);
      await db
        .update(newsletterSubscriptions)
        .set({
          status: 'unsubscribed',
          unsubscribedAt: sql`now()`,
          confirmTokenHash: null,
          confirmExpiresAt: null,
        })
        .where(
          and(
            eq(newsletterSubscriptions.id, row.id),
            sql`${newsletterSubscriptions.status} <> 'unsubscribed'`,
          ),
        );
      return { email: row.email, status: 'unsubscribed' as const };
    },

    /** The confirmed subscribers of a site, the only addresses a newsletter goes to. */
    async recipients(siteId: number): Promise<NewsletterSubscription[]> {
      return db
        .select()
        .from(newsletterSubscriptions)
        .where(
          and(eq(newsletterSubscriptions.siteId, siteId), eq(newsletterSubscriptions.status, 'subscribed')),
        );
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
