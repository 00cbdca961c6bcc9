import type { Implement } from '../../api/contract-router.ts';
import {
  createOrder,
  getApplicableDeliveryMethods,
  getApplicablePaymentMethods,
  getAvailableCountries,
  getCheckoutCart,
  getDeliveryCountries,
  getOrderBySlug,
  getOrderHistory,
  pgSuccess,
  saveCheckoutAddress,
  saveDeliveryMethod,
  savePaymentMethod,
  updateGuestUser,
  validateCheckoutCart,
} from './checkout.contract.ts';
import type { CheckoutService } from './checkout.service.ts';

export function checkoutRoutes(implement: Implement, checkout: CheckoutService) {
  implement(getApplicableDeliveryMethods, (ctx, { body }) =>
    checkout.getApplicableDeliveryMethods(ctx, body),
  );
  implement(getDeliveryCountries, (ctx, { body }) => checkout.getDeliveryCountries(ctx, body));
  implement(saveDeliveryMethod, (ctx, { body }) => checkout.saveDeliveryMethod(ctx, body));
  implement(getApplicablePaymentMethods, (ctx, { body }) => checkout.getApplicablePaymentMethods(ctx, body));
  implement(savePaymentMethod, (ctx, { body }) => checkout.savePaymentMethod(ctx, body));
  implement(validateCheckoutCart, (ctx, { body }) => checkout.validateCart(ctx, body));
  implement(getCheckoutCart, (ctx, { body }) => checkout.getCheckoutCart(ctx, body));
  implement(saveCheckoutAddress, (ctx, { body }) => checkout.saveAddress(ctx, body));
  implement(updateGuestUser, (ctx, { body }) => checkout.updateGuestUser(ctx, body));
  implement(createOrder, (ctx, { body }) => checkout.createOrder(ctx, body));
  implement(pgSuccess, (ctx, { params, body }) => checkout.pgSuccess(ctx, params.id, body));
  implement(getAvailableCountries, (ctx) => checkout.getAvailableCountries(ctx));
  implement(getOrderBySlug, (ctx, { params }) => checkout.orderBySlug(ctx, params.orderSlug));
  implement(getOrderHistory, (ctx, { query }) => checkout.orderHistory(ctx, query.page, query.limit));
}
