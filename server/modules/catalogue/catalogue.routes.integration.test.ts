import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidEan13 } from '../../../core/ean13.ts';
import { toEuro } from '../../../core/money.ts';
import { seedCatalogue } from '../../db/seed/catalogue-seed.ts';
import { type DemoSite, seedDemoSite, seedReferenceData } from '../../db/seed/site-seed.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestApp, postJson } from '../../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { productPrices, products, productTranslations } from './catalogue.schema.ts';

let database: TestDatabase;
let mediaDir: string;
let demo: DemoSite;
let t: ReturnType<typeof createTestApp>;

const en = { headers: { language: 'en' } };
const hr = { headers: { language: 'hr' } };

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-media-'));
  await seedReferenceData(database.db);
  demo = await seedDemoSite(database.db);
  await seedCatalogue(database.db, {
    siteId: demo.siteId,
    storage: createLocalStorage(mediaDir),
    currencyIds: { eur: 44, hrk: 52 },
  });
  // One product without an English text, to see the fallback to the default language (hr).
  const [untranslated] = await database.db.select().from(products).where(eq(products.sku, 'KNJ-002'));
  await database.db
    .delete(productTranslations)
    .where(
      and(eq(productTranslations.productId, untranslated!.id), eq(productTranslations.languageCode, 'en')),
    );
  t = createTestApp(database);
}, 120_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('product page (web/get)', () => {
  it('finds a product by slug in each language, with prices in the store currency and the euro equivalent', async () => {
    const english = await t.json('/api/v1/catalogue/product/web/get?slug=little-bears-big-worry', en);
    expect(english.status).toBe(200);
    expect(english.body.data).toMatchObject({
      name: 'Little Bear’s Big Worry',
      slug: 'little-bears-big-worry',
      sku: 'KNJ-001',
      format: 'Simple',
      prices: { retailPrice: 1490, currency: { code: 'EUR' }, eurEquivalent: null, discountPercent: 0 },
      stock: { qty: 120, inStock: true },
      tags: [{ code: 'NAJPRODAVANIJE', name: 'Top seller' }],
    });
    expect(english.body.data.media[0].url).toMatch(
      /^\/media\/1\/\d+\/MediumSize\/[a-z0-9-]+\.jpg\/[0-9a-f]+$/,
    );
    expect(english.body.data.categories.map((c: { slug: string }) => c.slug)).toEqual([
      'picture-books',
      'books',
    ]);
    expect(english.body.data.crossSellProducts.map((p: { sku: string }) => p.sku)).toEqual([
      'KNJ-004',
      'IGR-001',
    ]);

    const croatian = await t.json('/api/v1/catalogue/product/web/get?slug=medo-i-velika-briga', hr);
    expect(croatian.body.data.id).toBe(english.body.data.id);
    // Both answers name the product's slug in every language, for the language switch and hreflang.
    const alternates = { hr: 'medo-i-velika-briga', en: 'little-bears-big-worry' };
    expect(english.body.data.alternates).toEqual(alternates);
    expect(croatian.body.data.alternates).toEqual(alternates);
    expect(croatian.body.data.name).toBe('Medo i velika briga');
    const { prices } = croatian.body.data;
    expect(prices.currency.code).toBe('HRK');
    expect(prices.eurEquivalent.retailPrice).toBe(toEuro(prices.retailPrice, '7.5345'));
    expect(prices.eurEquivalent.retailPrice).toBe(1490);
  });

  it('falls back to the default language when the product has no text in the requested one', async () => {
    const { status, body } = await t.json('/api/v1/catalogue/product/web/get?slug=laku-noc-zvjezdice', en);
    expect(status).toBe(200);
    expect(body.data.name).toBe('Laku noć, zvjezdice');
  });

  it('serves a description as safe HTML: scripts and event handlers are removed, formatting stays', async () => {
    const [book] = await database.db.select().from(products).where(eq(products.sku, 'KNJ-002'));
    await database.db
      .update(productTranslations)
      .set({
        description:
          '<p>Priča <strong>za laku noć</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
          '<a href="javascript:alert(3)">veza</a>',
      })
      .where(and(eq(productTranslations.productId, book!.id), eq(productTranslations.languageCode, 'hr')));
    const { body } = await t.json(`/api/v1/catalogue/products/get?id=${book!.id}`, hr);
    const description: string = body.data.description;
    expect(description).toContain('<p>Priča <strong>za laku noć</strong></p>');
    expect(description).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('serves the same product by id on products/get, in another currency when asked', async () => {
    const bySlug = await t.json('/api/v1/catalogue/product/web/get?slug=the-fox-who-learned-to-wait', en);
    const byId = await t.json(`/api/v1/catalogue/products/get?id=${bySlug.body.data.id}&currency=52`, en);
    expect(byId.status).toBe(200);
    expect(byId.body.data.sku).toBe('KNJ-003');
    expect(bySlug.body.data.prices).toMatchObject({
      retailPrice: 1190,
      discountPrice: 990,
      discountPercent: 17,
    });
    expect(byId.body.data.prices.currency.code).toBe('HRK');
    expect(byId.body.data.prices.eurEquivalent.discountPrice).toBe(990);
  });

  it('answers 404 in the error format for unknown, archived and hidden-variant slugs', async () => {
    for (const slug of ['no-such-book', 'bojanka-jesen-2023', 'majica-otporno-dijete-m-plava']) {
      const { status, body } = await t.json(`/api/v1/catalogue/product/web/get?slug=${slug}`, hr);
      expect(status, slug).toBe(404);
      expect(body.error).toMatchObject({
        code: 'NOT_FOUND',
        statusCode: 404,
        payload: { message: expect.any(String) },
      });
    }
  });

  it('refuses a request without slug or id, naming the field', async () => {
    const { status, body } = await t.json('/api/v1/catalogue/product/web/get', en);
    expect(status).toBe(400);
    expect(body.error.payload.field).toBe('slug');
    const badId = await t.json('/api/v1/catalogue/product/web/get?id=abc', en);
    expect(badId.status).toBe(400);
    expect(badId.body.error.payload.field).toBe('id');
  });

  it('describes a Configurable product: attributes in order with the shop default, and its variants', async () => {
    const { body } = await t.json('/api/v1/catalogue/product/web/get?slug=resilient-child-t-shirt', en);
    const product = body.data;
    expect(product.format).toBe('Configurable');
    expect(product.canAddDirectly).toBe(false);
    expect(product.attributes.map((a: { attributeCode: string }) => a.attributeCode)).toEqual([
      'velicina',
      'boja',
    ]);
    const [size, colour] = product.attributes;
    expect(size).toMatchObject({ label: 'Size', inputType: 'select', customClass: 'attribute-size' });
    expect(size.values.map((v: { value: string }) => v.value)).toEqual(['S', 'M', 'L', 'XL']);
    expect(size.values.find((v: { shopDefault: boolean }) => v.shopDefault).value).toBe('M');
    expect(colour.values.map((v: { value: string }) => v.value)).toEqual(['White', 'Blue', 'Red']);
    expect(colour.values[0]).toMatchObject({
      isMedia: true,
      swatchColor: '#f4f1ea',
      media: { url: expect.any(String) },
    });

    expect(product.associatedProducts).toHaveLength(12);
    const blueM = product.associatedProducts.find((v: { sku: string }) => v.sku === 'MAJ-001-M-PLAVA');
    const blue = colour.values.find((v: { value: string }) => v.value === 'Blue');
    const medium = size.values.find((v: { value: string }) => v.value === 'M');
    expect(blueM.attributeValueIds.sort()).toEqual([blue.id, medium.id].sort());
    expect(blueM).toMatchObject({
      isVisibleIndividually: false,
      mainProductSlug: 'resilient-child-t-shirt',
      isShopDefault: true,
      format: 'Simple',
      stock: { inStock: expect.any(Boolean) },
      prices: { retailPrice: expect.any(Number) },
    });
    expect(
      product.associatedProducts.filter((v: { isShopDefault: boolean }) => v.isShopDefault),
    ).toHaveLength(1);
  });

  it('lists bundle members with their formats, and custom options', async () => {
    const bundle = await t.json('/api/v1/catalogue/product/web/get?slug=starter-pack', en);
    expect(bundle.body.data.format).toBe('Bundle');
    expect(bundle.body.data.canAddDirectly).toBe(true);
    expect(
      bundle.body.data.bundles.map((b: { product: { sku: string }; quantity: number }) => [
        b.product.sku,
        b.quantity,
      ]),
    ).toEqual([
      ['KNJ-001', 1],
      ['KNJ-002', 1],
      ['PRI-001', 1],
    ]);
    expect(bundle.body.data.prices).toMatchObject({ bundlePrice: 3990, finalPrice: 3990 });
    expect(bundle.body.data.prices.discountPercent).toBeGreaterThan(0);

    const personalised = await t.json('/api/v1/catalogue/product/web/get?slug=my-first-adventure', en);
    expect(personalised.body.data.customOptions).toEqual([
      expect.objectContaining({
        option_title: 'Child’s name',
        option_type: 'text',
        isRequired: true,
        maxLength: 20,
        custom_option_values: [
          expect.objectContaining({ title: 'Name printing', sku: 'PERS-IME', priceDelta: 300 }),
        ],
      }),
      expect.objectContaining({
        option_title: 'Child’s age (years)',
        option_type: 'number',
        isRequired: false,
      }),
    ]);
  });
});

describe('checkBundles', () => {
  it('says which members need a variant chosen and lists the variants', async () => {
    const page = await t.json(
      '/api/v1/catalogue/product/web/get?slug=resilient-child-pack-t-shirt-and-book',
      en,
    );
    const { status, body } = await t.json(`/api/v1/catalogue/checkBundles?product=${page.body.data.id}`, en);
    expect(status).toBe(200);
    expect(body.data.canAddDirectly).toBe(false);
    const [shirt, book] = body.data.bundles;
    expect(shirt).toMatchObject({ format: 'Configurable', needsChoice: true, product: { sku: 'MAJ-001' } });
    expect(shirt.associatedProducts).toHaveLength(12);
    expect(shirt.attributes).toHaveLength(2);
    expect(book).toMatchObject({ format: 'Simple', needsChoice: false, associatedProducts: [] });
  });

  it('refuses a product that is not a bundle, and a missing product id', async () => {
    const page = await t.json('/api/v1/catalogue/product/web/get?slug=little-bears-big-worry', en);
    const notBundle = await t.json(`/api/v1/catalogue/checkBundles?product=${page.body.data.id}`, en);
    expect(notBundle.status).toBe(400);
    expect(notBundle.body.error.payload.field).toBe('product');
    const missing = await t.json('/api/v1/catalogue/checkBundles', en);
    expect(missing.status).toBe(400);
    expect(missing.body.error.payload.field).toBe('product');
  });
});

describe('categories', () => {
  it('lists the tree sorted by id, with product counts that include subcategories', async () => {
    const { status, body } = await t.json(
      '/api/v1/catalogue/web/category/filter',
      postJson({}, { language: 'en' }),
    );
    expect(status).toBe(200);
    const roots = body.data.records;
    const ids = roots.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    const books = roots.find((c: { slug: string }) => c.slug === 'books');
    expect(books.children.map((c: { slug: string }) => c.slug)).toEqual([
      'picture-books',
      'parenting-guides',
    ]);
    // 8 picture books (one more is archived) and 5 guides.
    expect(books.productCount).toBe(13);
    expect(books.image.url).toMatch(/^\/media\//);
    expect(roots.every((c: { parentId: number | null }) => c.parentId === null)).toBe(true);
  });

  it('gives the subtree of a slug or the children of a parent', async () => {
    const bySlug = await t.json(
      '/api/v1/catalogue/web/category/filter',
      postJson({ slug: 'odjeca' }, { language: 'hr' }),
    );
    expect(bySlug.body.data.records).toHaveLength(1);
    const clothing = bySlug.body.data.records[0];
    expect(clothing.children.map((c: { name: string }) => c.name)).toEqual(['Majice', 'Dukserice']);
    const children = await t.json(
      '/api/v1/catalogue/web/category/filter',
      postJson({ parentId: clothing.id }, { language: 'en' }),
    );
    expect(children.body.data.records.map((c: { slug: string }) => c.slug)).toEqual(['t-shirts', 'hoodies']);
  });

  it('gets one category by id or slug with its breadcrumb, and 404 for an unknown one', async () => {
    const bySlug = await t.json('/api/v1/catalogue/web/category/get?slug=t-shirts', en);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data.category).toMatchObject({ name: 'T-shirts', productCount: 2 });
    expect(bySlug.body.data.breadcrumb.map((c: { slug: string }) => c.slug)).toEqual(['clothing']);
    const byId = await t.json(`/api/v1/catalogue/web/category/get/${bySlug.body.data.category.id}`, hr);
    expect(byId.body.data.category.slug).toBe('majice');
    expect(bySlug.body.data.category.alternates).toEqual({ hr: 'majice', en: 't-shirts' });
    expect(byId.body.data.category.alternates).toEqual({ hr: 'majice', en: 't-shirts' });
    const missing = await t.json('/api/v1/catalogue/web/category/get/999999', en);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });
});

describe('category page (web/category/page)', () => {
  const page = (body: unknown, language = 'en') =>
    t.json('/api/v1/catalogue/web/category/page', postJson(body, { language }));
  const call = (url: string, body: unknown, language = 'en') =>
    t.json(url, postJson(body, { language })).then((answer) => answer.body.data);

  it('answers what category/get, layered/navigation and product/web/filter answer for the category', async () => {
    const { status, body } = await page({ slug: 'books', sort: 'name_asc', limit: 6, page: 2 });
    expect(status).toBe(200);
    const category = await t.json('/api/v1/catalogue/web/category/get?slug=books', en);
    const id = category.body.data.category.id;
    const [navigation, products] = await Promise.all([
      call('/api/v1/catalogue/layered/navigation', { mainCategory: id }),
      call('/api/v1/catalogue/product/web/filter', { mainCategory: id, sort: 'name_asc', limit: 6, page: 2 }),
    ]);
    expect(body.data).toEqual({
      ...category.body.data,
      categoryFilters: navigation.filters,
      filters: navigation.filters,
      products,
    });
    expect(body.data.products.records).toHaveLength(6);
    expect(body.data.products.page).toBe(2);
  });

  it('narrows filters and products by keywords and filters, and keeps the category alone’s filters', async () => {
    const criteria = { keywords: 'medo', filters: [{ key: 'dob', value: ['0-3'] }] };
    const { status, body } = await page({ slug: 'slikovnice', ...criteria }, 'hr');
    expect(status).toBe(200);
    const id = body.data.category.id;
    const [alone, narrowed, products] = await Promise.all([
      call('/api/v1/catalogue/layered/navigation', { mainCategory: id }, 'hr'),
      call('/api/v1/catalogue/layered/navigation', { mainCategory: id, ...criteria }, 'hr'),
      call('/api/v1/catalogue/product/web/filter', { mainCategory: id, ...criteria }, 'hr'),
    ]);
    expect(body.data.categoryFilters).toEqual(alone.filters);
    expect(body.data.filters).toEqual(narrowed.filters);
    expect(body.data.filters).not.toEqual(body.data.categoryFilters);
    expect(body.data.products).toEqual(products);
    expect(body.data.products.totalRecords).toBeLessThan(body.data.category.productCount);
  });

  it('answers 404 for an unknown slug and 400 naming the field for a bad limit or a missing slug', async () => {
    const missing = await page({ slug: 'no-such-category' });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    const badLimit = await page({ slug: 'books', limit: 1000 });
    expect(badLimit.status).toBe(400);
    expect(JSON.stringify(badLimit.body.error)).toContain('limit');
    const noSlug = await page({});
    expect(noSlug.status).toBe(400);
    expect(JSON.stringify(noSlug.body.error)).toContain('slug');
  });
});

describe('tags', () => {
  it('names the tags in the request language', async () => {
    const english = await t.json('/api/v1/catalogue/web/tag/filter', postJson({}, { language: 'en' }));
    expect(
      english.body.data.records.map((tag: { code: string; name: string }) => [tag.code, tag.name]),
    ).toEqual([
      ['NOVO', 'New'],
      ['NAJPRODAVANIJE', 'Top seller'],
    ]);
    const croatian = await t.json(
      '/api/v1/catalogue/web/tag/filter',
      postJson({ codes: ['novo'] }, { language: 'hr' }),
    );
    expect(croatian.body.data.records).toEqual([expect.objectContaining({ code: 'NOVO', name: 'Novo' })]);
  });
});

describe('identifiers, condition and the end of a sale (structured data)', () => {
  it('gives a book its ISBN-13 as GTIN, a toy its maker as brand, every product a condition', async () => {
    const book = await t.json('/api/v1/catalogue/product/web/get?slug=medo-i-velika-briga', hr);
    expect(book.body.data).toMatchObject({ brand: null, itemCondition: 'new' });
    expect(book.body.data.gtin).toMatch(/^97[89]\d{10}$/);
    expect(isValidEan13(book.body.data.gtin)).toBe(true);
    const [toy] = await database.db.select().from(products).where(eq(products.sku, 'IGR-101'));
    const found = await t.json(`/api/v1/catalogue/product/web/get?id=${toy!.id}`, en);
    expect(found.body.data).toMatchObject({ brand: 'Drvenko', itemCondition: 'new' });
    expect(isValidEan13(found.body.data.gtin)).toBe(true);
    // Variants carry their own identifier field (none in the demo).
    const shirt = await t.json('/api/v1/catalogue/product/web/get?slug=majica-otporno-dijete', hr);
    expect(shirt.body.data.associatedProducts.length).toBeGreaterThan(0);
    for (const variant of shirt.body.data.associatedProducts) expect(variant).toHaveProperty('gtin', null);
  });

  it('refuses a malformed GTIN and an unknown condition in the database', async () => {
    const [book] = await database.db.select().from(products).where(eq(products.sku, 'KNJ-004'));
    await expect(
      database.db.update(products).set({ gtin: '97895A' }).where(eq(products.id, book!.id)),
    ).rejects.toThrow();
    await expect(
      database.db
        .update(products)
        .set({ itemCondition: 'broken' as 'new' })
        .where(eq(products.id, book!.id)),
    ).rejects.toThrow();
  });

  it('states when a sale ends, and after its end charges the regular price again', async () => {
    const slug = 'lisica-koja-je-naucila-cekati';
    const onSale = await t.json(`/api/v1/catalogue/product/web/get?slug=${slug}`, hr);
    const { prices } = onSale.body.data;
    expect(prices.discountPrice).not.toBeNull();
    expect(prices.finalPrice).toBe(prices.discountPrice);
    expect(Date.parse(prices.discountEndsAt)).toBeGreaterThan(Date.now());
    // A sale without an announced end states none.
    const open = await t.json('/api/v1/catalogue/product/web/get?slug=roditeljstvo-bez-vikanja', hr);
    expect(open.body.data.prices.discountPrice).not.toBeNull();
    expect(open.body.data.prices.discountEndsAt).toBeNull();

    await database.db
      .update(productPrices)
      .set({ discountEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(productPrices.productId, onSale.body.data.id));
    // A fresh cache: responses are cached for a minute.
    const later = createTestApp(database);
    const ended = await later.json(`/api/v1/catalogue/product/web/get?slug=${slug}`, hr);
    expect(ended.body.data.prices).toMatchObject({
      discountPrice: null,
      discountEndsAt: null,
      discountPercent: 0,
      finalPrice: prices.retailPrice,
    });
    // The price filter reads the same price: the ended sale no longer puts it under the retail price.
    const filtered = await later.json(
      '/api/v1/catalogue/product/web/filter',
      postJson(
        {
          filters: [{ key: 'price', value: { min: prices.retailPrice, max: prices.retailPrice } }],
          select: [onSale.body.data.id],
        },
        { language: 'hr' },
      ),
    );
    expect(filtered.body.data.records.map((record: { id: number }) => record.id)).toEqual([
      onSale.body.data.id,
    ]);
  });
});
