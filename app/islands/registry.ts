import type { ComponentProps } from 'react';

/**
 * The interactive parts of pages ("islands", docs/decisions/0180-islands.md). The server renders a
 * page without React Router's client runtime; each island's HTML is hydrated in the browser as a root
 * of its own, with the props the server rendered it with. Each loader is its own chunk, so a page
 * downloads only the islands it shows; the server loads them all once at start (islands.server.ts).
 * Props must survive JSON: they travel in the page.
 */
export const islandLoaders = {
  mobileMenu: () => import('../components/mobile-menu.tsx').then((module) => module.MobileMenu),
  consent: () => import('../components/cookie-banner.tsx').then((module) => module.ConsentIsland),
  toasts: () => import('../components/toasts.tsx').then((module) => module.Toasts),
  productPanel: () => import('../components/product/product-panel.tsx').then((module) => module.ProductPanel),
  video: () => import('../components/sections/video-player.tsx').then((module) => module.VideoPlayer),
  passwordToggle: () => import('../components/password-toggle.tsx').then((module) => module.PasswordToggle),
  captcha: () => import('../components/captcha-field.tsx').then((module) => module.CaptchaField),
  confirmEmail: () =>
    import('../components/confirm-email-action.tsx').then((module) => module.ConfirmEmailAction),
  listingFilters: () =>
    import('../components/catalogue/filter-panel.tsx').then((module) => module.DesktopFilters),
  listingToolbar: () =>
    import('../components/catalogue/listing-controls.tsx').then((module) => module.ListingToolbar),
  mobileFilters: () =>
    import('../components/catalogue/mobile-filters.tsx').then((module) => module.MobileFilters),
  searchForm: () => import('../components/search-form.tsx').then((module) => module.SearchForm),
  searchMore: () => import('../components/search-more.tsx').then((module) => module.SearchMore),
  cartPage: () => import('../components/cart/cart-view.tsx').then((module) => module.CartView),
  cartLink: () => import('../components/cart/cart-link.tsx').then((module) => module.CartLink),
  blogCategories: () =>
    import('../components/blog-category-filter.tsx').then((module) => module.BlogCategoryFilter),
  checkoutPayment: () =>
    import('../components/checkout/payment-step.tsx').then((module) => module.PaymentStep),
  checkoutHelp: () =>
    import('../components/checkout/checkout-help.tsx').then((module) => module.CheckoutHelp),
  orderDetails: () =>
    import('../components/checkout/order-details.tsx').then((module) => module.OrderDetails),
  mediaPicker: () => import('./media-picker.tsx').then((module) => module.MediaPickerField),
  mediaUploader: () => import('./media-uploader.tsx').then((module) => module.MediaUploader),
  navigationEditor: () =>
    import('../components/admin/navigation-editor.tsx').then((module) => module.NavigationEditor),
  pageEditor: () => import('../components/editor/page-editor.tsx').then((module) => module.PageEditor),
  domainPicker: () =>
    import('../components/devtools/domain-picker-modal.tsx').then((module) => module.DomainPickerModal),
  releasesModal: () =>
    import('../components/devtools/releases-modal.tsx').then((module) => module.ReleasesModal),
  wishlistToggles: () =>
    import('../components/wishlist/wishlist-toggles.tsx').then((module) => module.WishlistToggles),
};

export type IslandName = keyof typeof islandLoaders;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islandLoaders)[N]>>;
export type IslandProps<N extends IslandName> = ComponentProps<IslandComponent<N>>;
export type IslandComponents = { [N in IslandName]: IslandComponent<N> };

export const isIslandName = (name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(islandLoaders, name);
