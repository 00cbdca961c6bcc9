import type { Page } from '@playwright/test';
import { productSeeds } from '../../server/db/seed/catalogue/products.ts';
import { blogPosts } from '../../server/db/seed/content/posts.ts';
import { expect, test } from './fixtures.ts';

/**
 * The JSON-LD of one page of each type, parsed as a search engine reads it, checked against the
 * fields Google documents as required and recommended for the rich result of each type.
 */
type Thing = Record<string, unknown>;

async function jsonLd(page: Page): Promise<Thing[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Thing);
}

const ofType = (items: Thing[], type: string) => {
  const found = items.filter((item) => item['@type'] === type);
  expect(found, `one ${type} block`).toHaveLength(1);
  const [item] = found;
  expect(item!['@context']).toBe('https://schema.org');
  return item!;
};

const absolute = (value: unknown) => expect(String(value)).toMatch(/^https?:\/\/[^/]+\//);
const isoDate = (value: unknown) => expect(Number.isNaN(Date.parse(String(value)))).toBe(false);

function checkBreadcrumb(items: Thing[], length: number) {
  const list = ofType(items, 'BreadcrumbList').itemListElement as Thing[];
  expect(list).toHaveLength(length);
  for (const [index, entry] of list.entries()) {
    expect(entry['@type']).toBe('ListItem');
    expect(entry.position).toBe(index + 1);
    expect(String(entry.name).length).toBeGreaterThan(0);
    // Every item but the current page names its address.
    if (index < list.length - 1) absolute(entry.item);
  }
}

function checkOrganization(organization: Thing) {
  expect(organization['@type']).toBe('Organization');
  expect(String(organization.name).length).toBeGreaterThan(0);
  absolute(organization.url);
  absolute((organization.logo as Thing).url);
}

async function checkShareTags(page: Page) {
  for (const property of ['og:image', 'og:image:width', 'og:image:height', 'og:image:alt']) {
    await expect(page.locator(`meta[property="${property}"]`)).toHaveCount(1);
  }
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  for (const name of ['twitter:title', 'twitter:image']) {
    await expect(page.locator(`meta[name="${name}"]`)).toHaveCount(1);
  }
}

test('home: Organization (logo, sameAs from the social links) and WebSite with a SearchAction', async ({
  page,
}) => {
  for (const path of ['/', '/en']) {
    expect((await page.goto(path))?.status()).toBe(200);
    const items = await jsonLd(page);
    const organization = ofType(items, 'Organization');
    checkOrganization(organization);
    const social = await page
      .getByRole('contentinfo')
      .locator('a[target="_blank"][href^="http"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const profile of organization.sameAs as string[]) expect(social).toContain(profile);
    expect((organization.sameAs as string[]).length).toBeGreaterThan(0);
    const website = ofType(items, 'WebSite');
    absolute(website.url);
    const action = website.potentialAction as Thing;
    expect(action['@type']).toBe('SearchAction');
    const template = String((action.target as Thing).urlTemplate);
    expect(template).toContain('{search_term_string}');
    expect(action['query-input']).toBe('required name=search_term_string');
    // The template opens the search page with the term.
    const search = template.replace('{search_term_string}', 'kviz').replace(/^https?:\/\/[^/]+/, '');
    expect((await page.goto(search))?.status()).toBe(200);
    await expect(page.getByRole('searchbox').first()).toHaveValue('kviz');
    await checkShareTags(page);
  }
});

test('blog post: BlogPosting with headline, image, dates, author, publisher; article:published_time', async ({
  page,
}) => {
  const post = blogPosts.find((candidate) => candidate.key === 'resilient-child-meaning')!;
  for (const path of [`/${post.text.hr.slug}`, `/en/${post.text.en.slug}`]) {
    expect((await page.goto(path))?.status()).toBe(200);
    const items = await jsonLd(page);
    const posting = ofType(items, 'BlogPosting');
    expect(posting.headline).toBe(await page.getByRole('heading', { level: 1 }).textContent());
    expect(String(posting.headline).length).toBeLessThanOrEqual(110);
    for (const image of posting.image as string[]) absolute(image);
    isoDate(posting.datePublished);
    isoDate(posting.dateModified);
    expect(Date.parse(String(posting.dateModified))).toBeGreaterThanOrEqual(
      Date.parse(String(posting.datePublished)),
    );
    expect(String((posting.author as Thing).name).length).toBeGreaterThan(0);
    checkOrganization(posting.publisher as Thing);
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
      'content',
      String(posting.datePublished),
    );
    checkBreadcrumb(items, 3);
    await checkShareTags(page);
  }
});

test('blog list: Blog with its posts and an ItemList in the order shown', async ({ page }) => {
  for (const path of ['/objave', '/en/blog']) {
    expect((await page.goto(path))?.status()).toBe(200);
    const items = await jsonLd(page);
    const blog = ofType(items, 'Blog');
    const posts = blog.blogPost as Thing[];
    const cards = await page
      .locator('main h2 a, main h3 a')
      .evaluateAll((links) =>
        links.map((link) => (link as HTMLAnchorElement).href).filter((href) => !href.includes('/blog/')),
      );
    expect(posts.length).toBeGreaterThan(0);
    for (const posting of posts) {
      expect(posting['@type']).toBe('BlogPosting');
      absolute(posting.url);
      isoDate(posting.datePublished);
    }
    const list = (blog.mainEntity as Thing).itemListElement as Thing[];
    expect(list.map((entry) => entry.url)).toEqual(posts.map((posting) => posting.url));
    expect(cards.slice(0, posts.length)).toEqual(posts.map((posting) => posting.url));
    checkBreadcrumb(items, 2);
    await checkShareTags(page);
  }
});

test('event: Event with place and PostalAddress, organizer, clean description', async ({ page }) => {
  for (const [home, prefix] of [
    ['/', '/dogadjaj/'],
    ['/en', '/en/event/'],
  ] as const) {
    await page.goto(home);
    const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
    expect((await page.goto(href!))?.status()).toBe(200);
    const items = await jsonLd(page);
    const event = ofType(items, 'Event');
    expect(event.name).toBe(await page.getByRole('heading', { level: 1 }).textContent());
    isoDate(event.startDate);
    expect(event.eventStatus).toMatch(/^https:\/\/schema\.org\/Event(Scheduled|Cancelled)$/);
    expect(event.eventAttendanceMode).toBe('https://schema.org/OfflineEventAttendanceMode');
    const location = event.location as Thing;
    expect(location['@type']).toBe('Place');
    expect(String(location.name).length).toBeGreaterThan(0);
    const address = location.address as Thing;
    expect(address['@type']).toBe('PostalAddress');
    expect(String(address.addressLocality ?? address.streetAddress).length).toBeGreaterThan(0);
    const organizer = event.organizer as Thing;
    expect(organizer['@type']).toBe('Organization');
    absolute(organizer.url);
    const description = String(event.description);
    expect(description.length).toBeGreaterThan(0);
    expect(description).not.toMatch(/\s[.,;:!?]/);
    absolute(event.url);
    checkBreadcrumb(items, 2);
    await checkShareTags(page);
  }
});

test('product: Product with an offer; category: BreadcrumbList; search: share tags', async ({ page }) => {
  const book = productSeeds.find((product) => product.sku === 'KNJ-001')!;
  expect((await page.goto(`/product/${book.slug.hr}`))?.status()).toBe(200);
  let items = await jsonLd(page);
  const product = ofType(items, 'Product');
  expect(String(product.name).length).toBeGreaterThan(0);
  for (const image of product.image as string[]) absolute(image);
  const offer = product.offers as Thing;
  expect(offer['@type']).toMatch(/^(Aggregate)?Offer$/);
  expect(String(offer.priceCurrency)).toMatch(/^[A-Z]{3}$/);
  expect(String(offer.price ?? offer.lowPrice)).toMatch(/^\d+\.\d{2}$/);
  expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
  expect(items.some((item) => item['@type'] === 'BreadcrumbList')).toBe(true);
  checkBreadcrumb(
    items,
    (items.find((item) => item['@type'] === 'BreadcrumbList')!.itemListElement as Thing[]).length,
  );
  await checkShareTags(page);

  expect((await page.goto('/shop/knjige'))?.status()).toBe(200);
  items = await jsonLd(page);
  checkBreadcrumb(items, 3);
  await checkShareTags(page);

  for (const path of ['/pretraga', '/en/search']) {
    expect((await page.goto(path))?.status()).toBe(200);
    await checkShareTags(page);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /\/share-default\.png$/,
    );
  }
});
