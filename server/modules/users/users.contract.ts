import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { lineText } from '../../../core/input-schemas.ts';
import { PASSWORD_MIN_LENGTH, passwordProblems } from '../../../core/password-strength.ts';
import { captchaFields } from '../captcha/captcha.contract.ts';

/**
 * The error texts of section 8 that clients map to their own messages: the API answers with exactly
 * these strings (`error.payload.message`), and the UI translates them.
 */
export const AUTH_MESSAGES = {
  userExists: 'User already exist.',
  unknownUser: 'Unknown username or password!',
  incorrectOldPassword: 'Incorrect old password.',
} as const;

/** Password rule messages, as keys the forms translate (`auth.password.<key>`). */
export const PASSWORD_RULE_MESSAGE =
  'At least 8 characters with a lowercase and an uppercase letter, a digit and a special character.';
export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match.';

export const emailInput = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Enter a valid e-mail address.' }));

/** A password as typed at login: anything up to 256 characters (no rule: old accounts may predate it). */
const loginPassword = z.string().min(1, 'Required.').max(256);

/** A new password under the rule of section 5; the breached-password check runs on the server only. */
export const newPassword = z
  .string()
  .max(256)
  .refine((value) => passwordProblems(value).length === 0, { error: PASSWORD_RULE_MESSAGE })
  .meta({
    description: `At least ${PASSWORD_MIN_LENGTH} characters with a-z, A-Z, 0-9 and a special character`,
  });

const personName = lineText(100).trim().min(1, 'Required.');

const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  accessTokenExpiresAt: z.string(),
  refreshTokenExpiresAt: z.string(),
});

/** The current user as the storefront sees it (the profile helper extends it). */
export const userProfileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  isBackofficeUser: z.boolean(),
  scope: z.string(),
  emailVerified: z.boolean(),
  memberCardBarcode: z.string().nullable(),
});
export type UserProfile = z.output<typeof userProfileSchema>;

export const loginBody = z.object({
  /** The e-mail address (the spec's forms call it username). */
  username: emailInput,
  password: loginPassword,
});

export const sessionOutput = z.object({ tokens: tokensSchema, user: userProfileSchema });

export const login = defineContract({
  method: 'post',
  path: '/v1/login',
  tags: ['auth'],
  summary: 'Log in with e-mail and password: a new session (tokens in the answer and in httpOnly cookies)',
  description:
    "Failed logins are limited per client address and per account and address (429 with Retry-After). A wrong e-mail or password answers 401 'Unknown username or password!'.",
  body: loginBody,
  output: sessionOutput,
});

export const refresh = defineContract({
  method: 'get',
  path: '/v1/refresh',
  tags: ['auth'],
  summary: 'Exchange the refresh token (header refreshToken, else the session cookie) for a new pair',
  description:
    'The refresh token is rotated: the one sent is never valid again. Sending a rotated token again ends the whole session (401).',
  output: z.object({ tokens: tokensSchema }),
});

/** The consents a registration accepted: ids of consents assigned to the register form. */
const consentIds = z.array(z.number().int().min(1).max(2_147_483_647)).max(50);

export const registerBody = z
  .object({
    firstName: personName,
    lastName: personName,
    email: emailInput,
    password: newPassword,
    confirmedPassword: z.string().max(256),
    consents: consentIds.default([]),
    ...captchaFields,
  })
  .refine((value) => value.password === value.confirmedPassword, {
    error: PASSWORDS_DIFFER_MESSAGE,
    path: ['confirmedPassword'],
  });

export const register = defineContract({
  method: 'post',
  path: '/v1/user/web/register',
  tags: ['user'],
  writes: true,
  summary: 'Register a customer account (required consents enforced); sends the confirmation e-mail',
  description:
    "The new account is logged in through the session cookies. An address that has an account answers 409 'User already exist.'.",
  body: registerBody,
  output: z.object({ user: userProfileSchema, mailSent: z.boolean() }),
});

export const verifyEmail = defineContract({
  method: 'get',
  path: '/v1/user/web/verify/{token}',
  tags: ['user'],
  summary: 'Confirm an e-mail address with the token from the confirmation e-mail',
  params: z.object({ token: lineText(200).min(10) }),
  output: z.object({ verified: z.literal(true), email: z.string() }),
});

export const forgotPassword = defineContract({
  method: 'post',
  path: '/v1/user/password/forgot',
  tags: ['user'],
  writes: true,
  summary: 'Send a password reset e-mail (the same answer whether or not the address has an account)',
  body: z.object({ username: emailInput }),
  output: z.object({ accepted: z.literal(true) }),
});

export const resetPassword = defineContract({
  method: 'post',
  path: '/v1/user/password/reset',
  tags: ['user'],
  writes: true,
  summary: 'Set a new password with the token from the reset e-mail (single use; ends every session)',
  body: z
    .object({
      token: lineText(200).min(10),
      newPassword,
      newPasswordAgain: z.string().max(256),
    })
    .refine((value) => value.newPassword === value.newPasswordAgain, {
      error: PASSWORDS_DIFFER_MESSAGE,
      path: ['newPasswordAgain'],
    }),
  output: z.object({ email: z.string() }),
});

export const setPassword = defineContract({
  method: 'post',
  path: '/v1/user/password/set',
  tags: ['user'],
  writes: true,
  summary: "Change the password of the logged-in user (old and new; 'Incorrect old password.')",
  body: z
    .object({
      oldPassword: loginPassword,
      newPassword,
      newPasswordAgain: z.string().max(256),
    })
    .refine((value) => value.newPassword === value.newPasswordAgain, {
      error: PASSWORDS_DIFFER_MESSAGE,
      path: ['newPasswordAgain'],
    })
    .refine((value) => value.newPassword !== value.oldPassword, {
      error: 'The new password must differ from the old one.',
      path: ['newPassword'],
    }),
  output: z.object({ changed: z.literal(true) }),
});

export const legacyLogin = defineContract({
  method: 'post',
  path: '/auth/login',
  tags: ['auth'],
  summary: 'Legacy login (same as POST /v1/login)',
  body: loginBody,
  output: sessionOutput,
});

export const legacyLogout = defineContract({
  method: 'post',
  path: '/auth/logout',
  tags: ['auth'],
  summary: 'Log out: ends the session on the server and clears the session cookies',
  description:
    'The session is the one of the refresh token (header refreshToken or cookie) or of the access token.',
  output: z.object({ loggedOut: z.literal(true) }),
});

export const legacyUser = defineContract({
  method: 'get',
  path: '/auth/user',
  tags: ['auth'],
  summary: 'Legacy: the logged-in user (GET /v1/user/web/profile without the addresses)',
  output: userProfileSchema,
});
