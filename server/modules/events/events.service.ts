import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { eventLink } from '../../../core/links.ts';
import { notFound } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { cachedResponse } from '../../cache/cached-response.ts';
import type { Db } from '../../db/client.ts';
import { paging } from '../../kernel/paging.ts';
import { sanitizeHtml } from '../../kernel/sanitize-html.ts';
import {
  type SlugQuery,
  type SlugSource,
  slugsById,
  translatedSlugs,
} from '../../kernel/translated-slugs.ts';
import { groupTexts, readLanguages, textFor, uiLanguage } from '../../kernel/translations.ts';
import { loadMedia } from '../media/media.service.ts';
import { siteCacheTag } from '../site/site.service.ts';
import { type EventStatus, events, eventTranslations } from './events.schema.ts';

const TTL_SECONDS = 60;

export type EventFilterInput = {
  dateFrom?: Date;
  dateTo?: Date;
  upcoming?: boolean;
  page: number;
  limit: number;
};

const eventSlugSource: SlugSource = {
  entity: events,
  id: events.id,
  siteId: events.siteId,
  translations: eventTranslations,
  entityId: eventTranslations.eventId,
  languageCode: eventTranslations.languageCode,
  slug: eventTranslations.slug,
  // A cancelled event keeps its page, so that its visitors learn it is off.
  visible: () => inArray(events.status, ['published', 'cancelled']),
  extra: { mediaId: events.mediaId, status: events.status },
  orderBy: [asc(events.startEvent), asc(events.id)],
};

/** Public events' slugs per language (see `translatedSlugs`); their pages are addressed by id. */
export const eventSlugs = (db: Db, query: SlugQuery) =>
  translatedSlugs<{ mediaId: number | null; status: EventStatus }>(db, eventSlugSource, query);

export function createEventsService({ db, cache }: Pick<Deps, 'db' | 'cache'>) {
  function cachedRead<T>(ctx: RequestContext, operation: string, input: unknown, compute: () => Promise<T>) {
    return cachedResponse(
      cache,
      { namespace: 'cms', operation: `events-${operation}`, scope: [ctx.site.id, ctx.language], input },
      { ttlSeconds: TTL_SECONDS, tags: [siteCacheTag(ctx.site.id)] },
      compute,
    );
  }

  /** Shapes events in the order of `ids`; `detail` adds the description. */
  async function shape(ctx: RequestContext, ids: number[], detail: boolean) {
    if (ids.length === 0) return [];
    const [rows, texts] = await Promise.all([
      db.select().from(events).where(inArray(events.id, ids)),
      db
        .select()
        .from(eventTranslations)
        .where(
          and(
            inArray(eventTranslations.eventId, ids),
            inArray(eventTranslations.languageCode, readLanguages(ctx)),
          ),
        ),
    ]);
    const grouped = groupTexts(texts, (row) => row.eventId);
    const media = await loadMedia(
      db,
      ctx.site.apiKeyId,
      rows.flatMap((row) => (row.mediaId ? [row.mediaId] : [])),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      const text = textFor(grouped.get(id), ctx);
      if (!row || !text) return [];
      const image = row.mediaId ? media.get(row.mediaId) : undefined;
      return [
        {
          id,
          title: text.title,
          slug: text.slug,
          link: eventLink(id, uiLanguage(ctx.language)),
          status: row.status,
          startEvent: row.startEvent.toISOString(),
          endEvent: row.endEvent?.toISOString() ?? null,
          eventAttendees: row.eventAttendees,
          createdAt: row.createdAt.toISOString(),
          location: text.location,
          contact: text.contact,
          dateText: text.dateText,
          timeText: text.timeText,
          media: image
            ? { url: image.url, width: image.width, height: image.height, title: image.title }
            : null,
          ...(detail ? { description: sanitizeHtml(text.description) } : {}),
        },
      ];
    });
  }

  /**
   * Published events; upcoming ones (not yet ended) soonest first, otherwise newest first.
   * The date range matches events whose start falls inside it.
   */
  async function filter(ctx: RequestContext, input: EventFilterInput) {
    return cachedRead(ctx, 'filter', input, async () => {
      const conditions: SQL[] = [eq(events.siteId, ctx.site.id), eq(events.status, 'published')];
      if (input.dateFrom) conditions.push(gte(events.startEvent, input.dateFrom));
      if (input.dateTo) conditions.push(lte(events.startEvent, input.dateTo));
      if (input.upcoming) conditions.push(sql`coalesce(${events.endEvent}, ${events.startEvent}) >= now()`);
      const where = and(...conditions);
      const direction = input.upcoming ? asc : desc;
      const [totals, rows] = await Promise.all([
        db.select({ n: count() }).from(events).where(where),
        db
          .select({ id: events.id })
          .from(events)
          .where(where)
          .orderBy(direction(events.startEvent), direction(events.id))
          .limit(input.limit)
          .offset((input.page - 1) * input.limit),
      ]);
      const records = await shape(
        ctx,
        rows.map((row) => row.id),
        false,
      );
      return { records, ...paging(Number(totals[0]?.n ?? 0), input.page, input.limit) };
    });
  }

  /** One event page; a cancelled event stays reachable so that its visitors learn it is off. */
  async function get(ctx: RequestContext, id: number) {
    return cachedRead(ctx, 'get', id, async () => {
      const [row] = await db
        .select({ id: events.id })
        .from(events)
        .where(
          and(
            eq(events.id, id),
            eq(events.siteId, ctx.site.id),
            inArray(events.status, ['published', 'cancelled']),
          ),
        );
      const [[event], slugRows] = row
        ? await Promise.all([
            shape(ctx, [row.id], true),
            eventSlugs(db, { siteId: ctx.site.id, ids: [row.id] }),
          ])
        : [[], []];
      if (!event) throw notFound('There is no such event.');
      return { ...event, alternates: slugsById(slugRows).get(event.id) ?? {} };
    });
  }

  return { filter, get };
}

export type EventsService = ReturnType<typeof createEventsService>;
