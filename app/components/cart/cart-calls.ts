import type * as contracts from '../../../server/modules/cart/cart.contract.ts';
import type * as profileContracts from '../../../server/modules/users/profile.contract.ts';

/**
 * The cart calls as the islands make them, without the contracts' zod schemas (their size would come
 * with every page that has an add-to-cart button; docs/decisions/0265-cart-screens.md). Each is the
 * contract's method and path, typed as the contract, so inputs and answers keep the contract's types;
 * `satisfies` makes the type checker refuse any difference from the contract module.
 */
type CallOf<K extends keyof typeof contracts> = (typeof contracts)[K];
const call = <K extends keyof typeof contracts>(definition: { method: string; path: string }) =>
  definition as unknown as CallOf<K>;

export const getCart = call<'getCart'>({
  method: 'post',
  path: '/v2/ecommerce/cart/getCart',
} as const satisfies Pick<CallOf<'getCart'>, 'method' | 'path'>);
export const addItem = call<'addItem'>({
  method: 'post',
  path: '/v2/ecommerce/cart/addItem',
} as const satisfies Pick<CallOf<'addItem'>, 'method' | 'path'>);
export const updateItem = call<'updateItem'>({
  method: 'patch',
  path: '/v2/ecommerce/cart/updateItem',
} as const satisfies Pick<CallOf<'updateItem'>, 'method' | 'path'>);
export const deleteItem = call<'deleteItem'>({
  method: 'delete',
  path: '/v2/ecommerce/cart/deleteItem',
} as const satisfies Pick<CallOf<'deleteItem'>, 'method' | 'path'>);
export const clearCart = call<'clearCart'>({
  method: 'post',
  path: '/v2/ecommerce/cart/clearCart',
} as const satisfies Pick<CallOf<'clearCart'>, 'method' | 'path'>);
export const applyCoupon = call<'applyCoupon'>({
  method: 'post',
  path: '/v2/ecommerce/cart/applyCoupon',
} as const satisfies Pick<CallOf<'applyCoupon'>, 'method' | 'path'>);
export const removeCoupon = call<'removeCoupon'>({
  method: 'post',
  path: '/v2/ecommerce/cart/removeCoupon',
} as const satisfies Pick<CallOf<'removeCoupon'>, 'method' | 'path'>);
export const applyMemberCard = call<'applyMemberCard'>({
  method: 'post',
  path: '/v2/ecommerce/cart/applyMemberCard',
} as const satisfies Pick<CallOf<'applyMemberCard'>, 'method' | 'path'>);

export const setLoyaltyPoints = call<'setLoyaltyPoints'>({
  method: 'post',
  path: '/v2/ecommerce/cart/setLoyaltyPoints',
} as const satisfies Pick<CallOf<'setLoyaltyPoints'>, 'method' | 'path'>);

/** The profile's change call: a member card applied in the cart is kept on the profile too. */
export const updateUser = {
  method: 'patch',
  path: '/v1/user/web/update',
} as const satisfies Pick<
  typeof profileContracts.updateUser,
  'method' | 'path'
> as unknown as typeof profileContracts.updateUser;

export type { Cart, CartLine } from '../../../server/modules/cart/cart.contract.ts';
