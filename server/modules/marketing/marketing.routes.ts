import type { Implement } from '../../api/contract-router.ts';
import { newsletterSubscribe } from './marketing.contract.ts';
import type { NewsletterService } from './newsletter.service.ts';

export function marketingRoutes(implement: Implement, newsletter: NewsletterService) {
  implement(newsletterSubscribe, (ctx, { body }) => newsletter.subscribe(ctx, body));
}
