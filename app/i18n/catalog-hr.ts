import { adminPanelHr } from './areas/adminPanel/hr.ts';
import { authHr } from './areas/auth/hr.ts';
import { blogHr } from './areas/blog/hr.ts';
import { cartHr } from './areas/cart/hr.ts';
import { checkoutHr } from './areas/checkout/hr.ts';
import { commentsHr } from './areas/comments/hr.ts';
import { consentHr } from './areas/consent/hr.ts';
import { contentHr } from './areas/content/hr.ts';
import { devtoolsHr } from './areas/devtools/hr.ts';
import { editorHr } from './areas/editor/hr.ts';
import { elementsHr } from './areas/elements/hr.ts';
import { formsHr } from './areas/forms/hr.ts';
import { mediaHr } from './areas/media/hr.ts';
import { navigationHr } from './areas/navigation/hr.ts';
import { productHr } from './areas/product/hr.ts';
import { profileHr } from './areas/profile/hr.ts';
import { searchHr } from './areas/search/hr.ts';
import { shopHr } from './areas/shop/hr.ts';
import { wishlistHr } from './areas/wishlist/hr.ts';
import { hr } from './hr.ts';
import type { Widen } from './widen.ts';

/**
 * Every Croatian UI text: the shell's at the top level, each area's (`areas/<area>/`) under its own
 * key. Croatian is the reference: the other languages' catalogs must have exactly its keys (the type
 * checker enforces it). Each language is its own module so that a page's bundle carries one language.
 */
export const catalogHr = {
  ...hr,
  content: contentHr,
  blog: blogHr,
  search: searchHr,
  shop: shopHr,
  product: productHr,
  auth: authHr,
  profile: profileHr,
  cart: cartHr,
  checkout: checkoutHr,
  wishlist: wishlistHr,
  comments: commentsHr,
  consent: consentHr,
  forms: formsHr,
  media: mediaHr,
  editor: editorHr,
  elements: elementsHr,
  navigation: navigationHr,
  devtools: devtoolsHr,
  adminPanel: adminPanelHr,
};

export type Catalog = Widen<typeof catalogHr>;
