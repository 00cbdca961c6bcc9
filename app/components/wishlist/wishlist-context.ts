import { createContext, useContext } from 'react';

/**
 * The logged-in shopper's wishlist as the page was rendered with it: which products are on it, and
 * where a toggle without JavaScript returns to. `null` for visitors and back-office users, whose pages
 * show no toggle (and a visitor's page may be shared by the page cache).
 */
export type WishlistState = { productIds: number[]; returnTo: string };

export const WishlistContext = createContext<WishlistState | null>(null);

export const useWishlist = () => useContext(WishlistContext);
