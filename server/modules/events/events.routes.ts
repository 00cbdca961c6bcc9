import { createRoute, z } from '@hono/zod-openapi';
import { createApiRouter, jsonBody, jsonResponses } from '../../api/api-router.ts';
import { dateInput, idParam } from '../../api/input-schemas.ts';
import { eventStatuses } from './events.schema.ts';
import type { EventsService } from './events.service.ts';

const eventSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    link: z.string(),
    status: z.enum(eventStatuses),
    startEvent: z.string(),
    endEvent: z.string().nullable(),
    eventAttendees: z.number().int().nullable(),
    location: z.string(),
    contact: z.string(),
    dateText: z.string(),
    timeText: z.string(),
    media: z
      .object({
        url: z.string(),
        width: z.number().nullable(),
        height: z.number().nullable(),
        title: z.string(),
      })
      .nullable(),
    description: z.string().optional().openapi({ description: 'Only on event/public/get' }),
    alternates: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ description: 'Only on event/public/get: slug per language the event is written in' }),
  })
  .openapi('Event');

export function eventsRoutes(eventsService: EventsService) {
  const router = createApiRouter();

  router.openapi(
    createRoute({
      method: 'post',
      path: '/v1/calendar/event/public/filter',
      tags: ['calendar'],
      summary: 'Published events: upcoming ones soonest first, otherwise newest first',
      request: jsonBody(
        z.object({
          dateFrom: dateInput('from').optional(),
          dateTo: dateInput('to').optional(),
          upcoming: z.boolean().optional(),
          page: z.number().int().min(1).max(10_000).default(1),
          limit: z.number().int().min(1).max(100).default(10),
        }),
      ),
      responses: jsonResponses(
        z.object({
          records: z.array(eventSchema),
          totalRecords: z.number().int(),
          totalPages: z.number().int(),
          page: z.number().int(),
          limit: z.number().int(),
        }),
      ),
    }),
    async (c) => c.json({ data: await eventsService.filter(c.get('ctx'), c.req.valid('json')) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/v1/calendar/event/public/get',
      tags: ['calendar'],
      summary: 'One event with its description',
      request: { query: z.object({ id: idParam }) },
      responses: jsonResponses(eventSchema),
    }),
    async (c) => c.json({ data: await eventsService.get(c.get('ctx'), c.req.valid('query').id) }, 200),
  );

  return router;
}
