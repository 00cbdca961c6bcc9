import type { Implement } from '../../api/contract-router.ts';
import { eventFilter, eventGet } from './events.contract.ts';
import type { EventsService } from './events.service.ts';

export function eventsRoutes(implement: Implement, events: EventsService) {
  implement(eventFilter, (ctx, { body }) => events.filter(ctx, body));
  implement(eventGet, (ctx, { query }) => events.get(ctx, query.id));
}
