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

/** Every Open Graph and Twitter tag a link preview reads, with absolute addresses and the image's size. */
async function checkShareTags(page: Page, { indexable = true } = {}) {
  const meta = async (attribute: 'property' | 'name', key: string) => {
    const tags = page.locator(`meta[${attribute}="${key}"]`);
    await expect(tags, key).toHaveCount(1);
    const content = (await tags.getAttribute('content')) ?? '';
    expect(content.length, key).toBeGreaterThan(0);
    return content;
  };
  for (const key of ['og:title', 'og:type', 'og:site_name', 'og:image:alt']) await meta('property', key);
  const image = await meta('property', 'og:image');
  absolute(image);
  // Link previews lay out a 1200×630 image: media are shared at the ShareSize, the rest is the default image.
  expect(await meta('property', 'og:image:width')).toBe('1200');
  expect(await meta('property', 'og:image:height')).toBe('630');
  expect(image).toMatch(/\/ShareSize\/|\/share-default\.png$/);
  const served = await page.request.get(image);
  expect(served.status(), image).toBe(200);
  if (indexable) absolute(await meta('property', 'og:url'));
  expect(await meta('name', 'twitter:card')).toBe('summary_large_image');
  for (const key of ['twitter:title', 'twitter:image:alt']) await meta('name', key);
  expect(await meta('name', 'twitter:image')).toBe(image);
}

/** An Offer as Google's merchant listings read it. */
function checkOffer(offer: Thing, { shipped }: { shipped: boolean }) {
  expect(offer['@type']).toBe('Offer');
  expect(String(offer.priceCurrency)).toMatch(/^[A-Z]{3}$/);
  expect(String(offer.price)).toMatch(/^\d+\.\d{2}$/);
  expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
  expect(offer.itemCondition).toBe('https://schema.org/NewCondition');
  absolute(offer.url);
  const policy = offer.hasMerchantReturnPolicy as Thing;
  expect(policy['@type']).toBe('MerchantReturnPolicy');
  expect((policy.applicableCountry as string[]).length).toBeGreaterThan(0);
  expect(policy.returnPolicyCategory).toMatch(/^https:\/\/schema\.org\/MerchantReturn/);
  if (!shipped) {
    expect(offer).not.toHaveProperty('shippingDetails');
    expect(policy.returnPolicyCategory).toBe('https://schema.org/MerchantReturnNotPermitted');
    return;
  }
  expect(policy).toMatchObject({
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    returnMethod: expect.stringMatching(/^https:\/\/schema\.org\/Return/),
    returnFees: expect.stringMatching(/^https:\/\/schema\.org\//),
  });
  expect(Number(policy.merchantReturnDays)).toBeGreaterThan(0);
  const zones = offer.shippingDetails as Thing[];
  expect(zones.length).toBeGreaterThan(0);
  for (const zone of zones) {
    expect(zone['@type']).toBe('OfferShippingDetails');
    const rate = zone.shippingRate as Thing;
    expect(typeof rate.value).toBe('number');
    expect(rate.currency).toMatch(/^[A-Z]{3}$/);
    for (const region of zone.shippingDestination as Thing[])
      expect(region.addressCountry).toMatch(/^[A-Z]{2}$/);
    const time = zone.deliveryTime as Thing;
    for (const part of ['handlingTime', 'transitTime']) {
      expect((time[part] as Thing).unitCode).toBe('DAY');
      expect(Number((time[part] as Thing).maxValue)).toBeGreaterThanOrEqual(
        Number((time[part] as Thing).minValue),
      );
    }
  }
}

/** Name, image, brand and a description: what a Product and a ProductGroup share. */
function checkProductBasics(product: Thing, heading: string | null) {
  expect(product.name).toBe(heading);
  expect(String(product.description).length).toBeGreaterThan(0);
  for (const image of product.image as string[]) absolute(image);
  expect((product.brand as Thing)['@type']).toBe('Brand');
  expect(String((product.brand as Thing).name).length).toBeGreaterThan(0);
  absolute(product.url);
  // Ratings only from published reviews (other tests may have published some): Google's fields.
  if ('aggregateRating' in product) {
    const rating = product.aggregateRating as Thing;
    expect(rating['@type']).toBe('AggregateRating');
    expect(Number(rating.ratingCount)).toBeGreaterThanOrEqual(1);
    expect(Number(rating.ratingValue)).toBeGreaterThanOrEqual(1);
    expect(Number(rating.ratingValue)).toBeLessThanOrEqual(Number(rating.bestRating));
    for (const review of (product.review as Thing[] | undefined) ?? []) {
      expect(String((review.author as Thing).name).length).toBeGreaterThan(0);
      expect(Number((review.reviewRating as Thing).ratingValue)).toBeGreaterThanOrEqual(1);
    }
  } else expect(product).not.toHaveProperty('review');
}

test('home: Organization (logo, sameAs from the social links) and WebSite with a SearchAction', async ({
  page,
}) => {
  test.slow();
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
    await checkShareTags(page);
    // The template opens the search page with the term.
    const search = template.replace('{search_term_string}', 'kviz').replace(/^https?:\/\/[^/]+/, '');
    expect((await page.goto(search))?.status()).toBe(200);
    await expect(page.getByRole('searchbox').first()).toHaveValue('kviz');
    await checkShareTags(page, { indexable: false });
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
    // The description meta reads the same cleaned text: no space before a full stop, items apart.
    const summary = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
    expect(summary).not.toMatch(/\s[.,;:!?]|[a-zčćđšž][A-ZČĆĐŠŽ]/);
    // Free: events have no price; the offer is valid from the announcement.
    const offer = event.offers as Thing;
    expect(offer).toMatchObject({ '@type': 'Offer', price: '0', availability: 'https://schema.org/InStock' });
    expect(String(offer.priceCurrency)).toMatch(/^[A-Z]{3}$/);
    expect(offer.url).toBe(event.url);
    isoDate(offer.validFrom);
    expect(Date.parse(String(offer.validFrom))).toBeLessThanOrEqual(Date.parse(String(event.startDate)));
    for (const image of (event.image as string[] | undefined) ?? []) absolute(image);
    absolute(event.url);
    checkBreadcrumb(items, 2);
    await checkShareTags(page);
  }
});

test('simple product: Product with GTIN (ISBN), brand, and an Offer with sale end, shipping and returns', async ({
  page,
}) => {
  test.slow();
  for (const [sku, language] of [
    ['KNJ-003', 'hr'],
    ['KNJ-003', 'en'],
    ['IGR-101', 'hr'],
  ] as const) {
    const seed = productSeeds.find((product) => product.sku === sku)!;
    const path = language === 'hr' ? `/product/${seed.slug.hr}` : `/en/product/${seed.slug.en}`;
    expect((await page.goto(path))?.status()).toBe(200);
    const items = await jsonLd(page);
    const product = ofType(items, 'Product');
    checkProductBasics(product, await page.getByRole('heading', { level: 1 }).textContent());
    expect(product.sku).toBe(sku);
    expect(String(product.gtin13)).toMatch(/^\d{13}$/);
    if (seed.brand) expect((product.brand as Thing).name).toBe(seed.brand);
    const offer = product.offers as Thing;
    checkOffer(offer, { shipped: true });
    // KNJ-003 is on sale until a set day; the price shown is the offer's.
    if ('discountEndsAt' in seed && seed.discountEndsAt) {
      expect(offer.priceValidUntil).toBe(seed.discountEndsAt.slice(0, 10));
    }
    const breadcrumb = items.find((item) => item['@type'] === 'BreadcrumbList')!;
    checkBreadcrumb(items, (breadcrumb.itemListElement as Thing[]).length);
    await checkShareTags(page);
  }
});

test('configurable product: ProductGroup with variesBy and one Product and Offer per variant', async ({
  page,
}) => {
  const seed = productSeeds.find((product) => product.sku === 'MAJ-001')!;
  expect((await page.goto(`/product/${seed.slug.hr}`))?.status()).toBe(200);
  const items = await jsonLd(page);
  expect(items.filter((item) => item['@type'] === 'Product')).toHaveLength(0);
  const group = ofType(items, 'ProductGroup');
  checkProductBasics(group, await page.getByRole('heading', { level: 1 }).textContent());
  expect(group.productGroupID).toBe('MAJ-001');
  expect(group.variesBy).toEqual(['https://schema.org/size', 'https://schema.org/color']);
  expect(group).not.toHaveProperty('offers');
  const variants = group.hasVariant as Thing[];
  expect(variants.length).toBe(
    seed.format === 'Configurable' ? seed.sizes.length * seed.colours.length : Number.NaN,
  );
  const skus = new Set(variants.map((variant) => variant.sku));
  expect(skus.size).toBe(variants.length);
  for (const variant of variants) {
    expect(variant['@type']).toBe('Product');
    expect(variant.inProductGroupWithID).toBe('MAJ-001');
    expect(String(variant.size).length).toBeGreaterThan(0);
    expect(String(variant.color).length).toBeGreaterThan(0);
    expect(variant).not.toHaveProperty('description');
    checkOffer(variant.offers as Thing, { shipped: true });
  }
  // A variant's offer opens the page with that variant chosen.
  const outOfStock = variants.find(
    (variant) => (variant.offers as Thing).availability === 'https://schema.org/OutOfStock',
  );
  const chosen = outOfStock ?? variants[0]!;
  const address = String((chosen.offers as Thing).url);
  expect(address).toMatch(/\?velicina=[^&]+&boja=/);
  expect((await page.goto(address.replace(/^https?:\/\/[^/]+/, '')))?.status()).toBe(200);
  await expect(page.getByText(String(chosen.color)).first()).toBeVisible();
  await checkShareTags(page);
});

test('bundle and digital product: a Product with one Offer; nothing shipped for digital goods', async ({
  page,
}) => {
  test.slow();
  for (const [sku, shipped] of [
    ['PAK-001', true],
    ['PAK-004', false],
    ['EK-001', false],
  ] as const) {
    const seed = productSeeds.find((product) => product.sku === sku)!;
    expect((await page.goto(`/product/${seed.slug.hr}`))?.status()).toBe(200);
    const items = await jsonLd(page);
    const product = ofType(items, 'Product');
    checkProductBasics(product, await page.getByRole('heading', { level: 1 }).textContent());
    checkOffer(product.offers as Thing, { shipped });
    await checkShareTags(page);
  }
});

test('home Organization: contact point and logo as an ImageObject; content page: share tags', async ({
  page,
}) => {
  test.slow();
  expect((await page.goto('/'))?.status()).toBe(200);
  const organization = ofType(await jsonLd(page), 'Organization');
  const contact = organization.contactPoint as Thing;
  expect(contact['@type']).toBe('ContactPoint');
  expect(String(contact.contactType).length).toBeGreaterThan(0);
  expect(String(contact.email)).toMatch(/@/);
  expect(String(contact.telephone)).toMatch(/^\+\d/);
  const logo = organization.logo as Thing;
  expect(logo['@type']).toBe('ImageObject');
  expect((await page.request.get(String(logo.url))).status()).toBe(200);

  for (const path of ['/o-nama', '/en/about-us']) {
    expect((await page.goto(path))?.status()).toBe(200);
    await checkShareTags(page);
  }
});

test('category and search: share tags', async ({ page }) => {
  // Each share check also fetches the preview image: three pages take a while on a loaded machine.
  test.slow();
  expect((await page.goto('/shop/knjige'))?.status()).toBe(200);
  checkBreadcrumb(await jsonLd(page), 3);
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
