import type { Widen } from '../../widen.ts';
import type { wishlistHr } from './hr.ts';

export const wishlistEn: Widen<typeof wishlistHr> = {
  title: 'Wishlist',
  description: 'Products you saved for later.',
  home: 'Home',
  headerLink: 'Wishlist',
  toggle: 'Wishlist: {{name}}',
  toggleShort: 'Wishlist',
  added: 'The product was added to your wishlist.',
  removed: 'The product was removed from your wishlist.',
  count_one: '{{count}} product on the list',
  count_few: '{{count}} products on the list',
  count_other: '{{count}} products on the list',
  empty: 'Your wishlist is empty.',
  emptyHint: 'Use the heart on a product to save it here for later.',
  startShopping: 'Go to the shop',
  loadMore: 'Show more',
  nextPage: 'Next page',
  previousPage: 'Previous page',
  errors: {
    loggedUsersOnly: 'Logged users only.',
    productNotFound: 'Product not found.',
    full: 'Your wishlist is full.',
    failed: 'Something went wrong, please try again.',
  },
};
