import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEvents } from '../../db/seed/content/events.ts';
import { seedContent } from '../../db/seed/content-seed.ts';
import { seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { users } from '../users/users.schema.ts';
import { events, eventTranslations } from './events.schema.ts';

let database: TestDatabase;
let mediaDir: string;
let t: ReturnType<typeof createTestApp>;

const en = { language: 'en' };
const hr = { language: 'hr' };
const filter = (body: unknown, headers: Record<string, string>) =>
  t.json('/api/v1/calendar/event/public/filter', postJson(body, headers));
const getEvent = (id: number | string, headers: Record<string, string>) =>
  t.json(`/api/v1/calendar/event/public/get?id=${id}`, { headers });

const upcoming = [...demoEvents].filter((event) => event.days >= 0).sort((a, b) => a.days - b.days);
const newestFirst = [...demoEvents].sort((a, b) => b.days - a.days);

async function eventIdBySlug(slug: string) {
  const [row] = await database.db
    .select({ id: eventTranslations.eventId })
    .from(eventTranslations)
    .where(eq(eventTranslations.slug, slug));
  return row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'events-media-'));
  await seedReferenceData(database.db);
  const demo = await seedDemoSite(database.db);
  const [admin] = await database.db
    .insert(users)
    .values({ siteId: demo.siteId, email: 'editor@example.com', passwordHash: 'x', scope: 'admin' })
    .returning({ id: users.id });
  await seedContent(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    adminUserId: admin!.id,
  });
  // One event without English text, to see the fallback to the default language (hr).
  const id = await eventIdBySlug('spremni-za-skolu');
  await database.db
    .delete(eventTranslations)
    .where(and(eq(eventTranslations.eventId, id), eq(eventTranslations.languageCode, 'en')));
  t = createTestApp(database);
}, 120_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('event/public/filter', () => {
  it('lists upcoming events soonest first, in the request language, without descriptions', async () => {
    const { status, body } = await filter({ upcoming: true }, en);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ totalRecords: upcoming.length, totalPages: 1 });
    expect(body.data.records.map((event: { slug: string }) => event.slug)).toEqual(
      upcoming.map((event) => event.text.en.slug),
    );
    const [first] = body.data.records;
    expect(first).toMatchObject({
      title: upcoming[0]!.text.en.title,
      location: upcoming[0]!.text.en.location,
      eventAttendees: upcoming[0]!.capacity,
      dateText: expect.any(String),
      timeText: expect.any(String),
      link: `/en/event/${first.id}`,
    });
    expect(Date.parse(first.startEvent)).toBeLessThan(Date.parse(first.endEvent));
    expect(first.media.url).toMatch(/^\/media\/1\/\d+\/MediumSize\//);
    expect(first.description).toBeUndefined();

    const croatian = await filter({ upcoming: true, limit: 1 }, hr);
    expect(croatian.body.data.records[0].title).toBe(upcoming[0]!.text.hr.title);
  });

  it('pages through all published events, newest first, and hides drafts', async () => {
    const pageOne = await filter({ limit: 2 }, hr);
    expect(pageOne.body.data).toMatchObject({
      totalRecords: demoEvents.length,
      totalPages: Math.ceil(demoEvents.length / 2),
    });
    const pageThree = await filter({ limit: 2, page: 3 }, hr);
    expect(pageThree.body.data.records.map((event: { slug: string }) => event.slug)).toEqual(
      newestFirst.slice(4, 6).map((event) => event.text.hr.slug),
    );

    const draftId = await eventIdBySlug('igrom-do-govora');
    await database.db.update(events).set({ status: 'draft' }).where(eq(events.id, draftId));
    const afterDraft = await filter({ limit: 50 }, en);
    expect(afterDraft.body.data.totalRecords).toBe(demoEvents.length - 1);
    expect((await getEvent(draftId, en)).status).toBe(404);
    await database.db.update(events).set({ status: 'published' }).where(eq(events.id, draftId));
  });

  it('filters by a date range on the start', async () => {
    const first = upcoming[0]!;
    const { body: all } = await filter({ upcoming: true }, en);
    const start = all.data.records[0].startEvent as string;
    const { body } = await filter({ dateFrom: start, dateTo: start.slice(0, 10) }, en);
    expect(body.data.records.map((event: { slug: string }) => event.slug)).toEqual([first.text.en.slug]);
  });

  it('falls back to the default language for an event without English text', async () => {
    const { body } = await filter({ limit: 50 }, en);
    const school = demoEvents.find((event) => event.key === 'school-start')!;
    expect(body.data.records.map((event: { title: string }) => event.title)).toContain(school.text.hr.title);
  });

  it('refuses invalid input, naming the field', async () => {
    for (const [input, field] of [
      [{ limit: 0 }, 'limit'],
      [{ upcoming: 'yes' }, 'upcoming'],
      [{ dateFrom: 'soon' }, 'dateFrom'],
    ] as const) {
      const { status, body } = await filter(input, en);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', statusCode: 400, payload: { field } });
    }
  });
});

describe('event/public/get', () => {
  it('returns one event with its description in each language', async () => {
    const seed = demoEvents[0]!;
    const id = await eventIdBySlug(seed.text.hr.slug);
    const english = await getEvent(id, en);
    expect(english.status).toBe(200);
    expect(english.body.data).toMatchObject({
      id,
      title: seed.text.en.title,
      slug: seed.text.en.slug,
      description: seed.text.en.description,
      contact: seed.text.en.contact,
    });
    const croatian = await getEvent(id, hr);
    expect(croatian.body.data).toMatchObject({
      title: seed.text.hr.title,
      description: seed.text.hr.description,
    });
    const alternates = { hr: seed.text.hr.slug, en: seed.text.en.slug };
    expect(english.body.data.alternates).toEqual(alternates);
    expect(croatian.body.data.alternates).toEqual(alternates);
  });

  it('names only the languages an event is written in', async () => {
    const seed = demoEvents[0]!;
    const id = await eventIdBySlug(seed.text.hr.slug);
    const english = and(eq(eventTranslations.eventId, id), eq(eventTranslations.languageCode, 'en'));
    const [removed] = await database.db.delete(eventTranslations).where(english).returning();
    try {
      // This app has the event cached with its English text: a fresh one reads the change.
      const fresh = createTestApp(database);
      const { body } = await fresh.json(`/api/v1/calendar/event/public/get?id=${id}`, { headers: en });
      expect(body.data.alternates).toEqual({ hr: seed.text.hr.slug });
      expect(body.data.title).toBe(seed.text.hr.title);
    } finally {
      await database.db.insert(eventTranslations).values(removed!);
    }
  });

  it('answers 404 for an unknown event and 400 for a malformed id', async () => {
    const missing = await getEvent(999_999, en);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
    const malformed = await getEvent('abc', en);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.payload.field).toBe('id');
  });
});
