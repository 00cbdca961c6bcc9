import type { Implement } from '../../api/contract-router.ts';
import {
  commentCreate,
  commentFilterStandard,
  commentOptions,
  commentUpdate,
  moderationDelete,
  moderationFilter,
  moderationPublish,
  moderationUnpublish,
} from './engagement.contract.ts';
import type { EngagementService } from './engagement.service.ts';

export function engagementRoutes(implement: Implement, engagement: EngagementService) {
  implement(commentFilterStandard, (ctx, { body }) => engagement.filter(ctx, body));
  implement(commentCreate, (ctx, { body }) => engagement.create(ctx, body));
  implement(commentUpdate, (ctx, { params, body }) => engagement.update(ctx, params.id, body));
  implement(commentOptions, (ctx, { body }) => engagement.options(ctx, body.store_id));
  implement(moderationFilter, (ctx, { query }) => engagement.moderationList(ctx, query));
  implement(moderationPublish, (ctx, { params }) => engagement.publish(ctx, params.id));
  implement(moderationUnpublish, (ctx, { params }) => engagement.unpublish(ctx, params.id));
  implement(moderationDelete, (ctx, { params }) => engagement.remove(ctx, params.id));
}
