import { withEan13CheckDigit } from '../../../core/ean13.ts';
import {
  attributes,
  attributeTranslations,
  attributeValues,
  attributeValueTranslations,
  bundleItems,
  configurableAttributes,
  crossSells,
  customOptions,
  customOptionTranslations,
  customOptionValues,
  customOptionValueTranslations,
  eProductCodes,
  productAttributeValues,
  productCategories,
  productCategoryLinks,
  productCategoryTranslations,
  productMedia,
  productPrices,
  products,
  productTags,
  productTranslations,
  tags,
  tagTranslations,
} from '../../modules/catalogue/catalogue.schema.ts';
import {
  coupons,
  deliveryBranches,
  deliveryMethods,
  deliveryMethodTranslations,
  discounts,
  memberCards,
  paymentMethods,
  paymentMethodTranslations,
} from '../../modules/checkout/checkout.schema.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import type { Db } from '../client.ts';
import { attributeSeeds, tagSeeds } from './catalogue/attributes.ts';
import type { Localized } from './catalogue/categories.ts';
import {
  couponSeeds,
  deliveryMethodSeeds,
  discountSeeds,
  memberCardSeeds,
  paymentMethodSeeds,
} from './catalogue/checkout-data.ts';
import type { Illustration } from './catalogue/illustrations.ts';
import { fromEuro, netFromGross } from './catalogue/prices.ts';
import { type StoredImage, storeProductImages } from './catalogue/product-images.ts';
import { type ProductSeed, productSeeds } from './catalogue/products.ts';
import {
  eProductCodes as codesFor,
  expandVariants,
  findSeedProblems,
  flattenCategories,
  memberPrice,
  type VariantPlan,
} from './catalogue/seed-plan.ts';

export type CatalogueSeedContext = {
  siteId: number;
  storage: FileStorage;
  currencyIds: { eur: number; hrk: number };
};

const LANGUAGES = ['hr', 'en'] as const;
/** Fixed kuna rate of the demo Croatian store (the same the store row holds). */
const HRK_RATE = '7.5345';

function perLanguage<T>(text: Localized, row: (languageCode: 'hr' | 'en', value: string) => T): T[] {
  return LANGUAGES.map((language) => row(language, text[language]));
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

type PriceInput = {
  retail: number;
  discount?: number | null;
  discountEndsAt?: string | null;
  membership?: number | null;
  bundle?: number | null;
};

function priceRows(
  productId: number,
  taxRateBp: number,
  input: PriceInput,
  currencyIds: CatalogueSeedContext['currencyIds'],
) {
  const convert = (amount: number | null | undefined, rate: string) =>
    amount === null || amount === undefined ? null : fromEuro(amount, rate);
  return [
    { currencyId: currencyIds.eur, rate: '1' },
    { currencyId: currencyIds.hrk, rate: HRK_RATE },
  ].map(({ currencyId, rate }) => {
    const retailPrice = fromEuro(input.retail, rate);
    return {
      productId,
      currencyId,
      basicPrice: netFromGross(retailPrice, taxRateBp),
      retailPrice,
      discountPrice: convert(input.discount, rate),
      discountEndsAt: input.discount != null && input.discountEndsAt ? new Date(input.discountEndsAt) : null,
      membershipPrice: convert(input.membership, rate),
      bundlePrice: convert(input.bundle, rate),
    };
  });
}

/**
 * The demo shop's catalogue and checkout reference data. Only inserts; the caller runs it once,
 * inside the transaction that creates the site.
 */
export async function seedCatalogue(db: Db, ctx: CatalogueSeedContext): Promise<void> {
  const problems = findSeedProblems(productSeeds);
  if (problems.length > 0) throw new Error(`Demo catalogue data is inconsistent:\n${problems.join('\n')}`);
  const { siteId } = ctx;

  // --- Images: all rendered in one batch so that sharp can use every core -------------------
  const categoryLevels = flattenCategories();
  const allCategories = categoryLevels.flat();
  const colourAttribute = attributeSeeds.find((attribute) => attribute.code === 'boja')!;
  const variantsBySku = new Map<string, VariantPlan[]>();
  const images: StoredImage[] = [];
  const imageIndex = new Map<string, number>();
  const addImage = (
    key: string,
    illustration: Illustration,
    title: string,
    slug: string,
    description?: string,
  ) => {
    imageIndex.set(key, images.length);
    images.push({ illustration, title, slug, description });
  };
  for (const category of allCategories) {
    addImage(
      `category:${category.key}`,
      { kind: 'category', colour: category.colour },
      category.name.hr,
      category.slug.hr,
    );
  }
  for (const value of colourAttribute.values) {
    addImage(
      `swatch:${value.code}`,
      { kind: 'swatch', colour: value.swatch! },
      value.label.hr,
      `boja-${value.code}`,
    );
  }
  for (const product of productSeeds) {
    if (product.format === 'Configurable') {
      variantsBySku.set(product.sku, expandVariants(product));
      // One image per colour, shared by every size of that colour.
      for (const colour of product.colours) {
        const value = colourAttribute.values.find((candidate) => candidate.code === colour)!;
        addImage(
          `product:${product.sku}:${colour}`,
          { kind: product.garment, colour: value.swatch!, print: product.print },
          `${product.name.hr} – ${value.label.hr.toLowerCase()}`,
          `${product.slug.hr}-${colour}`,
        );
      }
    } else {
      addImage(`product:${product.sku}`, product.image, product.name.hr, product.slug.hr);
    }
  }
  const mediaIds = await storeProductImages(db, { siteId, storage: ctx.storage }, images);
  const mediaId = (key: string) => mediaIds[imageIndex.get(key)!]!;

  // --- Tags ------------------------------------------------------------------------------------
  const tagRows = await db
    .insert(tags)
    .values(tagSeeds.map((tag) => ({ siteId, code: tag.code })))
    .returning({ id: tags.id, code: tags.code });
  const tagIds = new Map(tagRows.map((row) => [row.code, row.id]));
  await db
    .insert(tagTranslations)
    .values(
      tagSeeds.flatMap((tag) =>
        perLanguage(tag.name, (languageCode, name) => ({ tagId: tagIds.get(tag.code)!, languageCode, name })),
      ),
    );

  // --- Attributes ------------------------------------------------------------------------------
  const attributeRows = await db
    .insert(attributes)
    .values(
      attributeSeeds.map((attribute, position) => ({
        siteId,
        attributeCode: attribute.code,
        inputType: attribute.inputType,
        customClass: attribute.customClass ?? null,
        position,
        isFilterable: attribute.isFilterable,
        filterType: attribute.filterType,
      })),
    )
    .returning({ id: attributes.id, code: attributes.attributeCode });
  const attributeIds = new Map(attributeRows.map((row) => [row.code, row.id]));
  await db.insert(attributeTranslations).values(
    attributeSeeds.flatMap((attribute) =>
      perLanguage(attribute.label, (languageCode, label) => ({
        attributeId: attributeIds.get(attribute.code)!,
        languageCode,
        label,
      })),
    ),
  );
  const valueSeeds = attributeSeeds.flatMap((attribute) =>
    attribute.values.map((value, position) => ({ attribute, value, position })),
  );
  const valueRows = await db
    .insert(attributeValues)
    .values(
      valueSeeds.map(({ attribute, value, position }) => ({
        attributeId: attributeIds.get(attribute.code)!,
        valueCode: value.code,
        position,
        isMedia: attribute.valuesAreMedia ?? false,
        mediaId: attribute.valuesAreMedia ? mediaId(`swatch:${value.code}`) : null,
        swatchColor: value.swatch ?? null,
      })),
    )
    .returning({ id: attributeValues.id });
  const valueIds = new Map<string, number>();
  valueSeeds.forEach(({ attribute, value }, index) => {
    valueIds.set(`${attribute.code}:${value.code}`, valueRows[index]!.id);
  });
  await db.insert(attributeValueTranslations).values(
    valueSeeds.flatMap(({ attribute, value }) =>
      perLanguage(value.label, (languageCode, label) => ({
        valueId: valueIds.get(`${attribute.code}:${value.code}`)!,
        languageCode,
        label,
      })),
    ),
  );
  const attributeValueRow = (productId: number, attributeCode: string, valueCode: string) => ({
    productId,
    attributeId: attributeIds.get(attributeCode)!,
    valueId: valueIds.get(`${attributeCode}:${valueCode}`)!,
  });

  // --- Categories, one level at a time so that parents exist first -----------------------------
  const categoryIds = new Map<string, number>();
  for (const level of categoryLevels) {
    const rows = await db
      .insert(productCategories)
      .values(
        level.map((category) => ({
          siteId,
          parentId: category.parentKey ? categoryIds.get(category.parentKey)! : null,
          position: category.position,
          mediaId: mediaId(`category:${category.key}`),
        })),
      )
      .returning({ id: productCategories.id });
    for (const [index, category] of level.entries()) categoryIds.set(category.key, rows[index]!.id);
  }
  await db.insert(productCategoryTranslations).values(
    allCategories.flatMap((category) =>
      LANGUAGES.map((languageCode) => ({
        categoryId: categoryIds.get(category.key)!,
        siteId,
        languageCode,
        name: category.name[languageCode],
        slug: category.slug[languageCode],
        description: category.description[languageCode],
        seoTitle: category.name[languageCode],
        seoDescription: category.description[languageCode],
      })),
    ),
  );

  // --- Products (main rows), then the variants that point at them ------------------------------
  const productRows = await db
    .insert(products)
    .values(
      productSeeds.map((product) => ({
        siteId,
        format: product.format,
        sku: product.sku,
        isVisibleIndividually: true,
        status: product.status ?? 'active',
        ...stockFields(product),
        eproductDelivery: product.format === 'EProduct' ? product.delivery : null,
        eproductUrl: product.format === 'EProduct' ? (product.url ?? null) : null,
        weightGrams: 'weightGrams' in product ? product.weightGrams : null,
        taxRateBp: product.taxRateBp ?? 2500,
        brand: product.brand ?? null,
        gtin: product.gtin12 ? withEan13CheckDigit(product.gtin12) : null,
        itemCondition: product.condition ?? 'new',
      })),
    )
    .returning({ id: products.id, sku: products.sku });
  const productIds = new Map(productRows.map((row) => [row.sku, row.id]));

  const variantSeeds = productSeeds.flatMap((product) =>
    product.format === 'Configurable'
      ? variantsBySku.get(product.sku)!.map((variant) => ({ main: product, variant }))
      : [],
  );
  const variantRows = await db
    .insert(products)
    .values(
      variantSeeds.map(({ main, variant }) => ({
        siteId,
        format: 'Simple' as const,
        sku: variant.sku,
        parentId: productIds.get(main.sku)!,
        isVisibleIndividually: false,
        status: 'active' as const,
        stockQty: variant.stock,
        manageStock: true,
        weightGrams: main.weightGrams,
        taxRateBp: main.taxRateBp ?? 2500,
      })),
    )
    .returning({ id: products.id, sku: products.sku });
  for (const row of variantRows) productIds.set(row.sku, row.id);
  const idOf = (sku: string) => productIds.get(sku)!;

  // Translations
  const descriptionHtml = (short: string, about: string) =>
    `<p>${escapeHtml(short)}</p>\n<p>${escapeHtml(about)}</p>`;
  await db.insert(productTranslations).values([
    ...productSeeds.flatMap((product) =>
      LANGUAGES.map((languageCode) => ({
        productId: idOf(product.sku),
        siteId,
        languageCode,
        name: product.name[languageCode],
        slug: product.slug[languageCode],
        shortDescription: product.short[languageCode],
        description: descriptionHtml(product.short[languageCode], product.about[languageCode]),
        seoTitle: product.name[languageCode],
        seoDescription: product.short[languageCode],
      })),
    ),
    ...variantSeeds.flatMap(({ main, variant }) =>
      LANGUAGES.map((languageCode) => ({
        productId: idOf(variant.sku),
        siteId,
        languageCode,
        name: variant.name[languageCode],
        slug: variant.slug[languageCode],
        shortDescription: main.short[languageCode],
        description: descriptionHtml(main.short[languageCode], main.about[languageCode]),
        seoTitle: variant.name[languageCode],
        seoDescription: main.short[languageCode],
      })),
    ),
  ]);

  // Prices in EUR and HRK
  const seedBySku = new Map(productSeeds.map((product) => [product.sku, product]));
  await db.insert(productPrices).values([
    ...productSeeds.flatMap((product) => {
      const taxRateBp = product.taxRateBp ?? 2500;
      if (product.format === 'Bundle') {
        const regular = product.items.reduce(
          (sum, item) => sum + memberPrice(seedBySku.get(item.sku)!) * (item.quantity ?? 1),
          0,
        );
        return priceRows(
          idOf(product.sku),
          taxRateBp,
          { retail: regular, membership: product.membership, bundle: product.bundlePrice },
          ctx.currencyIds,
        );
      }
      // A Configurable's own price is its cheapest variant's: the "from" price of its card.
      const retail = product.format === 'Configurable' ? memberPrice(product) : product.price;
      return priceRows(
        idOf(product.sku),
        taxRateBp,
        {
          retail,
          discount: product.discount,
          discountEndsAt: product.discountEndsAt,
          membership: product.membership,
        },
        ctx.currencyIds,
      );
    }),
    ...variantSeeds.flatMap(({ main, variant }) =>
      priceRows(
        idOf(variant.sku),
        main.taxRateBp ?? 2500,
        { retail: variant.price, discount: variant.discount, membership: variant.membership },
        ctx.currencyIds,
      ),
    ),
  ]);

  // Media: a Configurable shows its default colour first, then the others; variants their colour.
  await db.insert(productMedia).values([
    ...productSeeds.flatMap((product) => {
      if (product.format !== 'Configurable') {
        return [{ productId: idOf(product.sku), mediaId: mediaId(`product:${product.sku}`), position: 0 }];
      }
      const colours = [
        product.shopDefault.colour,
        ...product.colours.filter((colour) => colour !== product.shopDefault.colour),
      ];
      return colours.map((colour, position) => ({
        productId: idOf(product.sku),
        mediaId: mediaId(`product:${product.sku}:${colour}`),
        position,
      }));
    }),
    ...variantSeeds.map(({ main, variant }) => ({
      productId: idOf(variant.sku),
      mediaId: mediaId(`product:${main.sku}:${variant.colour}`),
      position: 0,
    })),
  ]);

  // Categories (variants are reached through their main product only)
  await db.insert(productCategoryLinks).values(
    productSeeds.flatMap((product) =>
      product.categories.map((key, index) => ({
        productId: idOf(product.sku),
        categoryId: categoryIds.get(key)!,
        categoryPriority: product.priority ?? 0,
        isMain: index === 0,
      })),
    ),
  );

  // Attribute values: filters of every product, the configuration of each variant, and on a
  // Configurable the union of its variants' sizes and colours so that filters find its card.
  const valueLinks = new Map<string, ReturnType<typeof attributeValueRow>>();
  const link = (productId: number, attributeCode: string, valueCode: string) => {
    const row = attributeValueRow(productId, attributeCode, valueCode);
    valueLinks.set(`${row.productId}:${row.attributeId}:${row.valueId}`, row);
  };
  for (const product of productSeeds) {
    for (const [code, values] of Object.entries(product.attributes ?? {})) {
      for (const value of values) link(idOf(product.sku), code, value);
    }
  }
  for (const { main, variant } of variantSeeds) {
    link(idOf(variant.sku), 'velicina', variant.size.toLowerCase());
    link(idOf(variant.sku), 'boja', variant.colour);
    link(idOf(main.sku), 'velicina', variant.size.toLowerCase());
    link(idOf(main.sku), 'boja', variant.colour);
  }
  await db.insert(productAttributeValues).values([...valueLinks.values()]);

  const configurables = productSeeds.filter((product) => product.format === 'Configurable');
  await db.insert(configurableAttributes).values(
    configurables.flatMap((product) => [
      {
        productId: idOf(product.sku),
        attributeId: attributeIds.get('velicina')!,
        position: 0,
        shopDefaultValueId: valueIds.get(`velicina:${product.shopDefault.size.toLowerCase()}`)!,
      },
      {
        productId: idOf(product.sku),
        attributeId: attributeIds.get('boja')!,
        position: 1,
        shopDefaultValueId: valueIds.get(`boja:${product.shopDefault.colour}`)!,
      },
    ]),
  );

  // Bundles (findSeedProblems has already refused nested bundles)
  await db.insert(bundleItems).values(
    productSeeds.flatMap((product) =>
      product.format === 'Bundle'
        ? product.items.map((item, position) => ({
            bundleId: idOf(product.sku),
            productId: idOf(item.sku),
            quantity: item.quantity ?? 1,
            position,
          }))
        : [],
    ),
  );

  // Custom options
  for (const product of productSeeds) {
    if (product.format !== 'Simple' || !product.customOptions) continue;
    for (const [position, option] of product.customOptions.entries()) {
      const [optionRow] = await db
        .insert(customOptions)
        .values({
          productId: idOf(product.sku),
          optionType: option.type,
          isRequired: option.required,
          position,
          maxLength: option.maxLength ?? null,
          minValue: option.min ?? null,
          maxValue: option.max ?? null,
        })
        .returning({ id: customOptions.id });
      const optionId = optionRow!.id;
      await db
        .insert(customOptionTranslations)
        .values(
          perLanguage(option.title, (languageCode, optionTitle) => ({ optionId, languageCode, optionTitle })),
        );
      const valueRowsForOption = await db
        .insert(customOptionValues)
        .values(
          option.values.map((value, index) => ({
            optionId,
            sku: value.sku,
            priceDelta: value.priceDelta,
            position: index,
          })),
        )
        .returning({ id: customOptionValues.id });
      await db.insert(customOptionValueTranslations).values(
        option.values.flatMap((value, index) =>
          perLanguage(value.title, (languageCode, title) => ({
            valueId: valueRowsForOption[index]!.id,
            languageCode,
            title,
          })),
        ),
      );
    }
  }

  // Tags, cross-sells, access codes
  await db
    .insert(productTags)
    .values(
      productSeeds.flatMap((product) =>
        (product.tags ?? []).map((code) => ({ productId: idOf(product.sku), tagId: tagIds.get(code)! })),
      ),
    );
  await db.insert(crossSells).values(
    productSeeds.flatMap((product) =>
      (product.crossSells ?? []).map((sku, position) => ({
        productId: idOf(product.sku),
        crossProductId: idOf(sku),
        position,
      })),
    ),
  );
  await db.insert(eProductCodes).values(
    productSeeds.flatMap((product) =>
      product.format === 'EProduct' && product.delivery === 'code'
        ? codesFor(product.sku, product.codePool ?? 0).map((code) => ({
            productId: idOf(product.sku),
            code,
          }))
        : [],
    ),
  );

  await seedCheckoutReferenceData(db, ctx, { categoryIds, productIds });
}

function stockFields(product: ProductSeed): { stockQty: number | null; manageStock: boolean } {
  switch (product.format) {
    case 'Simple':
      return { stockQty: product.stock, manageStock: true };
    case 'EProduct':
      // Tickets have seats; links never run out; code delivery is limited by its free codes.
      return product.stock === undefined
        ? { stockQty: null, manageStock: false }
        : { stockQty: product.stock, manageStock: true };
    default:
      // Configurable: the variants hold the stock. Bundle: its members do.
      return { stockQty: null, manageStock: false };
  }
}

async function seedCheckoutReferenceData(
  db: Db,
  ctx: CatalogueSeedContext,
  ids: { categoryIds: Map<string, number>; productIds: Map<string, number> },
): Promise<void> {
  const { siteId } = ctx;
  const deliveryRows = await db
    .insert(deliveryMethods)
    .values(
      deliveryMethodSeeds.map((method, position) => ({
        siteId,
        methodCode: method.methodCode,
        price: method.price,
        currencyId: ctx.currencyIds.eur,
        freeOver: method.freeOver ?? null,
        isDigital: method.isDigital ?? false,
        position,
        countries: method.countries,
      })),
    )
    .returning({ id: deliveryMethods.id });
  await db.insert(deliveryMethodTranslations).values(
    deliveryMethodSeeds.flatMap((method, index) =>
      LANGUAGES.map((languageCode) => ({
        methodId: deliveryRows[index]!.id,
        languageCode,
        name: method.name[languageCode],
        description: method.description[languageCode],
      })),
    ),
  );
  await db.insert(deliveryBranches).values(
    deliveryMethodSeeds.flatMap((method, index) =>
      (method.branches ?? []).map((branch, position) => ({
        methodId: deliveryRows[index]!.id,
        name: branch.name,
        address: branch.address,
        position,
      })),
    ),
  );

  const paymentRows = await db
    .insert(paymentMethods)
    .values(
      paymentMethodSeeds.map((method, position) => ({
        siteId,
        methodCode: method.methodCode,
        paymentType: method.paymentType,
        provider: method.provider,
        position,
      })),
    )
    .returning({ id: paymentMethods.id });
  await db.insert(paymentMethodTranslations).values(
    paymentMethodSeeds.flatMap((method, index) =>
      LANGUAGES.map((languageCode) => ({
        methodId: paymentRows[index]!.id,
        languageCode,
        name: method.name[languageCode],
        description: method.description[languageCode],
      })),
    ),
  );

  const date = (value: string | undefined) => (value ? new Date(value) : null);
  await db.insert(coupons).values(
    couponSeeds.map((coupon) => ({
      siteId,
      code: coupon.code,
      type: coupon.type,
      value: coupon.value,
      minOrderTotal: coupon.minOrderTotal ?? null,
      validFrom: date(coupon.validFrom),
      validTo: date(coupon.validTo),
      usageLimit: coupon.usageLimit ?? null,
      usedCount: coupon.usedCount ?? 0,
      isActive: coupon.isActive ?? true,
    })),
  );
  await db.insert(discounts).values(
    discountSeeds.map((discount) => ({
      siteId,
      name: discount.name,
      percentBp: discount.percentBp,
      appliesTo: {
        categoryIds: discount.categoryKeys.map((key) => ids.categoryIds.get(key)!),
        productIds: discount.productSkus.map((sku) => ids.productIds.get(sku)!),
      },
      validFrom: date(discount.validFrom),
      validTo: date(discount.validTo),
      isActive: discount.isActive ?? true,
    })),
  );
  await db.insert(memberCards).values(
    memberCardSeeds.map((card) => ({
      siteId,
      barcode: withEan13CheckDigit(card.first12),
      holderName: card.holderName,
      isActive: card.isActive ?? true,
      validTo: date(card.validTo),
    })),
  );
}
