/**
 * Fills the demo site's catalogue with generated products for benchmarks:
 * `node scripts/generate-catalogue.ts --products 100000` (PostgreSQL when DATABASE_URL is set, else the
 * PGlite data directory of DATA_DIR; the server must not be running on that data directory).
 *
 * What it makes: 200 categories (10 departments of 19 categories each), the demo colour, size and age
 * attributes plus a material and a brand attribute, and N visible products: translations hr/en with
 * slugs, prices in minor units for every store currency, stock, one image, category links with
 * priority, attribute values and some tags. One product in twenty is Configurable with four variants.
 * Everything is derived from the product's number by a fixed hash, so two runs give the same catalogue;
 * running it again with a larger N adds the missing products only (10,000 then 100,000 is one run of
 * 10,000 and one of 90,000). Each batch of 25,000 is a few set-based INSERT ... SELECT statements in a
 * transaction of its own.
 */

import { pathToFileURL } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { rowsOf } from '../server/db/raw-rows.ts';
import { MAIN_CURRENCY_ID } from '../server/modules/site/reference-data.ts';

export const GENERATED_SKU_PREFIX = 'GEN-';
const DEPARTMENTS = 10;
const PER_DEPARTMENT = 19;
const BATCH = 25_000;
const CONFIGURABLE_EVERY = 20;
const VARIANTS = 4;

type GeneratedAttribute = {
  code: string;
  label: { hr: string; en: string };
  values: { code: string; hr: string; en: string }[];
};

/** Added when the site does not have them yet; the demo's boja, velicina and dob are reused. */
const extraAttributes: GeneratedAttribute[] = [
  {
    code: 'materijal',
    label: { hr: 'Materijal', en: 'Material' },
    values: [
      ['drvo', 'Drvo', 'Wood'],
      ['pamuk', 'Pamuk', 'Cotton'],
      ['plastika', 'Plastika', 'Plastic'],
      ['papir', 'Papir', 'Paper'],
      ['vuna', 'Vuna', 'Wool'],
      ['metal', 'Metal', 'Metal'],
      ['karton', 'Karton', 'Cardboard'],
      ['tkanina', 'Tkanina', 'Fabric'],
    ].map(([code, hr, en]) => ({ code: code!, hr: hr!, en: en! })),
  },
  {
    code: 'marka',
    label: { hr: 'Marka', en: 'Brand' },
    values: Array.from({ length: 40 }, (_, index) => ({
      code: `marka-${index + 1}`,
      hr: `Marka ${index + 1}`,
      en: `Brand ${index + 1}`,
    })),
  },
];

const nounsHr = ['slagalica', 'lopta', 'slikovnica', 'majica', 'kocke', 'bojanka', 'lutka', 'igra', 'kapa'];
const nounsEn = [
  'puzzle',
  'ball',
  'picture book',
  'T-shirt',
  'blocks',
  'colouring book',
  'doll',
  'game',
  'cap',
];
const adjectivesHr = ['Drvena', 'Velika', 'Mala', 'Šarena', 'Mekana', 'Vesela', 'Plava', 'Zimska'];
const adjectivesEn = ['Wooden', 'Big', 'Small', 'Colourful', 'Soft', 'Happy', 'Blue', 'Winter'];

/** A fixed pseudo-random number in [0, m) for product i and a salt; the same on every engine. */
const pick = (i: SQL, salt: number, m: number) =>
  sql`((hashint8(${i}::bigint * 131 + ${sql.raw(String(salt))})::bigint + 2147483648) % ${sql.raw(String(m))})`;

async function exec(db: Db, query: SQL): Promise<void> {
  await db.execute(query);
}

async function ids(db: Db, query: SQL): Promise<number[]> {
  return (await rowsOf<{ id: number }>(db, query)).map((row) => Number(row.id));
}

/** The department and category ids, creating the 200 categories when the site does not have them. */
async function ensureCategories(db: Db, siteId: number): Promise<{ leaves: number[] }> {
  const existing = await rowsOf<{ id: number; slug: string }>(
    db,
    sql`select c.id, t.slug from product_categories c
        join product_category_translations t on t.category_id = c.id and t.language_code = 'en'
        where c.site_id = ${siteId} and t.slug like 'gen-%' order by c.id`,
  );
  if (existing.length === 0) {
    const departments = await ids(
      db,
      sql`insert into product_categories (site_id, parent_id, position)
          select ${siteId}, null, 100 + d from generate_series(1, ${DEPARTMENTS}::int) d
          order by d returning id`,
    );
    await exec(
      db,
      sql`insert into product_category_translations
            (category_id, site_id, language_code, name, slug, description, seo_title, seo_description)
          select d.id, ${siteId}, l.code,
                 case l.code when 'hr' then 'Odjel ' || d.n else 'Department ' || d.n end,
                 case l.code when 'hr' then 'gen-odjel-' || d.n else 'gen-department-' || d.n end,
                 '', null, null
          from unnest(${sql.raw(`array[${departments.join(',')}]::int[]`)}) with ordinality as d(id, n)
          cross join (values ('hr'), ('en')) as l(code)`,
    );
    await exec(
      db,
      sql`insert into product_categories (site_id, parent_id, position)
          select ${siteId}, d.id, c from unnest(${sql.raw(`array[${departments.join(',')}]::int[]`)}) d(id)
          cross join generate_series(1, ${PER_DEPARTMENT}::int) c
          order by d.id, c`,
    );
    await exec(
      db,
      sql`insert into product_category_translations
            (category_id, site_id, language_code, name, slug, description, seo_title, seo_description)
          select c.id, ${siteId}, l.code,
                 case l.code when 'hr' then 'Kategorija ' || d.n || '.' || c.position
                             else 'Category ' || d.n || '.' || c.position end,
                 case l.code when 'hr' then 'gen-kategorija-' || d.n || '-' || c.position
                             else 'gen-category-' || d.n || '-' || c.position end,
                 '', null, null
          from product_categories c
          join unnest(${sql.raw(`array[${departments.join(',')}]::int[]`)}) with ordinality as d(id, n)
            on d.id = c.parent_id
          cross join (values ('hr'), ('en')) as l(code)`,
    );
  }
  const leaves = await ids(
    db,
    sql`select c.id from product_categories c
        join product_category_translations t on t.category_id = c.id and t.language_code = 'en'
        where c.site_id = ${siteId} and t.slug like 'gen-category-%' order by c.id`,
  );
  return { leaves };
}

async function ensureAttributes(db: Db, siteId: number): Promise<void> {
  for (const [index, attribute] of extraAttributes.entries()) {
    const found = await ids(
      db,
      sql`select id from attributes where site_id = ${siteId} and attribute_code = ${attribute.code}`,
    );
    if (found.length > 0) continue;
    const [attributeId] = await ids(
      db,
      sql`insert into attributes (site_id, attribute_code, input_type, position, is_filterable, filter_type)
          values (${siteId}, ${attribute.code}, 'select', ${50 + index}, true, 'multiple') returning id`,
    );
    await exec(
      db,
      sql`insert into attribute_translations (attribute_id, language_code, label)
          values (${attributeId}, 'hr', ${attribute.label.hr}), (${attributeId}, 'en', ${attribute.label.en})`,
    );
    const values = attribute.values;
    await exec(
      db,
      sql`insert into attribute_values (attribute_id, value_code, position)
          select ${attributeId}, v.code, v.n - 1
          from unnest(${`{${values.map((value) => value.code).join(',')}}`}::text[]) with ordinality as v(code, n)`,
    );
    await exec(
      db,
      sql`insert into attribute_value_translations (value_id, language_code, label)
          select av.id, l.code, case l.code when 'hr' then v.hr else v.en end
          from unnest(${`{${values.map((value) => value.code).join(',')}}`}::text[],
                      ${`{${values.map((value) => `"${value.hr}"`).join(',')}}`}::text[],
                      ${`{${values.map((value) => `"${value.en}"`).join(',')}}`}::text[]) as v(code, hr, en)
          join attribute_values av on av.attribute_id = ${attributeId} and av.value_code = v.code
          cross join (values ('hr'), ('en')) as l(code)`,
    );
  }
}

/** The value ids of an attribute, in position order. */
async function valueIds(db: Db, siteId: number, code: string): Promise<number[]> {
  return ids(
    db,
    sql`select v.id from attribute_values v join attributes a on a.id = v.attribute_id
        where a.site_id = ${siteId} and a.attribute_code = ${code} order by v.position, v.id`,
  );
}

const intArray = (values: number[]) =>
  sql.raw(`(array[${values.length ? values.join(',') : 'null'}]::int[])`);
const textArray = (values: string[]) =>
  sql.raw(`(array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]::text[])`);

export type GenerateResult = { siteId: number; before: number; after: number; ms: number };

/**
 * Makes the site have `total` generated products (adds the missing ones). The site is the first one
 * unless given; its demo catalogue must be seeded (colour, size and age attributes, tags, images).
 */
export async function generateCatalogue(
  db: Db,
  options: { products: number; siteId?: number; log?: (line: string) => void },
): Promise<GenerateResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const [site] = await rowsOf<{ id: number }>(
    db,
    options.siteId === undefined
      ? sql`select id from sites order by id limit 1`
      : sql`select id from sites where id = ${options.siteId}`,
  );
  if (!site) throw new Error('No site: seed the demo content first (start the server once).');
  const siteId = Number(site.id);
  const [{ n: before } = { n: 0 }] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from products
        where site_id = ${siteId} and parent_id is null and sku like ${`${GENERATED_SKU_PREFIX}%`}`,
  );
  const from = Number(before) + 1;
  const to = options.products;
  if (from > to) return { siteId, before: Number(before), after: Number(before), ms: Date.now() - started };

  const setup = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const { leaves } = await ensureCategories(t, siteId);
    await ensureAttributes(t, siteId);
    const colours = await valueIds(t, siteId, 'boja');
    const sizes = await valueIds(t, siteId, 'velicina');
    const ages = await valueIds(t, siteId, 'dob');
    const materials = await valueIds(t, siteId, 'materijal');
    const brands = await valueIds(t, siteId, 'marka');
    if (colours.length === 0 || sizes.length === 0 || ages.length === 0) {
      throw new Error('The demo attributes boja, velicina and dob are missing: seed the demo content first.');
    }
    const attributeIdOf = async (code: string) =>
      (
        await ids(t, sql`select id from attributes where site_id = ${siteId} and attribute_code = ${code}`)
      )[0]!;
    const colourAttr = await attributeIdOf('boja');
    const sizeAttr = await attributeIdOf('velicina');
    const ageAttr = await attributeIdOf('dob');
    const materialAttr = await attributeIdOf('materijal');
    const brandAttr = await attributeIdOf('marka');
    const tagIds = await ids(t, sql`select id from tags where site_id = ${siteId} order by id`);
    const mediaIds = await ids(t, sql`select distinct media_id as id from product_media order by 1`);
    const currencies = await rowsOf<{ currency_id: number; rate: string }>(
      t,
      sql`select currency_id, min(rate)::text as rate
          from (select currency_id, eur_rate as rate from stores where site_id = ${siteId}
                union all select ${MAIN_CURRENCY_ID}::int, 1::numeric) s
          group by currency_id`,
    );
    return {
      leaves,
      colours,
      sizes,
      ages,
      materials,
      brands,
      colourAttr,
      sizeAttr,
      ageAttr,
      materialAttr,
      brandAttr,
      tagIds,
      mediaIds,
      currencies,
    };
  });
  const { leaves, colours, sizes, ages, materials, brands, tagIds, mediaIds, currencies } = setup;
  const { colourAttr, sizeAttr, ageAttr, materialAttr, brandAttr } = setup;

  // One transaction per batch: a run stopped half-way (1,000,000 products take tens of minutes) keeps
  // its whole batches, and the next run adds the rest (it resumes after the generated products it counts).
  for (let low = from; low <= to; low += BATCH) {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const high = Math.min(to, low + BATCH - 1);
      const batchStarted = Date.now();
      const i = sql`g.i`;
      // Products: 1 in CONFIGURABLE_EVERY is Configurable (its variants hold the stock).
      await exec(
        t,
        sql`insert into products (site_id, format, sku, is_visible_individually, status, stock_qty,
                                  manage_stock, weight_grams, tax_rate_bp, created_at, updated_at)
            select ${siteId},
                   case when g.i % ${sql.raw(String(CONFIGURABLE_EVERY))} = 0 then 'Configurable' else 'Simple' end,
                   ${GENERATED_SKU_PREFIX} || lpad(g.i::text, 7, '0'),
                   true, 'active',
                   case when g.i % ${sql.raw(String(CONFIGURABLE_EVERY))} = 0 then null else ${pick(i, 1, 40)}::int end,
                   g.i % ${sql.raw(String(CONFIGURABLE_EVERY))} <> 0,
                   100 + ${pick(i, 2, 2000)}::int,
                   case when ${pick(i, 3, 10)} = 0 then 500 else 2500 end,
                   timestamptz '2026-01-01 00:00:00+00' + g.i * interval '1 minute',
                   timestamptz '2026-01-01 00:00:00+00' + g.i * interval '1 minute'
            from generate_series(${low}::int, ${high}::int) as g(i)`,
      );
      await exec(t, sql`drop table if exists gen_batch`);
      await exec(
        t,
        sql`create temp table gen_batch on commit drop as
            select id, substr(sku, ${GENERATED_SKU_PREFIX.length + 1})::int as i, format, tax_rate_bp
            from products
            where site_id = ${siteId} and parent_id is null
              and sku between ${`${GENERATED_SKU_PREFIX}${String(low).padStart(7, '0')}`}
                          and ${`${GENERATED_SKU_PREFIX}${String(high).padStart(7, '0')}`}`,
      );
      // Variants of the Configurable ones: size x colour, not shown on their own.
      await exec(
        t,
        sql`insert into products (site_id, format, sku, parent_id, is_visible_individually, status,
                                  stock_qty, manage_stock, weight_grams, tax_rate_bp, created_at, updated_at)
            select ${siteId}, 'Simple', ${GENERATED_SKU_PREFIX} || lpad(b.i::text, 7, '0') || '-V' || v,
                   b.id, false, 'active', ${pick(sql`(b.i * 10 + v)`, 4, 30)}::int, true, 300, b.tax_rate_bp,
                   timestamptz '2026-01-01 00:00:00+00' + b.i * interval '1 minute',
                   timestamptz '2026-01-01 00:00:00+00' + b.i * interval '1 minute'
            from gen_batch b cross join generate_series(1, ${VARIANTS}::int) v
            where b.format = 'Configurable'`,
      );
      await exec(
        t,
        sql`insert into gen_batch (id, i, format, tax_rate_bp)
            select p.id, b.i * 10 + substr(p.sku, length(p.sku))::int, 'Variant', p.tax_rate_bp
            from products p join gen_batch b on p.parent_id = b.id`,
      );
      // A temporary table has no statistics until analysed; without them the joins below go nested.
      await exec(t, sql`analyze gen_batch`);
      // Translations in both languages, with unique slugs.
      await exec(
        t,
        sql`insert into product_translations (product_id, site_id, language_code, name, slug,
                                              short_description, description, seo_title, seo_description)
            select b.id, ${siteId}, l.code, n.name, n.slug, n.short, '<p>' || n.short || '</p>', n.name, n.short
            from gen_batch b
            cross join (values ('hr'), ('en')) as l(code)
            -- A variant (number i*10+v) is named after its main product, with its variant number.
            cross join lateral (
              select case when b.format = 'Variant' then b.i / 10 else b.i end as main,
                     case when b.format = 'Variant' then '-v' || b.i % 10 else '' end as suffix
            ) m
            cross join lateral (
              select
                case l.code
                  when 'hr' then ${textArray(adjectivesHr)}[1 + ${pick(sql`m.main`, 5, adjectivesHr.length)}]
                                 || ' ' || ${textArray(nounsHr)}[1 + ${pick(sql`m.main`, 6, nounsHr.length)}]
                  else ${textArray(adjectivesEn)}[1 + ${pick(sql`m.main`, 5, adjectivesEn.length)}]
                       || ' ' || ${textArray(nounsEn)}[1 + ${pick(sql`m.main`, 6, nounsEn.length)}]
                end || ' ' || m.main || m.suffix as name,
                case l.code when 'hr' then 'gen-proizvod-' else 'gen-product-' end || m.main || m.suffix as slug,
                case l.code when 'hr' then 'Generirani proizvod za mjerenja.'
                            else 'A generated product for benchmarks.' end as short
            ) n`,
      );
      // Prices: a euro amount per product (x.99), converted at each store currency's rate; one in
      // six is on sale, every one has a member price.
      await exec(
        t,
        sql`insert into product_prices (product_id, currency_id, basic_price, retail_price, discount_price,
                                        membership_price)
            select b.id, c.currency_id,
                   round(r.retail * 10000.0 / (10000 + b.tax_rate_bp))::int,
                   r.retail,
                   case when ${pick(sql`b.i`, 7, 6)} = 0 then round(r.retail * 0.8)::int end,
                   round(r.retail * 0.9)::int
            from gen_batch b
            cross join (select * from unnest(${intArray(currencies.map((row) => Number(row.currency_id)))},
                                             ${sql.raw(`array[${currencies.map((row) => `'${row.rate}'`).join(',')}]::numeric[]`)})
                        as c(currency_id, rate)) c
            cross join lateral (
              select round(((1 + ${pick(sql`b.i`, 8, 150)}) * 100 - 1) * c.rate)::int as retail
            ) r`,
      );
      if (mediaIds.length > 0) {
        await exec(
          t,
          sql`insert into product_media (product_id, media_id, position)
              select b.id, ${intArray(mediaIds)}[1 + ${pick(sql`b.i`, 9, mediaIds.length)}], 0 from gen_batch b`,
        );
      }
      // Category links: a main category, and for one product in three a second one.
      const leafArray = intArray(leaves);
      await exec(
        t,
        sql`insert into product_category_links (product_id, category_id, category_priority, is_main)
            select b.id, ${leafArray}[1 + ${pick(sql`b.i`, 10, leaves.length)}], ${pick(sql`b.i`, 11, 100)}::int, true
            from gen_batch b where b.format <> 'Variant'
            union all
            select b.id, ${leafArray}[1 + ${pick(sql`b.i`, 12, leaves.length)}], 0, false
            from gen_batch b
            where b.format <> 'Variant' and ${pick(sql`b.i`, 13, 3)} = 0
              and ${pick(sql`b.i`, 12, leaves.length)} <> ${pick(sql`b.i`, 10, leaves.length)}`,
      );
      // Attribute values: 1-3 colours, 1-4 sizes, an age group, a material and a brand; a variant
      // has exactly one size and one colour and its main product the union of its variants'.
      await exec(
        t,
        sql`insert into product_attribute_values (product_id, attribute_id, value_id)
            select distinct b.id, v.attribute_id, v.value_id
            from gen_batch b
            cross join lateral (
              select ${colourAttr}::int as attribute_id,
                     ${intArray(colours)}[1 + (${pick(sql`b.i`, 14, colours.length)} + k) % ${colours.length}] as value_id
              from generate_series(0, ${pick(sql`b.i`, 15, 3)}::int) k
              union all
              select ${sizeAttr}, ${intArray(sizes)}[1 + (${pick(sql`b.i`, 16, sizes.length)} + k) % ${sizes.length}]
              from generate_series(0, ${pick(sql`b.i`, 17, 4)}::int) k
              union all
              select ${ageAttr}, ${intArray(ages)}[1 + ${pick(sql`b.i`, 18, ages.length)}]
              union all
              select ${materialAttr}, ${intArray(materials)}[1 + ${pick(sql`b.i`, 19, materials.length)}]
              union all
              select ${brandAttr}, ${intArray(brands)}[1 + ${pick(sql`b.i`, 20, brands.length)}]
            ) v
            where b.format in ('Simple', 'EProduct')
            union
            select p.id, x.attribute_id, x.value_id
            from gen_batch b join products p on p.parent_id = b.id
            cross join lateral (
              select ${colourAttr}::int as attribute_id,
                     ${intArray(colours)}[1 + (${pick(sql`b.i`, 21, colours.length)} + (substr(p.sku, length(p.sku))::int - 1) / 2) % ${colours.length}] as value_id
              union all
              select ${sizeAttr}, ${intArray(sizes)}[1 + (${pick(sql`b.i`, 22, sizes.length)} + (substr(p.sku, length(p.sku))::int - 1) % 2) % ${sizes.length}]
            ) x
            where b.format = 'Configurable'
            union
            select b.id, x.attribute_id, x.value_id
            from gen_batch b
            cross join lateral (
              select ${ageAttr}::int as attribute_id, ${intArray(ages)}[1 + ${pick(sql`b.i`, 18, ages.length)}] as value_id
              union all
              select ${materialAttr}, ${intArray(materials)}[1 + ${pick(sql`b.i`, 19, materials.length)}]
              union all
              select ${brandAttr}, ${intArray(brands)}[1 + ${pick(sql`b.i`, 20, brands.length)}]
            ) x
            where b.format = 'Configurable'`,
      );
      await exec(
        t,
        sql`insert into product_attribute_values (product_id, attribute_id, value_id)
            select distinct b.id, pav.attribute_id, pav.value_id
            from gen_batch b join products p on p.parent_id = b.id
            join product_attribute_values pav on pav.product_id = p.id
            where b.format = 'Configurable'
            on conflict do nothing`,
      );
      await exec(
        t,
        sql`insert into configurable_attributes (product_id, attribute_id, position, shop_default_value_id)
            select b.id, a.attribute_id, a.position,
                   (select min(pav.value_id) from product_attribute_values pav
                    where pav.product_id = b.id and pav.attribute_id = a.attribute_id)
            from gen_batch b
            cross join (values (${sizeAttr}::int, 0), (${colourAttr}::int, 1)) as a(attribute_id, position)
            where b.format = 'Configurable'`,
      );
      if (tagIds.length > 0) {
        await exec(
          t,
          sql`insert into product_tags (product_id, tag_id)
              select b.id, ${intArray(tagIds)}[1 + ${pick(sql`b.i`, 23, tagIds.length)}]
              from gen_batch b where b.format <> 'Variant' and ${pick(sql`b.i`, 24, 5)} = 0`,
        );
      }
      log(`products ${low}–${high}: ${Date.now() - batchStarted} ms`);
    });
  }
  // Fresh statistics, so that the planner sees the new row counts at once.
  await exec(db, sql`analyze`);
  return { siteId, before: Number(before), after: to, ms: Date.now() - started };
}

async function main() {
  const { loadConfig } = await import('../server/config.ts');
  const { createLogger } = await import('../server/logger.ts');
  const { openConfiguredDatabase } = await import('../server/main.ts');
  const { createConfiguredStorage } = await import('../server/storage/configured-storage.ts');
  const argument = process.argv.indexOf('--products');
  const total = argument > 0 ? Number(process.argv[argument + 1]) : 10_000;
  if (!Number.isInteger(total) || total < 1) throw new Error('--products must be a positive whole number');
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const { database, lock } = await openConfiguredDatabase(config, logger);
  const storage = createConfiguredStorage(config);
  try {
    const { seedDemo } = await import('../server/db/seed/seed.ts');
    await seedDemo(database.db, { storage });
    const result = await generateCatalogue(database.db, { products: total, log: console.log });
    const [size] = await database.rows<{ size: string }>(
      sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    console.log(
      `${database.engine}: ${result.after} generated products (${result.after - result.before} added) in ${result.ms} ms; database ${size?.size}`,
    );
    // Shops running on this database share Redis: their cached catalogue answers and pages are stale now.
    if (config.REDIS_URL) {
      const { RedisCache } = await import('../server/cache/redis-cache.ts');
      const { invalidateAllSites } = await import('../server/db/seed/bootstrap.ts');
      const cache = new RedisCache(config.REDIS_URL, { logger });
      await invalidateAllSites(database.db, cache);
      await cache.close();
    }
  } finally {
    storage.close();
    await database.close();
    await lock?.release();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
