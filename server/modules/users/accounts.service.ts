import { and, eq } from 'drizzle-orm';
import { ApiError, unauthorized } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { requestUserOf, type SessionService, type SessionTokens } from './session.service.ts';
import { AUTH_MESSAGES, type UserProfile } from './users.contract.ts';
import { type User, users } from './users.schema.ts';
import { requireUser } from './users.service.ts';

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
export function createAccountsService(deps: Pick<Deps, 'db' | 'config'>, sessions: SessionService) {
  const { db } = deps;

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
