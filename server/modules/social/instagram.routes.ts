import type { Implement } from '../../api/contract-router.ts';
import { igByHashtags } from './instagram.contract.ts';
import type { InstagramService } from './instagram.service.ts';

export function instagramRoutes(implement: Implement, instagram: InstagramService) {
  implement(igByHashtags, (ctx, { body }) => instagram.byHashtags(ctx, body.limit));
}
