import { and, eq, sql } from 'drizzle-orm';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as oidc from 'openid-client';
import { readCookie, serializeCookie } from '../../../core/cookies.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { ApiError } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { siteOrigin } from '../site/site.service.ts';
import type { AccountsService } from './accounts.service.ts';
import { type SessionService, tokenHash } from './session.service.ts';
import { SOCIAL_ERRORS, type SocialProviderName, socialProviderNames } from './social.contract.ts';
import { type User, userSocialIdentities, users } from './users.schema.ts';

/** The httpOnly cookie that carries a started login's state, PKCE verifier and nonce (encrypted). */
export const SOCIAL_STATE_COOKIE = 'socialLogin';
/** openid-client's error codes that mean "not this code" rather than "the provider failed". */
const REFUSALS = new Set([
  'OAUTH_RESPONSE_BODY_ERROR',
  'OAUTH_AUTHORIZATION_RESPONSE_ERROR',
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_INVALID_RESPONSE',
]);
/** How long a started social login may take at the provider. */
const STATE_TTL_SECONDS = 600;

type ProviderSettings = {
  name: SocialProviderName;
  clientId: string;
  clientSecret: string;
  /** OpenID Connect: found by discovery at the issuer (ID token, nonce, userinfo). */
  issuer?: string;
  /** Plain OAuth 2.0 (Facebook Login): the endpoints, and the user object at `userinfo`. */
  endpoints?: { authorization: string; token: string; userinfo: string };
};

/** The configured providers, in the order the buttons show them. */
export function socialProviderSettings(config: Config): ProviderSettings[] {
  const providers: ProviderSettings[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
    providers.push({
      name: 'google',
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      issuer: config.GOOGLE_ISSUER_URL,
    });
  if (config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET)
    providers.push({
      name: 'facebook',
      clientId: config.FACEBOOK_CLIENT_ID,
      clientSecret: config.FACEBOOK_CLIENT_SECRET,
      ...(config.FACEBOOK_ISSUER_URL
        ? { issuer: config.FACEBOOK_ISSUER_URL }
        : {
            endpoints: {
              authorization: config.FACEBOOK_AUTHORIZATION_URL,
              token: config.FACEBOOK_TOKEN_URL,
              userinfo: config.FACEBOOK_USERINFO_URL,
            },
          }),
    });
  return providers;
}

/** What the state cookie holds between the redirect to the provider and its answer. */
type PendingLogin = {
  provider: SocialProviderName;
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  redirectTo: string;
  language: string;
  siteId: number;
};

/** Who the provider says the visitor is. */
type ProviderIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  displayName: string;
};

const text = (value: unknown, max = 100) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

const isLoopback = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

/**
 * Social login through openid-client (docs/decisions/0236): the authorization code flow with PKCE,
 * state and (OpenID Connect) nonce. The pending login lives in an encrypted httpOnly cookie of the
 * browser that started it, so a code and state brought by another browser never log it in.
 */
export function createSocialLoginService(
  deps: Pick<Deps, 'config' | 'db' | 'logger' | 'cache'>,
  services: { sessions: SessionService; accounts: AccountsService },
) {
  const { config, db, logger, cache } = deps;
  const providers = new Map(socialProviderSettings(config).map((provider) => [provider.name, provider]));
  const configurations = new Map<SocialProviderName, Promise<oidc.Configuration>>();
  const timeoutSeconds = Math.max(1, Math.round(config.SOCIAL_LOGIN_TIMEOUT_MS / 1000));

  /** The provider's client configuration: discovered once per process (again after a failure). */
  function configurationOf(settings: ProviderSettings): Promise<oidc.Configuration> {
    let configuration = configurations.get(settings.name);
    if (configuration) return configuration;
    const insecure = (settings.issuer ?? settings.endpoints?.token ?? '').startsWith('http:');
    const execute = insecure ? [oidc.allowInsecureRequests] : [];
    if (settings.issuer) {
      if (insecure && !isLoopback(settings.issuer)) throw new Error('http issuers are for localhost only');
      configuration = oidc.discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        {
          execute,
          timeout: timeoutSeconds,
        },
      );
    } else {
      const endpoints = settings.endpoints as NonNullable<ProviderSettings['endpoints']>;
      const made = new oidc.Configuration(
        {
          issuer: new URL(endpoints.authorization).origin,
          authorization_endpoint: endpoints.authorization,
          token_endpoint: endpoints.token,
        },
        settings.clientId,
        settings.clientSecret,
      );
      made.timeout = timeoutSeconds;
      for (const apply of execute) apply(made);
      configuration = Promise.resolve(made);
    }
    configuration = configuration.catch((error) => {
      configurations.delete(settings.name);
      throw error;
    });
    configurations.set(settings.name, configuration);
    return configuration;
  }

  const unavailable = (error: unknown) => {
    logger.warn({ err: error }, 'social login provider unavailable');
    return new ApiError(502, 'PROVIDER_UNAVAILABLE', SOCIAL_ERRORS.unavailable);
  };

  const invalidState = () =>
    new ApiError(400, 'INVALID_STATE', SOCIAL_ERRORS.invalidState, { field: 'state' });

  const stateKey = () => services.sessions.derivedKey('social-login-state');

  function stateCookie(value: string, maxAgeSeconds: number) {
    return serializeCookie(SOCIAL_STATE_COOKIE, value, {
      maxAgeSeconds,
      httpOnly: true,
      secure: config.secureCookies,
    });
  }

  async function readPending(ctx: RequestContext): Promise<PendingLogin | null> {
    const sealed = readCookie(ctx.cookieHeader, SOCIAL_STATE_COOKIE);
    if (!sealed) return null;
    try {
      const { payload } = await jwtDecrypt<PendingLogin>(sealed, await stateKey(), {
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
      });
      return payload as PendingLogin;
    } catch {
      return null;
    }
  }

  /** The identity the provider vouches for, from the ID token (OpenID Connect) or the user object. */
  async function identityOf(
    settings: ProviderSettings,
    configuration: oidc.Configuration,
    tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  ): Promise<ProviderIdentity> {
    let claims: Record<string, unknown>;
    if (settings.issuer) {
      const idClaims = tokens.claims();
      if (!idClaims)
        throw new ApiError(400, 'SOCIAL_LOGIN_REFUSED', SOCIAL_ERRORS.refused, { field: 'code' });
      claims = { ...idClaims };
      if (!claims.email && configuration.serverMetadata().userinfo_endpoint)
        claims = {
          ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)),
          ...claims,
        };
    } else {
      const endpoints = settings.endpoints as NonNullable<ProviderSettings['endpoints']>;
      const response = await oidc.fetchProtectedResource(
        configuration,
        tokens.access_token,
        new URL(endpoints.userinfo),
        'GET',
      );
      if (!response.ok) throw new Error(`user object answered ${response.status}`);
      const user = (await response.json()) as Record<string, unknown>;
      // Facebook gives the user's confirmed primary address, or none (docs/decisions/0236).
      claims = { ...user, sub: String(user.id ?? ''), email_verified: typeof user.email === 'string' };
    }
    const subject = text(claims.sub, 255);
    if (!subject) throw new ApiError(400, 'SOCIAL_LOGIN_REFUSED', SOCIAL_ERRORS.refused, { field: 'code' });
    const rawEmail = text(claims.email, 254).toLowerCase();
    const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(rawEmail) ? rawEmail : null;
    const firstName = text(claims.given_name ?? claims.first_name);
    const lastName = text(claims.family_name ?? claims.last_name);
    return {
      subject,
      email,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      firstName,
      lastName,
      displayName: text(claims.name) || `${firstName} ${lastName}`.trim(),
    };
  }

  /** The account for the identity: its link, else the verified address's account (linked now), else a new one. */
  async function accountFor(
    siteId: number,
    provider: SocialProviderName,
    identity: ProviderIdentity,
  ): Promise<{ user: User; account: 'linked' | 'linkedByEmail' | 'created' }> {
    return db.transaction(async (tx) => {
      const [linked] = await tx
        .select({ user: users })
        .from(userSocialIdentities)
        .innerJoin(users, eq(users.id, userSocialIdentities.userId))
        .where(
          and(
            eq(userSocialIdentities.siteId, siteId),
            eq(userSocialIdentities.provider, provider),
            eq(userSocialIdentities.subject, identity.subject),
          ),
        )
        .limit(1);
      if (linked) {
        await tx
          .update(userSocialIdentities)
          .set({ lastLoginAt: new Date(), email: identity.email ?? '' })
          .where(
            and(
              eq(userSocialIdentities.siteId, siteId),
              eq(userSocialIdentities.provider, provider),
              eq(userSocialIdentities.subject, identity.subject),
            ),
          );
        return { user: linked.user, account: 'linked' as const };
      }
      if (!identity.email)
        throw new ApiError(400, 'SOCIAL_LOGIN_NO_EMAIL', SOCIAL_ERRORS.noEmail, { field: 'code' });
      const link = (userId: number) =>
        (tx as unknown as Db).insert(userSocialIdentities).values({
          siteId,
          userId,
          provider,
          subject: identity.subject,
          email: identity.email ?? '',
        });
      const [existing] = await tx
        .select()
        .from(users)
        .where(and(eq(users.siteId, siteId), eq(users.email, identity.email)))
        .for('update')
        .limit(1);
      if (existing) {
        // Only an address the provider confirmed may take over an account that already exists.
        if (!identity.emailVerified)
          throw new ApiError(409, 'SOCIAL_EMAIL_UNVERIFIED', SOCIAL_ERRORS.unverifiedEmail, {
            field: 'code',
          });
        // Linking again (another identity of this provider before) replaces that link.
        await tx
          .delete(userSocialIdentities)
          .where(
            and(eq(userSocialIdentities.userId, existing.id), eq(userSocialIdentities.provider, provider)),
          );
        await link(existing.id);
        const [user] = await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
          .where(eq(users.id, existing.id))
          .returning();
        return { user: user ?? existing, account: 'linkedByEmail' as const };
      }
      const [created] = await tx
        .insert(users)
        .values({
          siteId,
          email: identity.email,
          passwordHash: null,
          firstName: identity.firstName,
          lastName: identity.lastName,
          displayName: identity.displayName,
          emailVerifiedAt: identity.emailVerified ? new Date() : null,
        })
        // Another request made the account at the same moment: that login wins, this one starts again.
        .onConflictDoNothing()
        .returning();
      if (!created) throw invalidState();
      await link(created.id);
      return { user: created, account: 'created' as const };
    });
  }

  return {
    /** The names of the configured providers (a provider without configuration has no button). */
    providers(): SocialProviderName[] {
      return socialProviderNames.filter((name) => providers.has(name));
    },

    /** The provider's authorization URL; the pending login goes into the state cookie. */
    async redirectLogin(
      ctx: RequestContext,
      provider: SocialProviderName,
      redirectTo: string,
    ): Promise<{ provider: SocialProviderName; url: string }> {
      const settings = providers.get(provider);
      if (!settings)
        throw new ApiError(404, 'PROVIDER_NOT_CONFIGURED', SOCIAL_ERRORS.notConfigured, {
          field: 'provider',
        });
      let configuration: oidc.Configuration;
      try {
        configuration = await configurationOf(settings);
      } catch (error) {
        throw unavailable(error);
      }
      const language = ctx.language === 'en' || ctx.language === 'de' ? ctx.language : 'hr';
      const pending: PendingLogin = {
        provider,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        redirectUri: `${siteOrigin(ctx.site, ctx.host, config.PUBLIC_URL)}${localizedPath('socialLogin', language)}`,
        redirectTo,
        language,
        siteId: ctx.site.id,
      };
      const parameters: Record<string, string> = {
        redirect_uri: pending.redirectUri,
        scope: settings.issuer ? 'openid email profile' : 'email public_profile',
        state: pending.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
      };
      if (settings.issuer) parameters.nonce = pending.nonce;
      const url = oidc.buildAuthorizationUrl(configuration, parameters);
      const sealed = await new EncryptJWT(pending)
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${STATE_TTL_SECONDS}s`)
        .encrypt(await stateKey());
      ctx.responseCookies.push(stateCookie(sealed, STATE_TTL_SECONDS));
      return { provider, url: url.href };
    },

    /**
     * Finishes a login: the state must be the one of this browser's cookie (used once: the cookie is
     * cleared whatever happens), then the code is exchanged with the PKCE verifier, the ID token's
     * nonce checked, the account found, linked or made, and the session started as a login does.
     */
    async finish(ctx: RequestContext, input: { code: string; state: string; iss?: string }) {
      const pending = await readPending(ctx);
      ctx.responseCookies.push(stateCookie('', 0));
      if (!pending || pending.state !== input.state || pending.siteId !== ctx.site.id) throw invalidState();
      // Used once, in every process (the cache is shared): a replayed cookie and state reach the
      // provider no second time. Without the cache the provider's single-use code still holds.
      const uses = await cache
        .increment('social-login-state', tokenHash(pending.state), STATE_TTL_SECONDS)
        .catch(() => 1);
      if (uses > 1) throw invalidState();
      const settings = providers.get(pending.provider);
      if (!settings)
        throw new ApiError(404, 'PROVIDER_NOT_CONFIGURED', SOCIAL_ERRORS.notConfigured, {
          field: 'provider',
        });
      let configuration: oidc.Configuration;
      try {
        configuration = await configurationOf(settings);
      } catch (error) {
        throw unavailable(error);
      }
      const callback = new URL(pending.redirectUri);
      callback.searchParams.set('code', input.code);
      callback.searchParams.set('state', input.state);
      if (input.iss) callback.searchParams.set('iss', input.iss);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      let identity: ProviderIdentity;
      try {
        tokens = await oidc.authorizationCodeGrant(configuration, callback, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          ...(settings.issuer ? { expectedNonce: pending.nonce, idTokenExpected: true } : {}),
        });
        identity = await identityOf(settings, configuration, tokens);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // The provider refused the code (wrong, used, expired, another client's), or its answer failed
        // a check (state, nonce, issuer, audience, times): the visitor starts again. Anything else
        // (no answer, an answer that is not OAuth at all) is the provider's failure.
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && REFUSALS.has(code)) {
          logger.info({ code, error: (error as { error?: unknown }).error }, 'social login refused');
          throw new ApiError(400, 'SOCIAL_LOGIN_REFUSED', SOCIAL_ERRORS.refused, { field: 'code' });
        }
        throw unavailable(error);
      }
      const { user, account } = await accountFor(ctx.site.id, pending.provider, identity);
      const session = await services.accounts.login(ctx, user);
      return {
        ...session,
        provider: pending.provider,
        account,
        redirectTo: pending.redirectTo,
        language: pending.language,
      };
    },
  };
}

export type SocialLoginService = ReturnType<typeof createSocialLoginService>;
