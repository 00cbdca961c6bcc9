import type { Implement } from '../../api/contract-router.ts';
import { answerIdempotencyInTransaction } from '../../http/idempotency.ts';
import {
  addItem,
  applyCoupon,
  applyMemberBarcode,
  applyMemberCard,
  clearCart,
  deleteItem,
  getAbandoned,
  getCart,
  getNewCartSession,
  removeCoupon,
  removeMemberCard,
  setLoyaltyPoints,
  updateItem,
  validateCart,
} from './cart.contract.ts';
import type { CartService } from './cart.service.ts';

export function cartRoutes(implement: Implement, cart: CartService) {
  // Each of these answers with the view of one change (cart.service.ts `mutate`), which keeps the
  // Idempotency-Key record in the change's own transaction (decision 0257).
  for (const contract of [
    addItem,
    updateItem,
    deleteItem,
    clearCart,
    applyCoupon,
    removeCoupon,
    applyMemberCard,
    applyMemberBarcode,
    removeMemberCard,
    setLoyaltyPoints,
  ])
    answerIdempotencyInTransaction(contract);
  implement(getNewCartSession, () => cart.newSession());
  implement(getCart, (ctx, { body }) => cart.getCart(ctx, body));
  implement(validateCart, (ctx, { body }) => cart.validateCart(ctx, body));
  implement(addItem, (ctx, { body }) => cart.addItem(ctx, body));
  implement(updateItem, (ctx, { body }) => cart.updateItem(ctx, body));
  implement(deleteItem, (ctx, { body }) => cart.deleteItem(ctx, body));
  implement(clearCart, (ctx, { body }) => cart.clearCart(ctx, body));
  implement(applyCoupon, (ctx, { body }) => cart.applyCoupon(ctx, body));
  implement(removeCoupon, (ctx, { body }) => cart.removeCoupon(ctx, body));
  implement(applyMemberCard, (ctx, { body }) => cart.applyMemberCard(ctx, body));
  implement(applyMemberBarcode, (ctx, { body }) => cart.applyMemberCard(ctx, body));
  implement(removeMemberCard, (ctx, { body }) => cart.removeMemberCard(ctx, body));
  implement(setLoyaltyPoints, (ctx, { body }) => cart.setLoyaltyPoints(ctx, body));
  implement(getAbandoned, (ctx) => cart.getAbandoned(ctx));
}
