import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { dateInput, idParam, pagedSchema } from '../../../core/input-schemas.ts';

export const eventStatuses = ['draft', 'published', 'cancelled'] as const;

export const eventSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    link: z.string(),
    status: z.enum(eventStatuses),
    startEvent: z.string(),
    endEvent: z.string().nullable(),
    eventAttendees: z.number().int().nullable(),
    createdAt: z.string().meta({ description: 'When the event was announced (ISO 8601)' }),
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
    description: z.string().optional().meta({ description: 'Only on event/public/get' }),
    alternates: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Only on event/public/get: slug per language the event is written in' }),
  })
  .meta({ id: 'Event' });
export type EventRecord = z.output<typeof eventSchema>;

export const eventFilter = defineContract({
  method: 'post',
  path: '/v1/calendar/event/public/filter',
  tags: ['calendar'],
  summary: 'Published events: upcoming ones soonest first, otherwise newest first',
  body: z.object({
    dateFrom: dateInput('from').optional(),
    dateTo: dateInput('to').optional(),
    upcoming: z.boolean().optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    limit: z.number().int().min(1).max(100).default(10),
  }),
  output: pagedSchema(eventSchema),
});

export const eventGet = defineContract({
  method: 'get',
  path: '/v1/calendar/event/public/get',
  tags: ['calendar'],
  summary: 'One event with its description',
  query: z.object({ id: idParam }),
  output: eventSchema,
});
