import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';
import { idInput, idParam, int32, lineText, multilineText } from '../../../core/input-schemas.ts';
import {
  cartIdInput,
  cartSchema,
  validateCart as cartValidateCart,
  protectCodeInput,
} from '../cart/cart.contract.ts';
import { consentFormNames } from '../consent/consent.contract.ts';
import { checkoutSettings, currencyConfig } from '../site/site.contract.ts';
import { addressInput, addressSchema } from '../users/profile.contract.ts';
import { emailInput } from '../users/users.contract.ts';

// The checkout of specification 001 (sections 4, 5, 7 "Checkout", 8): delivery, payment, addresses,
// the order and its reading. Every call is addressed by the cart session pair of the cart contract
// (`cartId` + `protectCode`); `userId` is accepted for the specification's clients but the server
// always uses the logged-in user of the request. Amounts are integers in minor units of the cart's
// currency; `eurEquivalent` repeats them in euro cents for a non-EUR store.
//
// Errors of section 8 answer 400 with these codes (the UI translates them by code, `checkout.errors.*`):
// shippingMethodUndefined, shippingBranchUndefined, shippingMethodNotFound, paymentMethodUndefined,
// consentsNotFetched, consentRequired, failedConsentLog. order/create adds CART_CHANGED (409, the
// 'cart updated' toast), MEMBER_CARD_INVALID (409), OUT_OF_STOCK (409, field `items`),
// addressesUndefined (400) and the cart's own session errors (CART_SESSION_MISSING, CART_ARCHIVED …).

/** The error codes of the checkout, with the English text the API answers. */
export const CHECKOUT_ERRORS = {
  shippingMethodUndefined: 'Choose a delivery method.',
  shippingBranchUndefined: 'Choose a pickup branch.',
  shippingMethodNotFound: 'This delivery method is not available for the cart or country.',
  paymentMethodUndefined: 'Choose a payment method.',
  paymentMethodNotFound: 'This payment method is not available.',
  consentsNotFetched: 'The consents of the form could not be loaded.',
  consentRequired: 'Every required consent must be accepted.',
  failedConsentLog: 'The consent could not be recorded.',
  countryNotAllowed: 'Delivery to this country is not possible.',
  addressesUndefined: 'Enter the delivery address.',
  guestCheckoutDisabled: 'Log in or register to complete the order.',
  CART_CHANGED: 'The cart was updated.',
  CART_EMPTY: 'The cart is empty.',
  MEMBER_CARD_INVALID: 'member card is not valid anymore..',
  OUT_OF_STOCK: 'Not enough stock.',
  ORDER_NOT_FOUND: 'Order not found.',
  PAYMENT_FAILED: 'The payment was not completed.',
} as const;
export type CheckoutErrorCode = keyof typeof CHECKOUT_ERRORS;

// ---------------------------------------------------------------------------------------------
// Inputs

const session = {
  /** Accepted for the specification's clients; the server uses the request's logged-in user. */
  userId: idInput.nullable().optional(),
  cartId: cartIdInput,
  protectCode: protectCodeInput,
  currencyId: idInput.optional(),
};
export const checkoutSessionInput = z.object(session);

export const applicableDeliveryBody = z.object({
  ...session,
  /** The delivery country (countries.id); without it the saved shipping address's country is used. */
  countryId: idInput.optional(),
  userBillingAddressId: idInput.nullable().optional(),
  userShippingAddressId: idInput.nullable().optional(),
});

export const deliveryCountriesQuery = z.object({
  language: lineText(5).optional(),
  type: z.literal('countries').default('countries'),
});

export const saveDeliveryBody = z.object({
  ...session,
  /** Missing answers 400 shippingMethodUndefined. */
  deliveryMethodId: idInput.nullable().optional(),
  /** Required for a method with branches (pickup, code 15): else 400 shippingBranchUndefined. */
  branchId: idInput.nullable().optional(),
  countryId: idInput.optional(),
});

export const applicablePaymentBody = z.object({
  ...session,
  userBillingAddressId: idInput.nullable().optional(),
});

export const companyDataInput = z.object({
  companyName: lineText(100).trim().min(1, 'Required.'),
  oib: lineText(20).trim().min(1, 'Required.'),
});

export const savePaymentBody = z.object({
  ...session,
  /** Missing answers 400 paymentMethodUndefined. */
  paymentMethodId: idInput.nullable().optional(),
  companyData: companyDataInput.nullable().optional(),
});

/** The checkout address step: delivery address, billing (null: copied from delivery), consents. */
export const saveAddressBody = z.object({
  ...session,
  shippingAddress: addressInput,
  /** null or missing: billing is the delivery address. */
  billingAddress: addressInput.nullable().optional(),
  /** Ids of the consents of `checkoutForm` the shopper accepted. */
  consents: z.array(idInput).max(50).default([]),
  /** The consents form the shopper saw ('checkoutForm'). */
  consentForm: z.enum(consentFormNames).default('checkoutForm'),
});

/** Guest-user update (specification 001, section 7 "User"): the record is found by the e-mail. */
export const guestUpdateBody = z.object({
  email: emailInput,
  details: z
    .object({ firstName: lineText(100).trim(), lastName: lineText(100).trim() })
    .partial()
    .optional(),
  company: z
    .object({ name: lineText(100).trim(), oib: lineText(20).trim() })
    .partial()
    .optional(),
  addresses: z.array(addressInput).max(4).optional(),
});

/** What the shopper's page showed: order/create stops with CART_CHANGED when the server copy differs. */
export const expectedCartInput = z.object({
  itemCount: int32(0, 10_000_000),
  cartTotal: int32(0),
  items: z.array(z.object({ itemId: idInput, qty: int32(1, 9999), finalPrice: int32(0) })).max(200),
});

const giftText = (max: number) => lineText(max).trim().max(max).optional();

export const createOrderBody = z.object({
  ...session,
  giftMessage: multilineText(1000).trim().max(1000).optional(),
  orderMessage: multilineText(1000).trim().max(1000).optional(),
  to: giftText(100),
  from: giftText(100),
  /** Where a card provider returns after a failed or successful payment (paths on this site only). */
  failureURL: lineText(500)
    .regex(/^\/(?!\/)/, 'A path on this site.')
    .optional(),
  successURL: lineText(500)
    .regex(/^\/(?!\/)/, 'A path on this site.')
    .optional(),
  expected: expectedCartInput.optional(),
});

export const orderSlugInput = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, 'Enter a valid order slug.')
  .meta({ description: 'The order’s unguessable public id (22 base64url characters)' });

export const pgSuccessBody = z.object({
  /** What the provider handed back to the page (provider order id, payer id …). */
  details: z.record(lineText(64), z.union([lineText(2000), z.number(), z.boolean(), z.null()])).default({}),
  internalRedirect: z.boolean().default(true),
});

// ---------------------------------------------------------------------------------------------
// Answers

export const branchSchema = z.object({ id: z.number().int(), name: z.string(), address: z.string() });

export const shippingMethodSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    /** In the cart's currency, after the free-delivery threshold and rewards (0 when free). */
    price: z.number().int(),
    methodCode: z.number().int(),
    isDigital: z.boolean(),
    /** Pickup branches (method code 15); empty for others. */
    options: z.array(branchSchema),
  })
  .meta({ id: 'ShippingMethod' });
export type ShippingMethod = z.output<typeof shippingMethodSchema>;

export const paymentTypeSchema = z.enum(['cod', 'bank_transfer', 'HPF', 'button']);

export const paymentMethodSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    methodCode: z.number().int(),
    paymentType: paymentTypeSchema,
    /** The adapter that handles it ('offline', 'sandbox', …). */
    provider: z.string(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.output<typeof paymentMethodSchema>;

export const countrySchema = z.object({ id: z.number().int(), iso: z.string(), name: z.string() });

export const orderAddressSchema = addressSchema.omit({ id: true, type: true });
export type OrderAddress = z.output<typeof orderAddressSchema>;

/** The cart as the checkout sees it: the cart with the checkout's choices. */
export const checkoutCartSchema = cartSchema
  .extend({
    paymentMethodId: z.number().int().nullable(),
    options: z.object({ deliveryBranchId: z.number().int().nullable() }),
    companyData: z.object({ companyName: z.string(), oib: z.string() }).nullable(),
    shippingAddress: orderAddressSchema.nullable(),
    billingAddress: orderAddressSchema.nullable(),
  })
  .meta({ id: 'CheckoutCart' });
export type CheckoutCart = z.output<typeof checkoutCartSchema>;

export const guestUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  companyOib: z.string(),
  addresses: z.array(orderAddressSchema),
});

export const orderStates = ['pending', 'active', 'cancelled'] as const;
export const paymentStatuses = ['pending', 'paid', 'failed', 'refunded'] as const;

const orderAmounts = {
  /** Sum of the lines (VAT included). */
  itemsTotal: z.number().int(),
  coupon: z.number().int(),
  loyalty: z.number().int(),
  delivery: z.number().int(),
  /** The VAT inside grandTotal. */
  tax: z.number().int(),
  /** What the shopper pays. */
  grandTotal: z.number().int(),
};

export const orderLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  sku: z.string(),
  name: z.string(),
  format: z.enum(['Simple', 'EProduct', 'Configurable', 'Bundle']),
  /** The first image (80x80 thumbnail source) or null. */
  image: z.string().nullable(),
  /** Labels of the chosen attributes, options and bundle members. */
  optionLabels: z.array(z.string()),
  quantity: z.number().int(),
  /** The regular unit price. */
  basicPrice: z.number().int(),
  /** What one unit cost. */
  finalPrice: z.number().int(),
  /** (basicPrice − finalPrice) × quantity. */
  discountAmount: z.number().int(),
  rowTotal: z.number().int(),
  rowTax: z.number().int(),
  taxRateBp: z.number().int(),
  /** An EProduct's delivery: shown once the order is paid (null before, and for other formats). */
  eproduct: z
    .object({
      delivery: z.enum(['link', 'code', 'qr']),
      url: z.string().nullable(),
      codes: z.array(z.string()),
    })
    .nullable(),
});
export type OrderLine = z.output<typeof orderLineSchema>;

export const orderSchema = z
  .object({
    id: z.number().int(),
    /** Human-readable, unique per site, e.g. 2026-000042. */
    orderNumber: z.string(),
    orderSlug: z.string(),
    createdAt: z.string(),
    /** pending = in process, active = completed, cancelled. */
    state: z.enum(orderStates),
    paymentStatus: z.enum(paymentStatuses),
    language: z.string(),
    email: z.string(),
    currency: z.object({ code: z.string(), symbol: z.string(), decimals: z.number().int() }),
    /** Display-currency units per 1 EUR used for the order (decimal string). */
    eurRate: z.string(),
    paymentMethod: paymentMethodSchema.omit({ description: true }),
    shippingMethod: z
      .object({ id: z.number().int().nullable(), name: z.string(), methodCode: z.number().int() })
      .nullable(),
    branch: branchSchema.nullable(),
    shippingAddress: orderAddressSchema.nullable(),
    billingAddress: orderAddressSchema.nullable(),
    companyData: z.object({ companyName: z.string(), oib: z.string() }).nullable(),
    items: z.array(orderLineSchema),
    couponCode: z.string().nullable(),
    loyaltyPointsSpent: z.number().int(),
    loyaltyPointsEarned: z.number().int(),
    prices: z.object({
      ...orderAmounts,
      eurEquivalent: z.object(orderAmounts).nullable(),
    }),
    giftMessage: z.string(),
    orderMessage: z.string(),
    to: z.string(),
    from: z.string(),
  })
  .meta({ id: 'Order' });
export type Order = z.output<typeof orderSchema>;

/** The "button flow" start data (PayPal-style) the page renders instead of a form. */
export const buttonFlowSchema = z.object({
  type: z.literal('button'),
  provider: z.string(),
  /** The provider's order (or subscription) id the buttons approve. */
  providerOrderId: z.string(),
  /** 'order' for a single payment, 'subscription' for a plan. */
  intent: z.enum(['order', 'subscription']),
  /** Where the sandbox's approval page is (the page opens it). */
  approveUrl: z.string(),
});

export const createOrderOutput = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  orderSlug: z.string(),
  /**
   * A hosted payment form (HTML string) the page adds and submits; an object for a button-flow
   * provider; null when nothing is paid online (cash on delivery, bank transfer).
   */
  html: z.union([z.string(), buttonFlowSchema]).nullable(),
  /** Where to go next when html is null: the success page path in the order's language. */
  redirectPath: z.string(),
});

/** One order in the profile's history (specification 001, section 3 "Order in history"). */
export const orderHistoryItemSchema = z
  .object({
    id: z.number().int(),
    orderNumber: z.string(),
    orderSlug: z.string(),
    createdAt: z.string(),
    state: z.enum(orderStates),
    /** Up to 3 image paths; itemCount − 3 gives the "+N". */
    itemImages: z.array(z.string()).max(3),
    itemCount: z.number().int(),
    details: z.object({ grandTotal: z.number().int(), currency: z.string(), decimals: z.number().int() }),
    extendedDetails: z.object({
      details: z.object({
        paymentType: z.string(),
        shippingMethod: z.string(),
        totalBasicPrice: z.number().int(),
        totalDiscount: z.number().int(),
        shippingCost: z.number().int(),
        totalTax: z.number().int(),
      }),
      items: z.array(
        z.object({
          name: z.string(),
          /** Labels of the chosen attributes, options and bundle members (as on the order line). */
          optionLabels: z.array(z.string()),
          basicPrice: z.number().int(),
          quantity: z.number().int(),
          discountAmount: z.number().int(),
          image: z.string().nullable(),
        }),
      ),
    }),
  })
  .meta({ id: 'OrderHistoryItem' });
export type OrderHistoryItem = z.output<typeof orderHistoryItemSchema>;

// ---------------------------------------------------------------------------------------------
// Calls

const tags = ['checkout'];
const base = '/v2/ecommerce/checkout' as const;

export const getApplicableDeliveryMethods = defineContract({
  method: 'post',
  path: `${base}/delivery/getApplicableDeliveryMethods`,
  tags,
  summary:
    'Delivery methods for the cart and country: digital-only carts get the digital ones, others the physical ones',
  body: applicableDeliveryBody,
  output: z.array(shippingMethodSchema),
});

export const getDeliveryCountries = defineContract({
  method: 'post',
  path: `${base}/delivery`,
  tags,
  summary:
    'Countries some delivery method of the cart reaches, inside the allowed countries (type=countries)',
  query: deliveryCountriesQuery,
  body: checkoutSessionInput,
  output: z.array(countrySchema),
});

export const saveDeliveryMethod = defineContract({
  method: 'put',
  path: `${base}/delivery/saveDeliveryMethod`,
  tags,
  summary: 'Chooses the delivery method (and pickup branch) of the cart',
  description: '400 shippingMethodUndefined, shippingBranchUndefined, shippingMethodNotFound.',
  body: saveDeliveryBody,
  output: checkoutCartSchema,
});

export const getApplicablePaymentMethods = defineContract({
  method: 'post',
  path: `${base}/payment/getApplicablePaymentMethods`,
  tags,
  summary: 'Payment methods for the cart',
  body: applicablePaymentBody,
  output: z.array(paymentMethodSchema),
});

export const savePaymentMethod = defineContract({
  method: 'put',
  path: `${base}/payment/savePaymentMethod`,
  tags,
  summary: 'Chooses the payment method (companies send companyData)',
  description: '400 paymentMethodUndefined, paymentMethodNotFound.',
  body: savePaymentBody,
  output: checkoutCartSchema,
});

export const validateCheckoutCart = defineContract({
  method: 'post',
  path: `${base}/cart/validateCart`,
  tags,
  writes: true,
  summary: 'The cart re-checked before the order (items and validateMemberCard), as the cart call answers',
  body: checkoutSessionInput,
  output: cartValidateCart.output,
});

export const getCheckoutCart = defineContract({
  method: 'post',
  path: `${base}/cart/get`,
  tags,
  summary: 'The cart with the checkout choices (delivery, branch, payment, addresses)',
  body: checkoutSessionInput,
  output: checkoutCartSchema,
});

export const saveCheckoutAddress = defineContract({
  method: 'post',
  path: `${base}/address/save`,
  tags,
  writes: true,
  summary:
    'The address step: delivery and billing address of the order, consents checked and logged; guests get a guest-user record',
  description:
    '400 with the field for a bad address, countryNotAllowed (payload: allowed countries), consentRequired, failedConsentLog, guestCheckoutDisabled (401 for a visitor when guest checkout is off).',
  body: saveAddressBody,
  output: checkoutCartSchema.extend({ allowedCountries: z.array(countrySchema) }),
});

export const updateGuestUser = defineContract({
  method: 'post',
  path: '/v1/user/web/guest/update',
  tags,
  writes: true,
  summary: 'Creates or updates the guest-user record found by the e-mail (guest checkout)',
  description: '401 guestCheckoutDisabled when the store does not allow guest checkout.',
  body: guestUpdateBody,
  output: guestUserSchema,
});

export const createOrder = defineContract({
  method: 'post',
  path: `${base}/order/create`,
  tags,
  writes: true,
  summary: 'Places the order of the cart (once per cart: a repeat answers the same order)',
  description:
    '409 CART_CHANGED (the page shows the cart updated toast and reloads the cart), 409 MEMBER_CARD_INVALID, 409 OUT_OF_STOCK, 400 shippingMethodUndefined / shippingBranchUndefined / paymentMethodUndefined / addressesUndefined.',
  body: createOrderBody,
  output: createOrderOutput,
});

export const pgSuccess = defineContract({
  method: 'post',
  path: `${base}/order/pgSuccess/{id}`,
  tags,
  writes: true,
  summary: 'After the provider approved a payment: confirms it with the provider and answers where to go',
  description:
    '{id} is the orderSlug. `url` is the success page when the order is paid (or paid offline), else the failure page (paymentStatus says why). 404 ORDER_NOT_FOUND.',
  params: z.object({ id: orderSlugInput }),
  body: pgSuccessBody,
  output: z.object({ url: z.string(), orderSlug: z.string(), paymentStatus: z.enum(paymentStatuses) }),
});

export const getAvailableCountries = defineContract({
  method: 'post',
  path: `${base}/getAvailableCountries`,
  tags,
  summary: "The countries the store's checkout allows (allowedCountries, ALL = every country)",
  output: z.array(countrySchema),
});

export const getOrderBySlug = defineContract({
  method: 'get',
  path: `${base}/order/view/{orderSlug}`,
  tags,
  summary: 'An order by its slug (the success page); e-product links and codes only once paid',
  params: z.object({ orderSlug: orderSlugInput }),
  output: orderSchema,
});

export const getOrderHistory = defineContract({
  method: 'get',
  path: `${base}/order/history`,
  tags,
  summary: "The logged-in user's orders, newest first",
  description: "401 'No active user' without a session.",
  query: z.object({ page: idParam.default(1), limit: z.coerce.number().int().min(1).max(50).default(10) }),
  output: z.object({ orders: z.array(orderHistoryItemSchema), total: z.number().int() }),
});

/** The settings calls of section 7 live in the site contract; re-exported for the checkout UI. */
export { checkoutSettings as getCheckoutSettings, currencyConfig as getCurrencyConfig };
