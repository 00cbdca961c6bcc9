import type {
  ProductRecord,
  Variant,
  VariantAttribute,
} from '../../../server/modules/catalogue/catalogue.contract.ts';

/** A bundle member for the customisation popup; a Configurable member brings its variants. */
export type BundleMember = {
  product: ProductRecord['bundles'][number]['product'];
  format: string;
  quantity: number;
  needsChoice: boolean;
  attributes: VariantAttribute[];
  variants: Variant[];
};

/** URL parameter prefix of a bundle member's choice, e.g. `b36-velicina=m`. */
export const memberPrefix = (productId: number) => `b${productId}-`;
