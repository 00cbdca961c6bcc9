import { createRoute, z } from '@hono/zod-openapi';
import { createApiRouter, jsonBody, jsonResponses } from '../../api/api-router.ts';
import type { NewsletterService } from './newsletter.service.ts';

export const newsletterSubscribeInput = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: 'Enter a valid e-mail address.' })),
});

export function marketingRoutes(newsletter: NewsletterService) {
  const router = createApiRouter();
  router.openapi(
    createRoute({
      method: 'post',
      path: '/v1/marketing/newsletter/subscribe',
      tags: ['marketing'],
      'x-writes': true,
      summary:
        'Subscribe an e-mail address to the newsletter (an existing subscription is reported, not duplicated)',
      request: jsonBody(newsletterSubscribeInput),
      responses: jsonResponses(
        z.object({ email: z.string(), status: z.literal('subscribed'), alreadySubscribed: z.boolean() }),
      ),
    }),
    async (c) => c.json({ data: await newsletter.subscribe(c.get('ctx'), c.req.valid('json')) }, 200),
  );
  return router;
}
