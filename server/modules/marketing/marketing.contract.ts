import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';

export const newsletterSubscribe = defineContract({
  method: 'post',
  path: '/v1/marketing/newsletter/subscribe',
  tags: ['marketing'],
  writes: true,
  summary:
    'Subscribe an e-mail address to the newsletter (an existing subscription is reported, not duplicated)',
  body: z.object({
    email: z
      .string()
      .trim()
      .max(254)
      .pipe(z.email({ error: 'Enter a valid e-mail address.' })),
  }),
  output: z.object({ email: z.string(), status: z.literal('subscribed'), alreadySubscribed: z.boolean() }),
});
