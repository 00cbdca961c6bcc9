import { useRouteLoaderData } from 'react-router';
import { uiLanguages } from '../../core/languages.ts';
import { productLink } from '../../core/links.ts';
import {
  checkBundles,
  type ProductRecord,
  productWebGet,
} from '../../server/modules/catalogue/catalogue.contract.ts';
import { formFilter } from '../../server/modules/forms/forms.contract.ts';
import { checkoutSettings } from '../../server/modules/site/site.contract.ts';
import type { CartBehaviour } from '../components/product/add-to-cart.tsx';
import { fitted, imageAt } from '../components/product/product-media.ts';
import { ProductScreen } from '../components/product/product-screen.tsx';
import type { BundleMember } from '../components/product/product-types.ts';
import { loadCommentThread } from '../lib/comment-thread.ts';
import { namesNothing, notFoundOrRedirect } from '../lib/not-found.server.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, seoMeta } from '../lib/seo.ts';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/product';

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const slug = args.params.slug?.trim();
  if (!slug) return notFoundOrRedirect(api, args.request);
  const found = await api.call(productWebGet, { query: { slug } });
  if (found.errored) {
    if (namesNothing(found.error)) return notFoundOrRedirect(api, args.request);
    throw new Response(found.error.message, { status: found.error.statusCode || 500 });
  }
  const product = found.data;
  const needsMembers = product.bundles.some((member) => member.format === 'Configurable');
  const alternates = productAlternates(product, language);
  const members = needsMembers ? await api.call(checkBundles, { query: { product: product.id } }) : null;
  const bundleMembers: BundleMember[] | null =
    members === null
      ? product.bundles.map((member) => ({
          ...member,
          needsChoice: false,
          attributes: [],
          variants: [],
        }))
      : members.errored
        ? null
        : members.data.bundles.map((member) => ({
            product: member.product,
            format: member.format,
            quantity: member.quantity,
            needsChoice: member.needsChoice,
            attributes: member.attributes,
            variants: member.associatedProducts,
          }));
  // Out of stock: the site's availability request form ("tell me when it is back"), when it has one.
  const [settings, comments, availability] = await Promise.all([
    api.call(checkoutSettings),
    loadCommentThread(api, 'product', product.id, new URL(args.request.url)),
    product.stock.inStock || product.format === 'Configurable'
      ? null
      : api.call(formFilter, { body: { type: 'productAvailabilityForm', page: 1, limit: 1 } }),
  ]);
  const availabilityForm =
    availability && !availability.errored ? (availability.data.records[0] ?? null) : null;
  const cartType: CartBehaviour =
    !settings.errored && (settings.data.cartType === 1 || settings.data.cartType === 2)
      ? settings.data.cartType
      : 0;
  const cartItemId = new URL(args.request.url).searchParams.get('cartItemId')?.trim() || null;
  const image = product.media[0];
  const seo: PageSeo = {
    title: product.seo.title || product.name,
    description: product.seo.description || product.shortDescription || undefined,
    image: image ? imageAt(image, 'LargeSize') : null,
    imageWidth: image ? fitted(image, 'LargeSize').width : null,
    imageHeight: image ? fitted(image, 'LargeSize').height : null,
    imageAlt: image ? image.alt || image.title || product.name : null,
    alternates,
    type: 'product',
  };
  return { product, bundleMembers, cartItemId, cartType, comments, availabilityForm, seo };
}

/** The product's address in every language it has a slug in (its response carries them). */
function productAlternates(
  product: ProductRecord,
  language: (typeof uiLanguages)[number],
): PageSeo['alternates'] {
  const alternates: PageSeo['alternates'] = { [language]: productLink(product.slug, language) };
  for (const other of uiLanguages) {
    const slug = product.alternates[other];
    if (other !== language && slug) alternates[other] = productLink(slug, other);
  }
  return alternates;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <ProductScreen
      product={loaderData.product}
      bundleMembers={loaderData.bundleMembers}
      cartItemId={loaderData.cartItemId}
      cartType={loaderData.cartType}
      comments={loaderData.comments}
      availabilityForm={loaderData.availabilityForm}
      loggedIn={root?.user != null}
      origin={root?.origin ?? ''}
      merchant={{
        name: root?.site.name ?? '',
        url: `${root?.origin ?? ''}/`,
        policies: root?.shell.policies ?? null,
      }}
    />
  );
}
