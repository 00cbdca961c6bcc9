import { useTranslation } from 'react-i18next';
import { useWishlist } from './wishlist-context.ts';

/** The forms the `wishlistToggles` island takes over carry their product's id in this attribute. */
export const WISHLIST_FORM_ATTRIBUTE = 'data-wishlist-product';

/** Where a toggle posts: the route action that toggles and comes back (works without JavaScript). */
export const WISHLIST_TOGGLE_ACTION = '/wishlist-toggle';

/**
 * The heart button that puts a product on the logged-in shopper's wishlist or takes it off: a form
 * (POST, then back to the page) that the `wishlistToggles` island turns into a call with a toast.
 * `aria-pressed` says whether the product is on the list; the name stays the same in both states.
 * Renders nothing for visitors.
 */
export function WishlistToggle({
  productId,
  productName,
  variant,
}: {
  productId: number;
  productName: string;
  variant: 'card' | 'page';
}) {
  const { t } = useTranslation();
  const wishlist = useWishlist();
  if (!wishlist) return null;
  const pressed = wishlist.productIds.includes(productId);
  const card = variant === 'card';
  return (
    <form
      method="post"
      action={WISHLIST_TOGGLE_ACTION}
      data-wishlist-product={productId}
      className={card ? 'absolute bottom-2 right-2 z-10' : 'mt-4'}
    >
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="returnTo" value={wishlist.returnTo} />
      <button
        type="submit"
        aria-pressed={pressed}
        aria-label={card ? t('wishlist.toggle', { name: productName }) : undefined}
        className={
          card
            ? 'group/heart flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-rose-700 shadow-sm hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 aria-busy:opacity-60'
            : 'group/heart inline-flex items-center gap-2 rounded-md border border-rose-700 px-4 py-2 font-medium text-rose-800 hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 aria-busy:opacity-60'
        }
      >
        <HeartIcon className="h-6 w-6 fill-transparent group-aria-pressed/heart:fill-current" />
        {card ? null : t('wishlist.toggleShort')}
      </button>
    </form>
  );
}

/** The wishlist's heart (decorative: the control around it carries the name). */
export function HeartIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} stroke="currentColor" strokeWidth="1.8">
      <path
        strokeLinejoin="round"
        d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4 7.4 4c2 0 3.6 1.1 4.6 2.7C13 5.1 14.6 4 16.6 4c3.5 0 5.8 3.6 4.6 7.1-1.7 4.8-9.2 9.4-9.2 9.4Z"
      />
    </svg>
  );
}
