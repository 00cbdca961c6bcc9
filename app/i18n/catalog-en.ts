import { adminPanelEn } from './areas/adminPanel/en.ts';
import { authEn } from './areas/auth/en.ts';
import { blogEn } from './areas/blog/en.ts';
import { cartEn } from './areas/cart/en.ts';
import { checkoutEn } from './areas/checkout/en.ts';
import { commentsEn } from './areas/comments/en.ts';
import { consentEn } from './areas/consent/en.ts';
import { contentEn } from './areas/content/en.ts';
import { devtoolsEn } from './areas/devtools/en.ts';
import { editorEn } from './areas/editor/en.ts';
import { elementsEn } from './areas/elements/en.ts';
import { formsEn } from './areas/forms/en.ts';
import { mediaEn } from './areas/media/en.ts';
import { navigationEn } from './areas/navigation/en.ts';
import { productEn } from './areas/product/en.ts';
import { profileEn } from './areas/profile/en.ts';
import { searchEn } from './areas/search/en.ts';
import { shopEn } from './areas/shop/en.ts';
import { wishlistEn } from './areas/wishlist/en.ts';
import type { Catalog } from './catalog-hr.ts';
import { en } from './en.ts';

export const catalogEn: Catalog = {
  ...en,
  content: contentEn,
  blog: blogEn,
  search: searchEn,
  shop: shopEn,
  product: productEn,
  auth: authEn,
  profile: profileEn,
  cart: cartEn,
  checkout: checkoutEn,
  wishlist: wishlistEn,
  comments: commentsEn,
  consent: consentEn,
  forms: formsEn,
  media: mediaEn,
  editor: editorEn,
  elements: elementsEn,
  navigation: navigationEn,
  devtools: devtoolsEn,
  adminPanel: adminPanelEn,
};
