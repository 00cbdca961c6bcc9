import {
  elements,
  failedRequests,
  type NavigationHandle,
  navigationItems,
  navigationItemTranslations,
  navigationMenus,
  postSections,
  posts,
  postTerms,
  postTranslations,
  redirects,
  sections,
  sectionTranslations,
  terms,
  termTranslations,
} from '../../modules/cms/cms.schema.ts';
import { consentAssignments, consents, consentTranslations } from '../../modules/consent/consent.schema.ts';
import { events, eventTranslations } from '../../modules/events/events.schema.ts';
import { forms } from '../../modules/forms/forms.schema.ts';
import { siteOptions } from '../../modules/site/site.schema.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { Db } from '../client.ts';
import { demoConsentAssignments, demoConsents } from './content/consents.ts';
import { demoElements } from './content/elements.ts';
import { demoEvents } from './content/events.ts';
import { demoForms } from './content/forms.ts';
import { layoutImages, sponsorList } from './content/media.ts';
import { menus, type NavItemSeed, type NavTarget } from './content/navigation.ts';
import { demoPages, masterSections, type SectionSeed } from './content/pages.ts';
import { blogPosts } from './content/posts.ts';
import { demoFailedRequests, demoRedirects } from './content/redirects.ts';
import { categories, tags } from './content/terms.ts';
import { seedLanguages } from './content/types.ts';
import { eventDateText, eventTimeText, zagrebDateTime } from './content-dates.ts';
import { type ImageSpec, storeImages } from './images.ts';

export type ContentSeedContext = { siteId: number; storage: FileStorage; adminUserId: number };

const DAY = 86_400_000;

function lookup(map: Map<string, number>, what: string) {
  return (key: string): number => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`Content seed: unknown ${what} '${key}'`);
    return id;
  };
}

/**
 * The demo site's content in Croatian and English: pages built from sections, blog posts, events,
 * menus, layout elements, consents and redirects, with generated images. Only inserts; the caller
 * runs it once, inside its transaction.
 */
export async function seedContent(db: Db, ctx: ContentSeedContext): Promise<void> {
  const now = new Date();
  const { siteId } = ctx;

  const imageSpecs: ImageSpec[] = [
    ...layoutImages,
    ...blogPosts.map((post) => ({
      key: `post-${post.key}`,
      kind: 'cover' as const,
      title: post.text.hr.title,
      description: post.text.hr.title,
      palette: post.palette,
    })),
    ...demoEvents.map((event) => ({
      key: `event-${event.key}`,
      kind: 'cover' as const,
      title: event.text.hr.title,
      description: event.text.hr.title,
      palette: event.palette,
    })),
  ];
  const media = lookup(await storeImages(db, { siteId, storage: ctx.storage, now }, imageSpecs), 'image');

  const term = lookup(await insertTerms(db, siteId), 'term');
  const post = lookup(await insertBlogPosts(db, ctx, now, media, term), 'post');
  const event = lookup(await insertEvents(db, siteId, now, media), 'event');
  const form = lookup(await insertForms(db, siteId), 'form');
  const page = lookup(await insertPages(db, ctx, now, media, form), 'page');

  const resolveTarget = (to: NavTarget) => {
    switch (to.type) {
      case 'page':
        return { linkType: 'page' as const, targetId: page(to.ref) };
      case 'post':
        return { linkType: 'post' as const, targetId: post(to.ref) };
      case 'term':
        return { linkType: 'term' as const, targetId: term(to.ref) };
      case 'event':
        return { linkType: 'event' as const, targetId: event(to.ref) };
      case 'static':
        return { linkType: 'static' as const, targetId: null, url: to.url.hr };
      case 'external':
        return {
          linkType: 'external' as const,
          targetId: null,
          url: to.url,
          rel: to.rel,
          target: to.target,
          icon: to.icon,
        };
    }
  };
  for (const [handle, items] of Object.entries(menus) as [NavigationHandle, NavItemSeed[]][]) {
    const [menu] = await db
      .insert(navigationMenus)
      .values({ siteId, handle })
      .returning({ id: navigationMenus.id });
    await insertNavItems(db, menu!.id, null, items, resolveTarget);
  }

  const sponsors = sponsorList().map((sponsor) => ({
    mediaId: media(sponsor.key),
    name: sponsor.name,
    url: sponsor.url,
  }));
  await db.insert(elements).values(
    seedLanguages.flatMap((languageCode) =>
      demoElements(languageCode, { logoMediaId: media('logo'), sponsors }).map((element) => ({
        siteId,
        languageCode,
        ...element,
        createdAt: now,
      })),
    ),
  );
  // The site seed leaves the Logo option out because the image only exists from here on.
  await db
    .insert(siteOptions)
    .values({ siteId, key: 'Logo', value: { alt: 'Učionica za roditelje' }, mediaId: media('logo') })
    .onConflictDoNothing();

  await insertConsents(db, siteId);

  await db.insert(redirects).values(
    demoRedirects.map((redirect) => ({
      siteId,
      fromPath: redirect.from,
      toPath: redirect.to,
      status: redirect.status,
    })),
  );
  await db.insert(failedRequests).values(
    demoFailedRequests.map((request) => ({
      siteId,
      path: request.path,
      hits: request.hits,
      firstSeen: new Date(now.getTime() - request.daysAgo * DAY),
      lastSeen: new Date(now.getTime() - DAY),
    })),
  );
}

async function insertTerms(db: Db, siteId: number): Promise<Map<string, number>> {
  const seeds = [
    ...categories.map((seed, position) => ({ seed, type: 'category' as const, position })),
    ...tags.map((seed, position) => ({ seed, type: 'tag' as const, position })),
  ];
  const rows = await db
    .insert(terms)
    .values(seeds.map(({ type, position }) => ({ siteId, type, position })))
    .returning({ id: terms.id });
  await db.insert(termTranslations).values(
    seeds.flatMap(({ seed }, index) =>
      seedLanguages.map((languageCode) => ({
        termId: rows[index]!.id,
        languageCode,
        siteId,
        ...seed.text[languageCode],
      })),
    ),
  );
  return new Map(seeds.map(({ seed }, index) => [seed.key, rows[index]!.id]));
}

async function insertBlogPosts(
  db: Db,
  ctx: ContentSeedContext,
  now: Date,
  media: (key: string) => number,
  term: (key: string) => number,
): Promise<Map<string, number>> {
  const rows = await db
    .insert(posts)
    .values(
      blogPosts.map((seed) => {
        const publishedAt = zagrebDateTime(now, -seed.daysAgo, '08:00');
        return {
          siteId: ctx.siteId,
          type: 'post' as const,
          status: 'published' as const,
          authorId: ctx.adminUserId,
          mediaId: media(`post-${seed.key}`),
          publishedAt,
          allowComments: true,
          createdAt: new Date(publishedAt.getTime() - 2 * DAY),
          updatedAt: publishedAt,
        };
      }),
    )
    .returning({ id: posts.id });
  await db.insert(postTranslations).values(
    blogPosts.flatMap((seed, index) =>
      seedLanguages.map((languageCode) => {
        const text = seed.text[languageCode];
        return {
          postId: rows[index]!.id,
          languageCode,
          siteId: ctx.siteId,
          ...text,
          seoTitle: text.title,
          seoDescription: text.excerpt,
        };
      }),
    ),
  );
  await db
    .insert(postTerms)
    .values(
      blogPosts.flatMap((seed, index) =>
        [seed.category, ...seed.tags].map((key) => ({ postId: rows[index]!.id, termId: term(key) })),
      ),
    );
  return new Map(blogPosts.map((seed, index) => [seed.key, rows[index]!.id]));
}

async function insertEvents(
  db: Db,
  siteId: number,
  now: Date,
  media: (key: string) => number,
): Promise<Map<string, number>> {
  const timed = demoEvents.map((seed) => ({
    seed,
    start: zagrebDateTime(now, seed.days, seed.start),
    end: zagrebDateTime(now, seed.days, seed.end),
  }));
  const rows = await db
    .insert(events)
    .values(
      timed.map(({ seed, start, end }) => ({
        siteId,
        startEvent: start,
        endEvent: end,
        eventAttendees: seed.capacity,
        mediaId: media(`event-${seed.key}`),
        status: 'published' as const,
        // Announced a month ahead, so that past events were created before they happened.
        createdAt: new Date(Math.min(now.getTime(), start.getTime() - 30 * DAY)),
      })),
    )
    .returning({ id: events.id });
  await db.insert(eventTranslations).values(
    timed.flatMap(({ seed, start, end }, index) =>
      seedLanguages.map((languageCode) => ({
        eventId: rows[index]!.id,
        languageCode,
        siteId,
        ...seed.text[languageCode],
        dateText: eventDateText(start, languageCode),
        timeText: eventTimeText(start, end, languageCode),
      })),
    ),
  );
  return new Map(demoEvents.map((seed, index) => [seed.key, rows[index]!.id]));
}

async function insertSections(
  db: Db,
  siteId: number,
  now: Date,
  seeds: SectionSeed[],
  isMaster: boolean,
): Promise<number[]> {
  if (seeds.length === 0) return [];
  const rows = await db
    .insert(sections)
    .values(
      seeds.map((seed) => ({
        siteId,
        type: seed.type,
        isMaster,
        name: seed.name,
        showDesktop: seed.showDesktop ?? true,
        showMobile: seed.showMobile ?? true,
        settings: seed.settings as Record<string, unknown>,
        createdAt: now,
      })),
    )
    .returning({ id: sections.id });
  await db.insert(sectionTranslations).values(
    seeds.flatMap((seed, index) =>
      seedLanguages.map((languageCode) => ({
        sectionId: rows[index]!.id,
        languageCode,
        content: seed.content[languageCode] as Record<string, unknown>,
      })),
    ),
  );
  return rows.map((row) => row.id);
}

async function insertPages(
  db: Db,
  ctx: ContentSeedContext,
  now: Date,
  media: (key: string) => number,
  form: (key: string) => number,
): Promise<Map<string, number>> {
  const masters = Object.entries(masterSections());
  const masterIds = await insertSections(
    db,
    ctx.siteId,
    now,
    masters.map(([, seed]) => seed),
    true,
  );
  const master = lookup(new Map(masters.map(([key], index) => [key, masterIds[index]!])), 'master section');

  const pages = demoPages({ media, form });
  // Pages went live with the site, a little over a year before the seed runs.
  const publishedAt = zagrebDateTime(now, -400, '09:00');
  const rows = await db
    .insert(posts)
    .values(
      pages.map((seed) => ({
        siteId: ctx.siteId,
        type: 'page' as const,
        status: 'published' as const,
        authorId: ctx.adminUserId,
        mediaId: media(seed.hero),
        publishedAt,
        allowComments: false,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      })),
    )
    .returning({ id: posts.id });
  await db.insert(postTranslations).values(
    pages.flatMap((seed, index) =>
      seedLanguages.map((languageCode) => ({
        postId: rows[index]!.id,
        languageCode,
        siteId: ctx.siteId,
        ...seed.text[languageCode],
      })),
    ),
  );

  const own = pages.flatMap((seed) => seed.sections.filter((entry) => typeof entry !== 'string'));
  const ownIds = await insertSections(db, ctx.siteId, now, own, false);
  let next = 0;
  const links = pages.flatMap((seed, index) =>
    seed.sections.map((entry, position) => ({
      postId: rows[index]!.id,
      sectionId: typeof entry === 'string' ? master(entry) : ownIds[next++]!,
      position,
    })),
  );
  if (links.length > 0) await db.insert(postSections).values(links);
  return new Map(pages.map((seed, index) => [seed.key, rows[index]!.id]));
}

type ResolvedTarget = {
  linkType: 'page' | 'post' | 'term' | 'event' | 'static' | 'external';
  targetId: number | null;
  url?: string;
  rel?: string;
  target?: string;
  icon?: string;
};

async function insertNavItems(
  db: Db,
  menuId: number,
  parentId: number | null,
  items: NavItemSeed[],
  resolve: (to: NavTarget) => ResolvedTarget,
): Promise<void> {
  for (const [position, item] of items.entries()) {
    const target = resolve(item.to);
    const [row] = await db
      .insert(navigationItems)
      .values({
        menuId,
        parentId,
        position,
        linkType: target.linkType,
        targetId: target.targetId,
        url: target.url ?? null,
        rel: target.rel ?? 'dofollow',
        target: target.target ?? null,
        icon: target.icon ?? null,
      })
      .returning({ id: navigationItems.id });
    await db.insert(navigationItemTranslations).values(
      seedLanguages.map((languageCode) => ({
        itemId: row!.id,
        languageCode,
        title: item.title[languageCode],
        // Static links differ per language; the default-language path is on the item itself.
        url: item.to.type === 'static' && languageCode !== 'hr' ? item.to.url[languageCode] : null,
      })),
    );
    if (item.children?.length) await insertNavItems(db, menuId, row!.id, item.children, resolve);
  }
}

async function insertForms(db: Db, siteId: number): Promise<Map<string, number>> {
  const rows = await db
    .insert(forms)
    .values(demoForms.map((seed) => ({ siteId, ...seed })))
    .returning({ id: forms.id });
  return new Map(demoForms.map((seed, index) => [seed.key, rows[index]!.id]));
}

async function insertConsents(db: Db, siteId: number): Promise<void> {
  const rows = await db
    .insert(consents)
    .values(demoConsents.map((seed) => ({ siteId, uniqueNumber: seed.uniqueNumber })))
    .returning({ id: consents.id });
  await db.insert(consentTranslations).values(
    demoConsents.flatMap((seed, index) =>
      seedLanguages.map((languageCode) => ({
        consentId: rows[index]!.id,
        languageCode,
        ...seed.text[languageCode],
      })),
    ),
  );
  const consent = lookup(new Map(demoConsents.map((seed, index) => [seed.key, rows[index]!.id])), 'consent');
  await db.insert(consentAssignments).values(
    demoConsentAssignments.map((assignment) => ({
      siteId,
      assignedTo: assignment.form,
      consentIds: assignment.consents.map(consent),
      requiredConsentIds: assignment.required.map(consent),
    })),
  );
}
