import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { readCookie, serializeCookie } from '../../../core/cookies.ts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../../core/visitor-cookies.ts';
import type { Deps, RequestContext, RequestUser } from '../../api/request-context.ts';
import { authKeys, refreshTokens, type User, users } from './users.schema.ts';

/** What a login or a refresh hands out: the spec's `data.tokens`. */
export type SessionTokens = {
  accessToken: string;
  refreshToken: string;
  /** ISO times, so that a client can plan its refresh without decoding the token. */
  accessTokenExpiresAt: string;
  refreshTokenExpiresAt: string;
};

export type RefreshOutcome =
  | { ok: true; tokens: SessionTokens; user: RequestUser }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

const ISSUER = 'shop';
const KEY_NAME = 'access-token-hs256';
const ALGORITHM = 'HS256';

/** SHA-256 of a token, hex: what the database keeps instead of the token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits, URL-safe: refresh tokens and e-mailed tokens. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

type Claims = {
  email: string;
  fn: string;
  ln: string;
  bo: boolean;
  scope: string;
  /** The session (refresh-token family) the token belongs to: a revoked family ends its access tokens too. */
  sid: string;
};

export const requestUserOf = (
  user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'isBackofficeUser' | 'scope'>,
): RequestUser => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  isBackofficeUser: user.isBackofficeUser,
  scope: user.scope,
});

/**
 * Sessions: a short-lived signed access token (JWT, HS256) and an opaque refresh token that is stored
 * hashed, rotated on every use and whose reuse revokes its family (docs/decisions/0220). The signing
 * key is AUTH_SECRET, or a key generated once and kept in the database so that every process agrees.
 */
export function createSessionService(deps: Pick<Deps, 'config' | 'db'>) {
  const { config, db } = deps;
  const encoder = new TextEncoder();
  let keyPromise: Promise<Uint8Array> | undefined;

  async function loadKey(): Promise<Uint8Array> {
    if (config.AUTH_SECRET) return encoder.encode(config.AUTH_SECRET);
    // Migration 0006 creates the key; should the row be gone, the first process to get here makes a
    // new one and every other one (now or later) reads that row.
    await db
      .insert(authKeys)
      .values({ name: KEY_NAME, secret: randomBytes(48).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db
      .select({ secret: authKeys.secret })
      .from(authKeys)
      .where(eq(authKeys.name, KEY_NAME));
    if (!row) throw new Error('The token signing key could not be stored');
    return encoder.encode(row.secret);
  }
  const signingKey = () => {
    keyPromise ??= loadKey().catch((error) => {
      keyPromise = undefined;
      throw error;
    });
    return keyPromise;
  };

  const audience = (siteId: number) => `site:${siteId}`;

  async function signAccessToken(user: User, familyId: string) {
    const expiresAt = new Date(Date.now() + config.ACCESS_TOKEN_TTL_SECONDS * 1000);
    const claims: Claims = {
      email: user.email,
      fn: user.firstName,
      ln: user.lastName,
      bo: user.isBackofficeUser,
      scope: user.scope,
      sid: familyId,
    };
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer(ISSUER)
      .setAudience(audience(user.siteId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await signingKey());
    return { token, expiresAt };
  }

  async function insertRefreshToken(userId: number, familyId: string) {
    const token = newOpaqueToken();
    const expiresAt = new Date(Date.now() + config.REFRESH_TOKEN_TTL_SECONDS * 1000);
    await db.insert(refreshTokens).values({ familyId, userId, tokenHash: tokenHash(token), expiresAt });
    return { token, expiresAt };
  }

  async function issue(user: User, familyId: string): Promise<SessionTokens> {
    const [access, refresh] = await Promise.all([
      signAccessToken(user, familyId),
      insertRefreshToken(user.id, familyId),
    ]);
    return {
      accessToken: access.token,
      refreshToken: refresh.token,
      accessTokenExpiresAt: access.expiresAt.toISOString(),
      refreshTokenExpiresAt: refresh.expiresAt.toISOString(),
    };
  }

  async function revokeFamily(familyId: string) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** The session cookies for a pair of tokens: httpOnly, SameSite=Lax, Secure outside local development. */
  function cookiesFor(tokens: SessionTokens): string[] {
    const base = { httpOnly: true, secure: config.secureCookies };
    return [
      serializeCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, {
        ...base,
        maxAgeSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      }),
      serializeCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, {
        ...base,
        maxAgeSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
      }),
    ];
  }

  /** Cookies that remove the session from the browser. */
  function clearingCookies(): string[] {
    const base = { httpOnly: true, secure: config.secureCookies, maxAgeSeconds: 0 };
    return [serializeCookie(ACCESS_TOKEN_COOKIE, '', base), serializeCookie(REFRESH_TOKEN_COOKIE, '', base)];
  }

  const service = {
    cookiesFor,
    clearingCookies,

    /**
     * A 256-bit key for another purpose (the social login state cookie), derived from the signing key
     * so that every process of the shop agrees on it without another secret.
     */
    async derivedKey(purpose: string): Promise<Uint8Array> {
      return new Uint8Array(
        createHash('sha256')
          .update(await signingKey())
          .update(`:${purpose}`)
          .digest(),
      );
    },

    /** A new session (a new family) for a user who just proved who they are. */
    start(user: User): Promise<SessionTokens> {
      return issue(user, randomUUID());
    },

    /**
     * The user an access token names, or null when it is not valid for this site: bad signature,
     * expired, another site's, or its session was ended (logout, reuse, password reset).
     */
    async verify(token: string, siteId: number): Promise<RequestUser | null> {
      let payload: Partial<Claims> & { sub?: string };
      try {
        ({ payload } = await jwtVerify<Claims>(token, await signingKey(), {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: audience(siteId),
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return null;
        throw error;
      }
      const id = Number(payload.sub);
      if (!Number.isSafeInteger(id) || id <= 0 || typeof payload.sid !== 'string') return null;
      // One indexed lookup: the session must not have been ended since the token was signed.
      const [revoked] = await db
        .select({ one: sql<number>`1` })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, payload.sid), sql`${refreshTokens.revokedAt} is not null`))
        .limit(1);
      if (revoked) return null;
      return {
        id,
        email: String(payload.email ?? ''),
        firstName: String(payload.fn ?? ''),
        lastName: String(payload.ln ?? ''),
        isBackofficeUser: payload.bo === true,
        scope: String(payload.scope ?? ''),
      };
    },

    /**
     * Exchanges a refresh token for a new pair. The presented token is rotated (never valid again);
     * presenting a rotated token again revokes the whole family, except within the grace seconds after
     * its rotation (two requests that refreshed at once), which get a sibling token of the same family.
     */
    async refresh(refreshToken: string, siteId: number): Promise<RefreshOutcome> {
      const [row] = await db
        .select({ token: refreshTokens, user: users })
        .from(refreshTokens)
        .innerJoin(users, eq(users.id, refreshTokens.userId))
        .where(eq(refreshTokens.tokenHash, tokenHash(refreshToken)))
        .limit(1);
      if (!row || row.user.siteId !== siteId) return { ok: false, reason: 'unknown' };
      const { token, user } = row;
      if (token.revokedAt) return { ok: false, reason: 'revoked' };
      if (token.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
      const graceEnds = (rotatedAt: Date) => rotatedAt.getTime() + config.REFRESH_REUSE_GRACE_SECONDS * 1000;
      if (token.rotatedAt && graceEnds(token.rotatedAt) < Date.now()) {
        await revokeFamily(token.familyId);
        return { ok: false, reason: 'reused' };
      }
      if (!token.rotatedAt) {
        // Only one of concurrent requests marks the token; the others land in the grace branch below.
        const marked = await db
          .update(refreshTokens)
          .set({ rotatedAt: new Date() })
          .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.rotatedAt)))
          .returning({ rotatedAt: refreshTokens.rotatedAt });
        if (marked.length === 0) {
          const [again] = await db
            .select({ rotatedAt: refreshTokens.rotatedAt })
            .from(refreshTokens)
            .where(eq(refreshTokens.id, token.id));
          if (!again?.rotatedAt || graceEnds(again.rotatedAt) < Date.now()) {
            await revokeFamily(token.familyId);
            return { ok: false, reason: 'reused' };
          }
        }
      }
      return { ok: true, tokens: await issue(user, token.familyId), user: requestUserOf(user) };
    },

    /** Ends the sessions a refresh token and an access token's session id belong to. */
    async end(input: { refreshToken?: string | null; familyId?: string | null }) {
      const families = new Set<string>();
      if (input.familyId) families.add(input.familyId);
      if (input.refreshToken) {
        const [row] = await db
          .select({ familyId: refreshTokens.familyId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash(input.refreshToken)));
        if (row) families.add(row.familyId);
      }
      for (const familyId of families) await revokeFamily(familyId);
    },

    /** Ends every session of a user (after a password reset or change elsewhere). */
    async endAll(userId: number) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },

    /** The session id inside an access token whose signature is valid (even if expired), for logout. */
    async sessionIdOf(accessToken: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify<Claims>(accessToken, await signingKey(), {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          // An expired token still says which session to end.
          currentDate: new Date(0),
        });
        return typeof payload.sid === 'string' ? payload.sid : null;
      } catch {
        return null;
      }
    },

    /**
     * Fills `ctx.user` for a request: from the access token of a header (API clients) or of the
     * session cookie (browsers). A browser whose access cookie expired or is missing while its refresh
     * cookie is valid gets a new pair silently (the new cookies go into `ctx.responseCookies`); a
     * refresh cookie that no longer works is cleared. A header token that fails is not refreshed: API
     * clients refresh themselves (GET /v1/refresh).
     */
    async authenticate(
      ctx: RequestContext,
      headerToken: string | null,
      cookieHeader: string | null | undefined,
      headerRefreshToken: string | null = null,
    ) {
      const cookieAccess = readCookie(cookieHeader, ACCESS_TOKEN_COOKIE) || null;
      const cookieRefresh = readCookie(cookieHeader, REFRESH_TOKEN_COOKIE) || null;
      ctx.refreshToken = headerRefreshToken ?? cookieRefresh;
      const token = headerToken ?? cookieAccess;
      ctx.accessToken = token;
      if (token) {
        const user = await service.verify(token, ctx.site.id);
        if (user || headerToken) {
          ctx.user = user;
          return;
        }
      }
      // API clients (a refresh token in a header) refresh themselves through GET /v1/refresh.
      if (!cookieRefresh || headerRefreshToken) {
        // An access cookie alone that is not valid (a signing key changed, the session ended): gone.
        if (cookieAccess) ctx.responseCookies.push(...clearingCookies());
        return;
      }
      const outcome = await service.refresh(cookieRefresh, ctx.site.id);
      if (!outcome.ok) {
        ctx.responseCookies.push(...clearingCookies());
        ctx.refreshToken = null;
        ctx.accessToken = null;
        return;
      }
      ctx.user = outcome.user;
      ctx.accessToken = outcome.tokens.accessToken;
      ctx.refreshToken = outcome.tokens.refreshToken;
      ctx.responseCookies.push(...cookiesFor(outcome.tokens));
    },
  };
  return service;
}

export type SessionService = ReturnType<typeof createSessionService>;
