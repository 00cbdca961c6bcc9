import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { lineText } from '../../../core/input-schemas.ts';
import { safeRedirectTarget } from '../../../core/links.ts';
import { sessionOutput } from './users.contract.ts';

/** The social login providers of the specification (docs/decisions/0236). */
export const socialProviderNames = ['google', 'facebook'] as const;
export const socialProviderName = z.enum(socialProviderNames, {
  error: 'Unknown provider: google or facebook.',
});
export type SocialProviderName = z.output<typeof socialProviderName>;

/** The messages of the social login's failures, as keys the callback screen translates. */
export const SOCIAL_ERRORS = {
  notConfigured: 'This login provider is not available.',
  invalidState:
    'This login link is not valid any more (it expired, was used, or was started in another browser). Start again.',
  refused: 'The login provider did not confirm the login. Start again.',
  noEmail: 'The login provider did not share an e-mail address, which an account needs.',
  unverifiedEmail:
    'An account with this e-mail address exists, and the provider has not confirmed the address. Log in with your password.',
  unavailable: 'The login provider cannot be reached right now. Try again shortly.',
} as const;

export const socialProviders = defineContract({
  method: 'get',
  path: '/v1/user/social/providers',
  tags: ['user'],
  summary: 'The social login providers this shop has configured (the login and register buttons)',
  output: z.object({ providers: z.array(socialProviderName) }),
});

export const socialRedirectLogin = defineContract({
  method: 'get',
  path: '/v1/user/social/redirect-login',
  tags: ['user'],
  summary: "Start a social login: the provider's authorization URL (PKCE, state and nonce)",
  description:
    'Sets a short-lived httpOnly cookie with the login state; the browser goes to `url`, and the provider sends it back to the social-login screen of the language with `code` and `state`, which POST user/social/oauth finishes. A provider that is not configured answers 404.',
  query: z.object({
    provider: socialProviderName,
    /** A path on this site to go to after the login (anything else is ignored). */
    redirectTo: lineText(500)
      .optional()
      .transform((value) => safeRedirectTarget(value, '')),
  }),
  output: z.object({ provider: socialProviderName, url: z.string() }),
});

export const socialOauthBody = z.object({
  code: lineText(2000).min(1, 'Required.'),
  state: lineText(500).min(1, 'Required.'),
  /** The `iss` parameter of the provider's redirect (RFC 9207), when it sends one. */
  iss: lineText(500).optional(),
});

export const socialOauth = defineContract({
  method: 'post',
  path: '/v1/user/social/oauth',
  tags: ['user'],
  summary: 'Finish a social login: code and state from the provider → a session (tokens and cookies)',
  description:
    "Like POST /v1/login not idempotency-keyed (its answer holds tokens; docs/decisions/0221). The state must match the state cookie of the browser that started the login and is good once (400 'INVALID_STATE' otherwise, and no session). The account is the one linked to the provider's identity, else the account with the provider's verified e-mail address (linked now), else a new account.",
  body: socialOauthBody,
  output: sessionOutput.extend({
    provider: socialProviderName,
    /** How the account was found: an existing link, linked now by its e-mail address, or new. */
    account: z.enum(['linked', 'linkedByEmail', 'created']),
    /** Where to go now: the path the login started from (or empty). */
    redirectTo: z.string(),
    /** The language the login started in. */
    language: z.string(),
  }),
});
