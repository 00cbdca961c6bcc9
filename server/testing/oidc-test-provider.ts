import http from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port.ts';

/** Who a login name is at the test provider: its subject and the claims it vouches for. */
export type TestAccount = {
  email?: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
};

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims for a login name (the dev login form accepts any name and password). */
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
};

/**
 * A real OpenID Provider (oidc-provider, certified) on 127.0.0.1 for the social login tests: one
 * confidential client with the given redirect URIs, PKCE required, its development login form (any
 * login name, any password) and consent granted without asking, as a first-party provider would.
 * A login name's subject is the name itself; its claims come from `accounts` (by default the name is
 * a verified e-mail address).
 */
export async function startTestProvider(
  redirectUris: string[],
  options: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<TestProvider> {
  const port = options.port ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? 'shop-test-client';
  const clientSecret = options.clientSecret ?? 'shop-test-client-secret-0123456789abcdef';
  const accounts = new Map<string, TestAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id) ?? {};
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: account.email ?? id,
            email_verified: account.emailVerified ?? true,
            given_name: account.givenName ?? 'Social',
            family_name: account.familyName ?? 'User',
            name: `${account.givenName ?? 'Social'} ${account.familyName ?? 'User'}`,
          };
        },
      };
    },
    // A first-party provider: the consent the client asks for is granted without a consent screen.
    async loadExistingGrant(ctx: {
      oidc: { client?: { clientId: string }; session?: { accountId?: string }; params?: { scope?: string } };
    }) {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope(ctx.oidc.params?.scope ?? 'openid');
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'given_name', 'family_name']);
      await grant.save();
      return grant;
    },
  });
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A cookie jar of one browser, for the provider's pages (name → value, every path). */
export type CookieJar = Map<string, string>;

function keep(jar: CookieJar, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    if (index > 0) jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
  }
}

const cookieHeader = (jar: CookieJar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/**
 * Signs in at the test provider the way a browser does: opens the authorization URL, posts the
 * development login form with the login name, and follows the provider's redirects until one leaves
 * it. Answers the URL the provider sends the browser back to (the shop's social-login screen).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar: CookieJar = new Map();
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 10; step += 1) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      headers: {
        cookie: cookieHeader(jar),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
      redirect: 'manual',
    });
    keep(jar, response);
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action || !html.includes('name="login"'))
      throw new Error(`The provider answered ${response.status} without its login form`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    body = new URLSearchParams({ prompt: 'login', login, password: 'any-password' });
  }
  throw new Error('The provider did not send the browser back');
}
