import type { Implement } from '../../api/contract-router.ts';
import {
  newsletterConfirm,
  newsletterSubscribe,
  newsletterUnsubscribe,
  newsletterUnsubscribeInfo,
} from './marketing.contract.ts';
import type { NewsletterService } from './newsletter.service.ts';

export function marketingRoutes(implement: Implement, newsletter: NewsletterService) {
  implement(newsletterSubscribe, (ctx, { body }) => newsletter.subscribe(ctx, body));
  implement(newsletterConfirm, (ctx, { params }) => newsletter.confirm(ctx, params.token));
  implement(newsletterUnsubscribeInfo, (ctx, { params }) => newsletter.unsubscribeInfo(ctx, params.token));
  implement(newsletterUnsubscribe, (ctx, { body }) => newsletter.unsubscribe(ctx, body.token));
}
