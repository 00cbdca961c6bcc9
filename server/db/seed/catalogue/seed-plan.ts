import { createHash } from 'node:crypto';
import { type AttributeSeed, attributeSeeds, tagSeeds } from './attributes.ts';
import { type CategorySeed, categorySeeds, type Localized } from './categories.ts';
import { type CouponSeed, couponSeeds, type DiscountSeed, discountSeeds } from './checkout-data.ts';
import type { ConfigurableSeed, ProductSeed } from './products.ts';

/** Pure helpers that turn the demo data files into rows, and the checks that keep them consistent. */

export type FlatCategory = CategorySeed & { parentKey: string | null; position: number };

/** Parents before children, so that each insert can reference the ids of the level above. */
export function flattenCategories(seeds: CategorySeed[] = categorySeeds): FlatCategory[][] {
  const levels: FlatCategory[][] = [];
  const visit = (nodes: CategorySeed[], parentKey: string | null, depth: number) => {
    levels[depth] ??= [];
    nodes.forEach((node, position) => {
      levels[depth]!.push({ ...node, parentKey, position });
      if (node.children?.length) visit(node.children, node.key, depth + 1);
    });
  };
  visit(seeds, null, 0);
  return levels;
}

export type VariantPlan = {
  sku: string;
  size: string;
  colour: string;
  name: Localized;
  slug: Localized;
  price: number;
  discount: number | null;
  membership: number | null;
  stock: number;
  isShopDefault: boolean;
};

function attributeValueLabel(attributeCode: string, valueCode: string): Localized {
  const value = attributeSeeds
    .find((attribute) => attribute.code === attributeCode)
    ?.values.find((candidate) => candidate.code === valueCode);
  if (!value) throw new Error(`Unknown value ${valueCode} of attribute ${attributeCode}`);
  return value.label;
}

function slugPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replaceAll('đ', 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Every size × colour of a Configurable product becomes a variant with its own SKU, price and stock. */
export function expandVariants(seed: ConfigurableSeed): VariantPlan[] {
  const variants: VariantPlan[] = [];
  let index = 0;
  for (const colour of seed.colours) {
    const colourLabel = attributeValueLabel('boja', colour);
    for (const size of seed.sizes) {
      const key = `${size}/${colour}`;
      const surcharge = seed.sizeSurcharge?.[size] ?? 0;
      const variantDiscount = seed.variantDiscounts?.[key];
      variants.push({
        sku: `${seed.sku}-${size}-${colour.toUpperCase()}`,
        size,
        colour,
        name: {
          hr: `${seed.name.hr} – ${size}, ${colourLabel.hr.toLowerCase()}`,
          en: `${seed.name.en} – ${size}, ${colourLabel.en.toLowerCase()}`,
        },
        slug: {
          hr: `${seed.slug.hr}-${slugPart(size)}-${slugPart(colourLabel.hr)}`,
          en: `${seed.slug.en}-${slugPart(size)}-${slugPart(colourLabel.en)}`,
        },
        price: seed.price + surcharge,
        discount: variantDiscount ?? (seed.discount === undefined ? null : seed.discount + surcharge),
        membership: seed.membership === undefined ? null : seed.membership + surcharge,
        // A spread of believable stock levels without randomness.
        stock: seed.outOfStock?.includes(key) ? 0 : 4 + ((index * 7) % 23),
        isShopDefault: size === seed.shopDefault.size && colour === seed.shopDefault.colour,
      });
      index++;
    }
  }
  return variants;
}

/** Access codes for code delivery: deterministic, so that a re-seeded database looks the same. */
export function eProductCodes(sku: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const hex = createHash('sha256').update(`${sku}:${index}`).digest('hex').toUpperCase();
    return `${sku.replace(/[^A-Z0-9]/g, '')}-${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}`;
  });
}

/** The regular price of a product as a bundle member (a Configurable counts at its cheapest variant). */
export function memberPrice(seed: ProductSeed): number {
  if (seed.format === 'Bundle') throw new Error(`Bundle ${seed.sku} cannot be a bundle member`);
  if (seed.format === 'Configurable')
    return Math.min(...expandVariants(seed).map((variant) => variant.price));
  return seed.price;
}

/**
 * Problems in the demo data, as messages; empty when consistent. The seed refuses to run with any,
 * so that a typo in a data file fails loudly instead of producing a half-linked catalogue.
 */
export function findSeedProblems(
  products: ProductSeed[],
  options: {
    categories?: CategorySeed[];
    attributes?: AttributeSeed[];
    discounts?: DiscountSeed[];
    coupons?: CouponSeed[];
  } = {},
): string[] {
  const problems: string[] = [];
  const categoryKeys = new Set(
    flattenCategories(options.categories ?? categorySeeds).flatMap((level) => level.map((c) => c.key)),
  );
  const attributes = new Map(
    (options.attributes ?? attributeSeeds).map((attribute) => [
      attribute.code,
      new Set(attribute.values.map((v) => v.code)),
    ]),
  );
  const bySku = new Map<string, ProductSeed>();
  const slugs = new Set<string>();
  const tagCodes = new Set(tagSeeds.map((tag) => tag.code));

  const claimSlug = (language: string, slug: string, owner: string) => {
    const key = `${language}:${slug}`;
    if (slugs.has(key)) problems.push(`${owner}: slug ${key} is used twice`);
    slugs.add(key);
  };

  for (const product of products) {
    if (bySku.has(product.sku)) problems.push(`SKU ${product.sku} is used twice`);
    bySku.set(product.sku, product);
    claimSlug('hr', product.slug.hr, product.sku);
    claimSlug('en', product.slug.en, product.sku);
    if (product.categories.length === 0) problems.push(`${product.sku}: no category`);
    for (const key of product.categories) {
      if (!categoryKeys.has(key)) problems.push(`${product.sku}: unknown category ${key}`);
    }
    for (const [code, values] of Object.entries(product.attributes ?? {})) {
      const known = attributes.get(code);
      if (!known) problems.push(`${product.sku}: unknown attribute ${code}`);
      for (const value of values) {
        if (known && !known.has(value)) problems.push(`${product.sku}: unknown value ${value} of ${code}`);
      }
    }
    for (const tag of product.tags ?? []) {
      if (!tagCodes.has(tag)) problems.push(`${product.sku}: unknown tag ${tag}`);
    }
    if (product.format === 'Configurable') {
      const sizes = attributes.get('velicina');
      const colours = attributes.get('boja');
      for (const size of product.sizes) {
        if (!sizes?.has(size.toLowerCase())) problems.push(`${product.sku}: unknown size ${size}`);
      }
      for (const colour of product.colours) {
        if (!colours?.has(colour)) problems.push(`${product.sku}: unknown colour ${colour}`);
      }
      const variants = colours ? expandVariants(product) : [];
      if (variants.filter((variant) => variant.isShopDefault).length !== 1) {
        problems.push(`${product.sku}: the shop default is not one of its variants`);
      }
      for (const variant of variants) {
        if (bySku.has(variant.sku)) problems.push(`SKU ${variant.sku} is used twice`);
        claimSlug('hr', variant.slug.hr, variant.sku);
        claimSlug('en', variant.slug.en, variant.sku);
      }
    }
    if (
      product.format === 'EProduct' &&
      product.delivery === 'code' &&
      !(product.codePool && product.codePool > 0)
    ) {
      problems.push(`${product.sku}: code delivery needs a code pool`);
    }
    if (product.format === 'EProduct' && product.delivery === 'link' && !product.url) {
      problems.push(`${product.sku}: link delivery needs a URL`);
    }
    if ('discount' in product && product.discount !== undefined && product.discount >= product.price) {
      problems.push(`${product.sku}: the discount price is not below the price`);
    }
  }

  for (const product of products) {
    for (const sku of product.crossSells ?? []) {
      if (!bySku.has(sku)) problems.push(`${product.sku}: unknown cross-sell ${sku}`);
      if (sku === product.sku) problems.push(`${product.sku}: cross-sells itself`);
    }
    if (product.format !== 'Bundle') continue;
    if (product.items.length < 2) problems.push(`${product.sku}: a bundle needs at least two members`);
    let regular = 0;
    for (const item of product.items) {
      const member = bySku.get(item.sku);
      if (!member) {
        problems.push(`${product.sku}: unknown member ${item.sku}`);
        continue;
      }
      if (member.format === 'Bundle') {
        problems.push(`${product.sku}: member ${item.sku} is a Bundle, and bundles cannot be nested`);
        continue;
      }
      regular += memberPrice(member) * (item.quantity ?? 1);
    }
    if (product.bundlePrice >= regular)
      problems.push(`${product.sku}: the bundle price is not below its members`);
  }

  for (const discount of options.discounts ?? discountSeeds) {
    for (const key of discount.categoryKeys) {
      if (!categoryKeys.has(key)) problems.push(`discount ${discount.name}: unknown category ${key}`);
    }
    for (const sku of discount.productSkus) {
      if (!bySku.has(sku)) problems.push(`discount ${discount.name}: unknown product ${sku}`);
    }
  }
  for (const coupon of options.coupons ?? couponSeeds) {
    if (coupon.code !== coupon.code.toUpperCase()) problems.push(`coupon ${coupon.code} is not upper-case`);
  }
  return problems;
}
