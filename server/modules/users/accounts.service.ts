import { and, eq, gt, isNull } from 'drizzle-orm';
import { localizedPath } from '../../../core/route-table.ts';
import { ApiError, unauthorized } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import type { Db } from '../../db/client.ts';
import type { CaptchaInput, CaptchaService } from '../captcha/captcha.service.ts';
import type { ConsentService } from '../consent/consent.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import { siteOrigin } from '../site/site.service.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';
import { createLoginLimits } from './login-limits.ts';
import { hashPassword, verifyPassword } from './password.ts';
import {
  newOpaqueToken,
  requestUserOf,
  type SessionService,
  type SessionTokens,
  tokenHash,
} from './session.service.ts';
import { AUTH_MESSAGES, type UserProfile } from './users.contract.ts';
import { type User, type UserTokenPurpose, users, userTokens } from './users.schema.ts';
import { requireUser } from './users.service.ts';

/** How long e-mailed links work. */
const TOKEN_HOURS: Record<UserTokenPurpose, number> = { 'verify-email': 48, 'password-reset': 1 };
/** The template keys the site options name by default (UserRegisterEmailTemplate, ResetPasswordEmailTemplate). */
const TEMPLATE_OPTION: Record<UserTokenPurpose, { option: string; fallback: string }> = {
  'verify-email': { option: 'UserRegisterEmailTemplate', fallback: 'user-register' },
  'password-reset': { option: 'ResetPasswordEmailTemplate', fallback: 'reset-password' },
};

const uiLanguage = (code: string) => (code === 'en' || code === 'de' ? code : 'hr');

const invalidToken = () =>
  new ApiError(400, 'INVALID_TOKEN', 'This link is not valid or has expired.', { field: 'token' });

/** Verified against when the e-mail has no account, so that both failures take the same time. */
const dummyHash = hashPassword('not-a-real-password-0!A');

export const profileOf = (user: User): UserProfile => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  displayName: user.displayName,
  isBackofficeUser: user.isBackofficeUser,
  scope: user.scope,
  emailVerified: user.emailVerifiedAt !== null,
  memberCardBarcode: user.memberCardBarcode,
});

export const invalidLogin = () => new ApiError(401, 'INVALID_LOGIN', AUTH_MESSAGES.unknownUser);

/** Login, logout, refresh and the current user: the session calls of section 7. */
export function createAccountsService(
  deps: Pick<Deps, 'db' | 'config' | 'cache' | 'logger'>,
  services: {
    sessions: SessionService;
    mail: MailService;
    consents: ConsentService;
    captcha: CaptchaService;
    /** A site option's value (the mail template keys). */
    siteOption: (ctx: RequestContext, name: string) => Promise<unknown>;
  },
) {
  const { db, config, logger } = deps;
  const { sessions, mail, consents } = services;
  const limits = createLoginLimits(deps.cache, config);

  /** Refuses a new password from the breached-password list (400 naming the field). */
  async function refuseCommon(password: string, field: string) {
    if (await isCommonPassword(password))
      throw new ApiError(400, 'COMMON_PASSWORD', COMMON_PASSWORD_MESSAGE, { field });
  }

  /** A new single-use token for the user (earlier unused ones of the same purpose stop working). */
  async function issueToken(executor: Db, userId: number, purpose: UserTokenPurpose) {
    await executor
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
    const token = newOpaqueToken();
    await executor.insert(userTokens).values({
      userId,
      purpose,
      tokenHash: tokenHash(token),
      expiresAt: new Date(Date.now() + TOKEN_HOURS[purpose] * 3_600_000),
    });
    return token;
  }

  /** Uses a token once: marks it used and answers its user, or 400 when unknown, used or expired. */
  async function consumeToken(executor: Db, siteId: number, token: string, purpose: UserTokenPurpose) {
    const [used] = await executor
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userTokens.tokenHash, tokenHash(token)),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: userTokens.userId });
    if (!used) throw invalidToken();
    const [user] = await executor
      .select()
      .from(users)
      .where(and(eq(users.id, used.userId), eq(users.siteId, siteId)));
    if (!user) throw invalidToken();
    return user;
  }

  /** The template key of a link mail: the site's option, else the shipped default. Read before a transaction. */
  async function linkTemplate(ctx: RequestContext, purpose: UserTokenPurpose) {
    const configured = await services.siteOption(ctx, TEMPLATE_OPTION[purpose].option).catch(() => undefined);
    return typeof configured === 'string' && configured ? configured : TEMPLATE_OPTION[purpose].fallback;
  }

  /**
   * Queues the e-mail with a link (confirmation or reset) in the request's language with the
   * transaction that issued the token (decision 0305): both commit, or neither. A template that
   * cannot be rendered is logged and answered `false`; the change itself goes on.
   */
  async function queueLinkMail(
    executor: Db,
    ctx: RequestContext,
    key: string,
    user: User,
    purpose: UserTokenPurpose,
    token: string,
  ) {
    const language = uiLanguage(ctx.language);
    const origin = siteOrigin(ctx.site, ctx.host, config.PUBLIC_URL);
    const link =
      purpose === 'verify-email'
        ? `${origin}${localizedPath('confirmEmail', language)}?token=${encodeURIComponent(token)}`
        : `${origin}${localizedPath('forgotPassword', language)}?token=${encodeURIComponent(token)}`;
    const input = {
      siteId: ctx.site.id,
      key,
      languages: [...new Set([ctx.language, ctx.site.defaultLanguage, 'en'])],
      to: user.email,
      variables: {
        firstName: user.firstName || user.displayName || user.email,
        siteName: ctx.site.name,
        link,
        validHours: String(TOKEN_HOURS[purpose]),
      },
    };
    let rendered: Awaited<ReturnType<typeof mail.render>>;
    try {
      rendered = await mail.render(input.siteId, input.key, input.languages, input.variables, executor);
    } catch (error) {
      logger.error({ err: error, template: key }, 'mail not queued');
      return false;
    }
    await mail.queueMessage(executor, { siteId: input.siteId, template: key, to: input.to, ...rendered });
    return true;
  }

  const userByEmail = async (siteId: number, email: string) => {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.siteId, siteId), eq(users.email, email)))
      .limit(1);
    return user;
  };

  const userById = async (siteId: number, id: number) => {
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.siteId, siteId), eq(users.id, id)))
      .limit(1);
    return user;
  };

  /** Starts a session for the user: tokens in the answer, cookies on the response, the context's user set. */
  async function startSession(ctx: RequestContext, user: User) {
    // A browser that logs in again leaves its previous session behind: end it.
    if (ctx.refreshToken) await sessions.end({ refreshToken: ctx.refreshToken });
    const tokens = await sessions.start(user);
    ctx.responseCookies.push(...sessions.cookiesFor(tokens));
    ctx.user = requestUserOf(user);
    ctx.accessToken = tokens.accessToken;
    ctx.refreshToken = tokens.refreshToken;
    return tokens;
  }

  return {
    userByEmail,
    userById,
    startSession,

    /**
     * A login attempt under the brute-force limits: 429 while the address or this account from it
     * is blocked, else the user or 401 'Unknown username or password!'.
     */
    async authenticate(ctx: RequestContext, email: string, password: string): Promise<User> {
      await limits.check(ctx.site.id, email, ctx.clientAddress);
      const user = await this.checkCredentials(ctx, email, password);
      if (!user) {
        await limits.failed(ctx.site.id, email, ctx.clientAddress);
        throw invalidLogin();
      }
      await limits.succeeded(ctx.site.id, email, ctx.clientAddress);
      return user;
    },

    /** The user with this e-mail and password, or null (the same time either way). */
    async checkCredentials(ctx: RequestContext, email: string, password: string): Promise<User | null> {
      const user = await userByEmail(ctx.site.id, email);
      if (!user?.passwordHash) {
        await verifyPassword(await dummyHash, password);
        return null;
      }
      return (await verifyPassword(user.passwordHash, password)) ? user : null;
    },

    async login(ctx: RequestContext, user: User): Promise<{ tokens: SessionTokens; user: UserProfile }> {
      const tokens = await startSession(ctx, user);
      return { tokens, user: profileOf(user) };
    },

    async refresh(ctx: RequestContext): Promise<{ tokens: SessionTokens }> {
      if (!ctx.refreshToken) throw unauthorized('A refresh token is required.');
      const outcome = await sessions.refresh(ctx.refreshToken, ctx.site.id);
      if (!outcome.ok) {
        ctx.responseCookies.push(...sessions.clearingCookies());
        throw new ApiError(
          401,
          outcome.reason === 'reused' ? 'REFRESH_TOKEN_REUSED' : 'INVALID_REFRESH_TOKEN',
          outcome.reason === 'reused'
            ? 'This refresh token was used before; the session has been ended.'
            : 'The refresh token is not valid.',
        );
      }
      ctx.responseCookies.push(...sessions.cookiesFor(outcome.tokens));
      ctx.user = outcome.user;
      return { tokens: outcome.tokens };
    },

    async profile(ctx: RequestContext): Promise<UserProfile> {
      const current = requireUser(ctx);
      const user = await userById(ctx.site.id, current.id);
      if (!user) throw unauthorized();
      return profileOf(user);
    },

    /**
     * Registers a customer: required consents enforced, the breached-password check, the consents
     * logged and a confirmation token created in one transaction; then the confirmation e-mail and
     * the new session (auto-login).
     */
    async register(
      ctx: RequestContext,
      input: {
        firstName: string;
        lastName: string;
        email: string;
        password: string;
        consents: number[];
      } & CaptchaInput,
    ): Promise<{ user: UserProfile; mailSent: boolean }> {
      await services.captcha.verifyCaptcha(ctx, input);
      await consents.checkGiven(ctx, 'registerForm', input.consents);
      await refuseCommon(input.password, 'password');
      const passwordHash = await hashPassword(input.password);
      const template = await linkTemplate(ctx, 'verify-email');
      const created = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            siteId: ctx.site.id,
            email: input.email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            displayName: `${input.firstName} ${input.lastName}`.trim(),
          })
          .onConflictDoNothing()
          .returning();
        if (!user) return null;
        await consents.log(
          {
            siteId: ctx.site.id,
            status: 'accepted',
            consentIds: input.consents,
            form: 'registerForm',
            userId: user.id,
            email: user.email,
            address: ctx.clientAddress,
          },
          tx as unknown as Db,
        );
        const token = await issueToken(tx as unknown as Db, user.id, 'verify-email');
        const queued = await queueLinkMail(tx as unknown as Db, ctx, template, user, 'verify-email', token);
        return { user, queued };
      });
      if (!created) throw new ApiError(409, 'USER_EXISTS', AUTH_MESSAGES.userExists, { field: 'email' });
      if (created.queued) mail.kick();
      await startSession(ctx, created.user);
      return { user: profileOf(created.user), mailSent: created.queued };
    },

    async verifyEmail(ctx: RequestContext, token: string): Promise<{ verified: true; email: string }> {
      const user = await db.transaction(async (tx) => {
        const found = await consumeToken(tx as unknown as Db, ctx.site.id, token, 'verify-email');
        await tx
          .update(users)
          .set({ emailVerifiedAt: found.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
          .where(eq(users.id, found.id));
        return found;
      });
      return { verified: true, email: user.email };
    },

    /**
     * Sends a reset link when the address has an account. The answer is the same either way, and
     * it does not wait for the mail, so its timing does not tell either.
     */
    async forgotPassword(ctx: RequestContext, email: string): Promise<{ accepted: true }> {
      const user = await userByEmail(ctx.site.id, email);
      if (user) {
        // The token and its mail in one transaction; the send itself is the worker's, not waited for.
        const template = await linkTemplate(ctx, 'password-reset');
        const queued = await db
          .transaction(async (tx) => {
            const token = await issueToken(tx as unknown as Db, user.id, 'password-reset');
            return queueLinkMail(tx as unknown as Db, ctx, template, user, 'password-reset', token);
          })
          .catch((error) => {
            logger.error({ err: error }, 'password reset mail failed');
            return false;
          });
        if (queued) mail.kick();
      }
      return { accepted: true };
    },

    /** A new password with a reset token: single use; every session of the user ends. */
    async resetPassword(ctx: RequestContext, token: string, password: string): Promise<{ email: string }> {
      await refuseCommon(password, 'newPassword');
      const passwordHash = await hashPassword(password);
      const user = await db.transaction(async (tx) => {
        const found = await consumeToken(tx as unknown as Db, ctx.site.id, token, 'password-reset');
        // The link came to the mailbox: the address is confirmed as well.
        await tx
          .update(users)
          .set({ passwordHash, emailVerifiedAt: found.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
          .where(eq(users.id, found.id));
        return found;
      });
      await sessions.endAll(user.id);
      return { email: user.email };
    },

    /** Changes the password of the logged-in user; other sessions end, this one is renewed. */
    async setPassword(
      ctx: RequestContext,
      oldPassword: string,
      password: string,
    ): Promise<{ changed: true }> {
      const current = requireUser(ctx);
      const user = await userById(ctx.site.id, current.id);
      if (!user) throw unauthorized();
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, oldPassword)))
        throw new ApiError(400, 'INCORRECT_OLD_PASSWORD', AUTH_MESSAGES.incorrectOldPassword, {
          field: 'oldPassword',
        });
      await refuseCommon(password, 'newPassword');
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await sessions.endAll(user.id);
      ctx.refreshToken = null;
      await startSession(ctx, user);
      return { changed: true };
    },

    /** Ends the session on the server (refresh token, else the access token's session) and clears the cookies. */
    async logout(ctx: RequestContext): Promise<{ loggedOut: true }> {
      const familyId = ctx.accessToken ? await sessions.sessionIdOf(ctx.accessToken) : null;
      await sessions.end({ refreshToken: ctx.refreshToken, familyId });
      ctx.responseCookies.push(...sessions.clearingCookies());
      ctx.user = null;
      return { loggedOut: true };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
