import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import type { MediaView } from '../../../core/media.ts';
import {
  findVariant,
  initialSelection,
  type Selection,
  selectionParams,
} from '../../../core/variant-selection.ts';
import type {
  ProductRecord,
  Stock,
  VariantAttribute,
} from '../../../server/modules/catalogue/catalogue.contract.ts';
import type { CrossSellItem } from '../cart/cart-modal.tsx';
import { WishlistContext, type WishlistState } from '../wishlist/wishlist-context.ts';
import { WishlistToggle } from '../wishlist/wishlist-toggle.tsx';
import { addState } from './add-state.ts';
import { ADD_TO_CART_FORM, AddToCart, type CartBehaviour } from './add-to-cart.tsx';
import { BundleMembers, type MemberChoice } from './bundle-members.tsx';
import { CustomOptions } from './custom-options.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { ProductPrice } from './product-price.tsx';
import { type BundleMember, memberPrefix } from './product-types.ts';
import { VariantSelector } from './variant-selector.tsx';

/** What the panel shows of the product: only this travels in the page (the island's props). */
export type PanelProduct = Pick<
  ProductRecord,
  | 'id'
  | 'name'
  | 'sku'
  | 'format'
  | 'tags'
  | 'shortDescription'
  | 'prices'
  | 'stock'
  | 'media'
  | 'attributes'
  | 'associatedProducts'
  | 'customOptions'
  | 'bundles'
>;

export const panelProduct = (product: ProductRecord): PanelProduct => ({
  id: product.id,
  name: product.name,
  sku: product.sku,
  format: product.format,
  tags: product.tags,
  shortDescription: product.shortDescription,
  prices: product.prices,
  stock: product.stock,
  media: product.media,
  attributes: product.attributes,
  associatedProducts: product.associatedProducts,
  customOptions: product.customOptions,
  bundles: product.bundles,
});

type Props = {
  product: PanelProduct;
  /** The members with their variants (checkBundles); null when that call failed. */
  bundleMembers: BundleMember[] | null;
  cartItemId: string | null;
  language: UiLanguage;
  /** The page's query string (without `?`) as the server read it: the variant choice lives there. */
  query: string;
  /** What an add does next (checkout settings' cart type). */
  cartType: CartBehaviour;
  loggedIn: boolean;
  /** The cross-sell block of the cart modal. */
  crossSell: CrossSellItem[];
  /**
   * The logged-in shopper's wishlist for this product (its id listed when it is on it), for the heart
   * under the gallery; null for visitors. An island has no context from the page: it comes as a prop.
   */
  wishlist: WishlistState | null;
};

const CUSTOMISE = 'customise';

/** Writes a choice as `{prefix}{attributeCode}`; an attribute without a choice keeps an empty parameter. */
function writeSelection(
  params: URLSearchParams,
  attributes: VariantAttribute[],
  selection: Selection,
  prefix = '',
) {
  params.delete(`${prefix}variant`);
  const chosen = new Map(selectionParams(attributes, selection, prefix));
  for (const attribute of attributes) {
    const name = `${prefix}${attribute.attributeCode}`;
    params.set(name, chosen.get(name) ?? '');
  }
}

/**
 * The product's gallery, name, price, stock, variant choice, bundle popup and add-to-cart button: an
 * island (`productPanel`), because a variant changes the price, the stock and the images at once. The
 * choice lives in the query string, so without JavaScript the variant form and the popup's link reload
 * the page with it and the server renders the same state; with JavaScript a change rewrites the query
 * in place (history.replaceState) and the panel re-renders from the data it already has.
 */
export function ProductPanel({
  product,
  bundleMembers,
  cartItemId,
  language,
  query,
  cartType,
  loggedIn,
  crossSell,
  wishlist,
}: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(query);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const searchParams = new URLSearchParams(search);
  const update = (change: (params: URLSearchParams) => void) => {
    const next = new URLSearchParams(search);
    change(next);
    const nextSearch = next.toString();
    setSearch(nextSearch);
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${nextSearch ? `?${nextSearch}` : ''}${window.location.hash}`,
    );
  };

  const attributes = product.attributes;
  const variants = product.associatedProducts;
  const configurable = product.format === 'Configurable';
  const selection = configurable ? initialSelection(attributes, variants, searchParams) : {};
  const variant = configurable ? findVariant(attributes, variants, selection) : null;

  const members: BundleMember[] =
    bundleMembers ??
    product.bundles.map((member) => ({ ...member, needsChoice: false, attributes: [], variants: [] }));
  const choices: MemberChoice[] = members.map((member) => {
    const prefix = memberPrefix(member.product.id);
    const explicit =
      searchParams.has(`${prefix}variant`) ||
      member.attributes.some((attribute) => searchParams.has(`${prefix}${attribute.attributeCode}`));
    const memberSelection = initialSelection(member.attributes, member.variants, searchParams, prefix);
    const chosen = explicit ? findVariant(member.attributes, member.variants, memberSelection) : null;
    return { member, selection: memberSelection, chosen };
  });

  const prices = variant?.prices ?? product.prices;
  const stock: Stock = variant?.stock ?? product.stock;
  const images: MediaView[] = variant
    ? [
        ...variant.media,
        ...product.media.filter((image) => !variant.media.some((own) => own.id === image.id)),
      ]
    : product.media;
  const state = addState({
    product: { id: product.id, format: product.format, bundles: product.bundles },
    variant: variant ? { id: variant.id, format: variant.format } : null,
    bundleSelections: choices
      .filter((choice) => choice.member.format === 'Configurable')
      .map(({ member, chosen }) => ({
        mainProduct: { id: member.product.id, format: member.format },
        activeProduct: chosen ? { id: chosen.id, format: chosen.format } : null,
      })),
    item: { hasPrice: prices !== null, inStock: stock.inStock },
  });

  const keep: Record<string, string> = cartItemId ? { cartItemId } : {};
  const withParams = (change: (params: URLSearchParams) => void) => {
    const next = new URLSearchParams(searchParams);
    change(next);
    const nextSearch = next.toString();
    return nextSearch ? `?${nextSearch}` : '?';
  };

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
      <div>
        <ProductGallery key={variant?.id ?? 'product'} images={images} name={product.name} />
        <WishlistContext value={wishlist}>
          <WishlistToggle productId={product.id} productName={product.name} variant="page" />
        </WishlistContext>
      </div>

      <div className="flex flex-col gap-5">
        <div>
          {product.tags.length > 0 ? (
            <ul className="mb-2 flex flex-wrap gap-2">
              {product.tags.map((tag) => (
                <li
                  key={tag.code}
                  className="rounded bg-teal-50 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-teal-900"
                >
                  {tag.name}
                </li>
              ))}
            </ul>
          ) : null}
          <h1 className="text-3xl font-bold text-slate-900">{product.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {t('product.sku', { sku: variant?.sku ?? product.sku })}
          </p>
        </div>

        <ProductPrice prices={prices} language={language} />

        <p
          className={`text-sm font-semibold ${stock.inStock ? 'text-teal-800' : 'text-red-800'}`}
          data-testid="product-stock"
        >
          {!stock.inStock
            ? t('product.stock.outOfStock')
            : stock.qty !== null && stock.qty <= 5
              ? t('product.stock.few', { count: stock.qty })
              : t('product.stock.inStock')}
        </p>

        {product.shortDescription ? <p className="text-slate-700">{product.shortDescription}</p> : null}

        {configurable && attributes.length > 0 ? (
          <form method="get" aria-labelledby="variants-heading" className="flex flex-col gap-4">
            <h2 id="variants-heading" className="text-lg font-semibold text-slate-900">
              {t('product.variants.heading')}
            </h2>
            {Object.entries(keep).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <VariantSelector
              attributes={attributes}
              variants={variants}
              selection={selection}
              onChange={(next) => update((params) => writeSelection(params, attributes, next))}
            />
            {variant ? (
              <p className="text-sm text-slate-700" data-testid="chosen-variant">
                {t('product.variants.chosen', { name: variant.name })}
              </p>
            ) : null}
            {hydrated ? null : (
              <div>
                <button
                  type="submit"
                  className="rounded-md border border-teal-700 px-4 py-2 font-semibold text-teal-800 hover:bg-teal-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
                >
                  {t('product.variants.apply')}
                </button>
              </div>
            )}
          </form>
        ) : null}

        <CustomOptions options={product.customOptions} language={language} form={ADD_TO_CART_FORM} />

        {product.format === 'Bundle' ? (
          <BundleMembers
            choices={choices}
            notFetched={bundleMembers === null}
            language={language}
            openOnLoad={searchParams.has(CUSTOMISE)}
            openHref={withParams((params) => params.set(CUSTOMISE, '1'))}
            closeHref={withParams((params) => params.delete(CUSTOMISE))}
            hiddenFields={keep}
            onChange={(member, next) =>
              update((params) =>
                writeSelection(params, member.attributes, next, memberPrefix(member.product.id)),
              )
            }
            onSave={() =>
              update((params) => {
                for (const choice of choices) {
                  if (!choice.member.needsChoice) continue;
                  const { member } = choice;
                  writeSelection(
                    params,
                    member.attributes,
                    choice.selection,
                    memberPrefix(member.product.id),
                  );
                }
                params.delete(CUSTOMISE);
              })
            }
            onClose={() => {
              if (searchParams.has(CUSTOMISE)) update((params) => params.delete(CUSTOMISE));
            }}
          />
        ) : null}

        <AddToCart
          state={state}
          editing={cartItemId !== null}
          language={language}
          productId={product.id}
          variantId={variant?.id ?? null}
          bundleChoices={choices.flatMap(({ member, chosen }) =>
            member.needsChoice && chosen ? [{ productId: member.product.id, variantId: chosen.id }] : [],
          )}
          customOptions={product.customOptions}
          cartType={cartType}
          loggedIn={loggedIn}
          crossSell={crossSell}
        />
      </div>
    </div>
  );
}
