import { adminPanelDe } from './areas/adminPanel/de.ts';
import { authDe } from './areas/auth/de.ts';
import { blogDe } from './areas/blog/de.ts';
import { cartDe } from './areas/cart/de.ts';
import { checkoutDe } from './areas/checkout/de.ts';
import { commentsDe } from './areas/comments/de.ts';
import { consentDe } from './areas/consent/de.ts';
import { contentDe } from './areas/content/de.ts';
import { devtoolsDe } from './areas/devtools/de.ts';
import { editorDe } from './areas/editor/de.ts';
import { elementsDe } from './areas/elements/de.ts';
import { formsDe } from './areas/forms/de.ts';
import { mediaDe } from './areas/media/de.ts';
import { navigationDe } from './areas/navigation/de.ts';
import { productDe } from './areas/product/de.ts';
import { profileDe } from './areas/profile/de.ts';
import { searchDe } from './areas/search/de.ts';
import { shopDe } from './areas/shop/de.ts';
import { wishlistDe } from './areas/wishlist/de.ts';
import type { Catalog } from './catalog-hr.ts';
import { de } from './de.ts';

export const catalogDe: Catalog = {
  ...de,
  content: contentDe,
  blog: blogDe,
  search: searchDe,
  shop: shopDe,
  product: productDe,
  auth: authDe,
  profile: profileDe,
  cart: cartDe,
  checkout: checkoutDe,
  wishlist: wishlistDe,
  comments: commentsDe,
  consent: consentDe,
  forms: formsDe,
  media: mediaDe,
  editor: editorDe,
  elements: elementsDe,
  navigation: navigationDe,
  devtools: devtoolsDe,
  adminPanel: adminPanelDe,
};
