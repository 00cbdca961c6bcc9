import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';

/** The texts the API answers with when a captcha is missing or wrong (the forms translate them). */
export const CAPTCHA_MESSAGES = {
  required: 'Confirm that you are not a robot.',
  invalid: 'The captcha check failed; try again.',
  unavailable: 'The captcha cannot be checked right now; try again later.',
} as const;

/**
 * What a protected write carries: `captcha` is the ALTCHA payload (base64 JSON) or the reCAPTCHA
 * token; `g-recaptcha-response` is the name section 7 gives the reCAPTCHA token, accepted too.
 */
export const captchaFields = {
  captcha: z.string().max(4000).optional(),
  'g-recaptcha-response': z.string().max(4000).optional(),
};

export const altchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int(),
  salt: z.string(),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

export const captchaChallenge = defineContract({
  method: 'get',
  path: '/v1/captcha/challenge',
  tags: ['captcha'],
  summary:
    'A captcha for the next protected form: an ALTCHA proof-of-work challenge, or the reCAPTCHA site key',
  description:
    'ALTCHA: find the number n (0 ≤ n ≤ maxnumber) with SHA-256(salt + n) = challenge, then send base64(JSON {algorithm, challenge, number, salt, signature}) as `captcha`. Each challenge is accepted once and expires.',
  output: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('altcha'), challenge: altchaChallengeSchema }),
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string(), invisible: z.literal(true) }),
  ]),
});
