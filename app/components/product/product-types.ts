import type { MediaView } from '../../../core/media.ts';
import type { createCatalogueService } from '../../../server/modules/catalogue/catalogue.service.ts';
import type { Prices, Stock } from '../../../server/modules/catalogue/product-view.ts';

type CatalogueService = ReturnType<typeof createCatalogueService>;

/** `v1/catalogue/product/web/get` as the API returns it; the loose lists are typed below. */
export type ProductRecord = Awaited<ReturnType<CatalogueService['product']>>;
export type BundleCheckRecord = Awaited<ReturnType<CatalogueService['checkBundles']>>;

/** An entry of `attributes` (Configurable products only). */
export type VariantAttribute = {
  id: number;
  label: string;
  inputType: string;
  attributeCode: string;
  customClass: string | null;
  values: {
    id: number;
    value: string;
    valueCode: string;
    isMedia: boolean;
    media: MediaView | null;
    swatchColor: string | null;
    shopDefault: boolean;
  }[];
};

/** An entry of `associatedProducts`: one concrete variant. */
export type Variant = {
  id: number;
  name: string;
  slug: string;
  sku: string;
  format: string;
  attributeValueIds: number[];
  isShopDefault: boolean;
  prices: Prices | null;
  stock: Stock;
  media: MediaView[];
};

/** An entry of `customOptions`. */
export type CustomOption = {
  id: number;
  option_title: string;
  option_type: string;
  isRequired: boolean;
  maxLength: number | null;
  minValue: number | null;
  maxValue: number | null;
  custom_option_values: {
    id: number;
    title: string;
    sku: string;
    priceDelta: number;
    priceDeltaCurrency: string;
  }[];
};

/** A bundle member for the customisation popup; a Configurable member brings its variants. */
export type BundleMember = {
  product: ProductRecord['bundles'][number]['product'];
  format: string;
  quantity: number;
  needsChoice: boolean;
  attributes: VariantAttribute[];
  variants: Variant[];
};

export const asAttributes = (list: Record<string, unknown>[]) => list as unknown as VariantAttribute[];
export const asVariants = (list: Record<string, unknown>[]) => list as unknown as Variant[];
export const asCustomOptions = (list: Record<string, unknown>[]) => list as unknown as CustomOption[];

/** URL parameter prefix of a bundle member's choice, e.g. `b36-velicina=m`. */
export const memberPrefix = (productId: number) => `b${productId}-`;
