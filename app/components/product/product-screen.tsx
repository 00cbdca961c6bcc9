import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { languageOfPath, type UiLanguage } from '../../../core/languages.ts';
import { productLink } from '../../../core/links.ts';
import { localizedPath } from '../../../core/route-table.ts';
import type { ProductRecord } from '../../../server/modules/catalogue/catalogue.contract.ts';
import type { FormView } from '../../../server/modules/forms/forms.contract.ts';
import { Island } from '../../islands/island.tsx';
import { useNonce } from '../../lib/use-nonce.ts';
import { Breadcrumb } from '../breadcrumb.tsx';
import { ProductCard } from '../catalogue/product-card.tsx';
import { CommentThread, type CommentThreadProps } from '../comments/comment-thread.tsx';
import { DataForm } from '../forms/data-form.tsx';
import { HtmlContent } from '../sections/html-content.tsx';
import { useWishlist } from '../wishlist/wishlist-context.ts';
import type { CartBehaviour } from './add-to-cart.tsx';
import { imageAt } from './product-media.ts';
import { panelProduct } from './product-panel.tsx';
import type { BundleMember } from './product-types.ts';
import {
  type Merchant,
  productJsonLd,
  publishedReviews,
  scriptSafeJson,
  structuredProduct,
} from './structured-data.ts';

type Props = {
  product: ProductRecord;
  /** The members with their variants (checkBundles); null when that call failed. */
  bundleMembers: BundleMember[] | null;
  cartItemId: string | null;
  origin: string;
  /** The shop as seller, with its shipping and return terms, for the structured data. */
  merchant: Merchant;
  /** What an add to cart does next (checkout settings' cart type: 0 cart page, 1 stay, 2 modal). */
  cartType: CartBehaviour;
  loggedIn: boolean;
  /** The reviews thread (its page, and the outcome of the last review form post). */
  comments: Pick<CommentThreadProps, 'thread' | 'notice' | 'error'>;
  /** The availability request form, shown while the product is out of stock. */
  availabilityForm?: FormView | null;
};

/**
 * The product page, rendered on the server. The part that changes with the chosen variant (gallery,
 * price, stock, variant and bundle choice, add to cart) is the `productPanel` island; the breadcrumb,
 * description and cross-sells are plain HTML.
 */
export function ProductScreen({
  product,
  bundleMembers,
  cartItemId,
  origin,
  merchant,
  cartType,
  loggedIn,
  comments,
  availabilityForm,
}: Props) {
  const { t } = useTranslation();
  const location = useLocation();
  const language: UiLanguage = languageOfPath(location.pathname);

  const mainCategory = product.categories.find((category) => category.isMain) ?? product.categories[0];
  const pageUrl = `${origin}${productLink(product.slug, language)}`;
  const jsonLd = productJsonLd(
    { ...structuredProduct(product), reviews: publishedReviews(comments.thread) },
    pageUrl,
    origin,
    merchant,
  );
  const nonce = useNonce();
  const wishlist = useWishlist();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pb-16 pt-6 sm:px-6">
      <script
        type="application/ld+json"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: scriptSafeJson escapes '<', so nothing can close the script
        dangerouslySetInnerHTML={{ __html: scriptSafeJson(jsonLd) }}
      />
      <Breadcrumb
        items={[
          { label: t('product.home'), href: localizedPath('home', language) },
          { label: t('product.shop'), href: localizedPath('shop', language) },
          ...(mainCategory
            ? [
                {
                  label: mainCategory.name,
                  href: localizedPath('shop', language, { slug: mainCategory.slug }),
                },
              ]
            : []),
          { label: product.name },
        ]}
      />

      <Island
        name="productPanel"
        props={{
          product: panelProduct(product),
          bundleMembers,
          cartItemId,
          language,
          query: location.search.replace(/^\?/, ''),
          cartType,
          loggedIn,
          wishlist: wishlist && {
            productIds: wishlist.productIds.filter((id) => id === product.id),
            returnTo: wishlist.returnTo,
          },
          crossSell: product.crossSellProducts.slice(0, 4).map((cross) => ({
            id: cross.id,
            name: cross.name,
            slug: cross.slug,
            image: cross.media[0] ? imageAt(cross.media[0], 'SmallSize') : null,
            price: cross.prices
              ? { amount: cross.prices.finalPrice, currency: cross.prices.currency.code }
              : null,
          })),
        }}
      />

      {availabilityForm ? (
        <section
          id="availability"
          aria-labelledby="availability-heading"
          className="mt-10 max-w-xl scroll-mt-24 rounded-2xl border border-amber-200 bg-amber-50 p-6"
        >
          <h2 id="availability-heading" className="text-xl font-bold text-slate-900">
            {availabilityForm.title || t('forms.availabilityHeading')}
          </h2>
          <p className="mt-2 text-slate-700">{t('forms.availabilityText')}</p>
          <div className="mt-4">
            <DataForm form={availabilityForm} anchorId="availability" productId={product.id} />
          </div>
        </section>
      ) : null}

      {product.description ? (
        <section aria-labelledby="description-heading" className="mt-12 max-w-3xl">
          <h2 id="description-heading" className="text-2xl font-bold text-slate-900">
            {t('product.description')}
          </h2>
          <HtmlContent html={product.description} className="mt-4" />
        </section>
      ) : null}

      <CommentThread
        kind="product"
        targetId={product.id}
        language={language}
        loggedIn={loggedIn}
        path={location.pathname}
        rating={product.rating}
        {...comments}
      />

      {product.crossSellProducts.length > 0 ? (
        <section aria-labelledby="cross-sell-heading" className="mt-12">
          <h2 id="cross-sell-heading" className="text-2xl font-bold text-slate-900">
            {t('product.crossSell')}
          </h2>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {product.crossSellProducts.map((cross) => (
              <li key={cross.id}>
                <ProductCard product={cross} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
