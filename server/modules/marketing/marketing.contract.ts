import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { lineText } from '../../../core/input-schemas.ts';
import { captchaFields } from '../captcha/captcha.contract.ts';

/** The catalog key of the message the confirmation page shows for a newsletter confirmation. */
export const NEWSLETTER_CONFIRMED_GOAL = 'newsletter.confirmed';

const token = lineText(200)
  .min(10)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Not a token.');

export const newsletterSubscribe = defineContract({
  method: 'post',
  path: '/v1/marketing/newsletter/subscribe',
  tags: ['marketing'],
  writes: true,
  summary: 'Sign an e-mail address up for the newsletter (double opt-in: a confirmation mail is sent)',
  description:
    'A new or unsubscribed address becomes pending and gets a confirmation link; a pending one gets it again at most once per NEWSLETTER_RESEND_SECONDS; a confirmed one answers alreadySubscribed. Needs a captcha (field `captcha`).',
  body: z.object({
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ error: 'Enter a valid e-mail address.' })),
    ...captchaFields,
  }),
  output: z.object({
    email: z.string(),
    status: z.enum(['pending', 'subscribed']),
    alreadySubscribed: z.boolean(),
    /** Whether a confirmation mail went out with this request (false: throttled, or sending failed). */
    mailSent: z.boolean(),
  }),
});

export const newsletterConfirm = defineContract({
  method: 'get',
  path: '/v1/marketing/newsletter/confirm/{token}',
  tags: ['marketing'],
  summary: 'Confirm a newsletter sign-up with the token from the confirmation mail (the double-opt-in goal)',
  params: z.object({ token }),
  output: z.object({
    goalType: z.literal('message'),
    goal: z.string(),
    confirmedEmail: z.string(),
  }),
});

export const newsletterUnsubscribeInfo = defineContract({
  method: 'get',
  path: '/v1/marketing/newsletter/unsubscribe/{token}',
  tags: ['marketing'],
  summary: 'The address an unsubscribe link belongs to and whether it is still subscribed (changes nothing)',
  params: z.object({ token }),
  output: z.object({ email: z.string(), subscribed: z.boolean() }),
});

export const newsletterUnsubscribe = defineContract({
  method: 'post',
  path: '/v1/marketing/newsletter/unsubscribe',
  tags: ['marketing'],
  writes: true,
  summary: 'Unsubscribe with the token of a newsletter mail (no login; repeating it changes nothing)',
  body: z.object({ token }),
  output: z.object({ email: z.string(), status: z.literal('unsubscribed') }),
});
