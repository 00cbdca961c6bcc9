import { z } from 'zod';
import { CART_ERRORS, CART_MAX_QTY, CART_NOTICES, type CartNoticeCode } from '../../../core/cart.ts';
import { defineContract } from '../../../core/contract.ts';
import { idInput, int32, lineText } from '../../../core/input-schemas.ts';
import { mediaSchema } from '../catalogue/catalogue.contract.ts';

// The cart of specification 000, section 7 "Cart (ecommerce)", with the field names it uses.
// A cart is addressed by `cartId` and its secret `protectCode` (both in cookies for a year, path `/`:
// `CART_ID_COOKIE` and `CART_PROTECT_CODE_COOKIE` in core/visitor-cookies.ts). Without the right pair
// nothing can be read or changed. Every amount is an integer in minor units of the cart's currency
// (the store's display currency); `eurEquivalent` repeats the amounts in euro cents for a non-EUR store.

// ---------------------------------------------------------------------------------------------
// Inputs

/** A cart id: the UUID getNewCartSession gave. */
export const cartIdInput = z.string().uuid('Enter a valid cart id.');
/** The cart's secret: 43 base64url characters (256 random bits). */
export const protectCodeInput = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Enter a valid protect code.')
  .meta({ description: 'The secret getNewCartSession gave with the cart id' });

const session = {
  cartId: cartIdInput,
  protectCode: protectCodeInput,
  /**
   * The currency the client shows; when given it must be the cart's (its store's) currency, else 409
   * CART_OTHER_STORE and the client starts a new session.
   */
  currencyId: idInput.optional(),
};
export const cartSessionInput = z.object(session);

/** A quantity: whole units from 1 to CART_MAX_QTY ('invalid quantity'). */
export const qtyInput = z
  .number({ error: CART_ERRORS.INVALID_QUANTITY })
  .int(CART_ERRORS.INVALID_QUANTITY)
  .min(1, CART_ERRORS.INVALID_QUANTITY)
  .max(CART_MAX_QTY, CART_ERRORS.INVALID_QUANTITY);

/** A custom option the shopper filled or chose ("personalization"). */
export const personalizationInput = z.object({
  optionId: idInput,
  /** The chosen value (both option types list their values with a price delta). */
  valueId: idInput.optional(),
  /** What the shopper typed: text for 'text' options, a number for 'number' options. */
  value: z.union([lineText(500), z.number().finite()]).optional(),
});

/** A bundle member's choice: the variant of a Configurable member. */
export const bundleOptionInput = z.object({
  /** The member product (as listed in the bundle). */
  productId: idInput,
  /** The chosen variant of a Configurable member (a Simple or EProduct child of it). */
  variantId: idInput,
});

export const lineOptionsInput = z
  .object({
    /** A Configurable product's chosen variant; may also be sent as productId itself. */
    variantId: idInput.optional(),
    personalizations: z.array(personalizationInput).max(50).default([]),
    bundleOptions: z.array(bundleOptionInput).max(50).default([]),
  })
  .default({ personalizations: [], bundleOptions: [] });
export type LineOptionsInput = z.input<typeof lineOptionsInput>;

export const addItemBody = z.object({
  /**
   * Optional: without a pair the server opens a new session and the answer carries it (the
   * specification's client calls getNewCartSession first; both ways work).
   */
  cartId: cartIdInput.optional(),
  protectCode: protectCodeInput.optional(),
  currencyId: idInput.optional(),
  productId: idInput,
  qty: qtyInput,
  options: lineOptionsInput,
  /**
   * Accepted for the specification's clients. Stock is reserved when the order is created
   * (DECISIONS "Shop"); until then a line is checked against the stock at every change.
   */
  reservation: z.boolean().optional(),
});

export const updateItemBody = z.object({
  ...session,
  itemId: idInput,
  qty: qtyInput,
  /** New options for the line (a line whose options become those of another line is merged into it). */
  options: lineOptionsInput.optional(),
});

export const deleteItemBody = z.object({ ...session, itemId: idInput });

export const couponCodeInput = lineText(64)
  .trim()
  .min(1, 'Required.')
  .transform((value) => value.toUpperCase());
export const applyCouponBody = z.object({ ...session, couponCode: couponCodeInput });

export const barcodeInput = lineText(13).trim().min(1, 'Required.');
export const applyMemberCardBody = z.object({ ...session, barcode: barcodeInput });

export const setLoyaltyPointsBody = z.object({
  ...session,
  /** Points to spend on this cart (0 spends none). Logged-in users only. */
  loyaltyPoints: int32(0, 10_000_000),
});

// ---------------------------------------------------------------------------------------------
// The cart answer

const eurAmounts = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object(shape)
    .nullable()
    .meta({ description: 'The same amounts in euro cents at the store rate; null for a EUR store' });

export const cartLineOptionSchema = z.object({
  optionId: z.number().int(),
  title: z.string(),
  type: z.enum(['text', 'number']),
  valueId: z.number().int().nullable(),
  /** What the shopper typed or the chosen value's title, ready to show. */
  label: z.string(),
  /** What the option adds to one unit, in the cart's currency (minor units). */
  price: z.number().int(),
});

export const cartLineAttributeSchema = z.object({
  attributeId: z.number().int(),
  label: z.string(),
  valueId: z.number().int(),
  value: z.string(),
});

export const cartBundleMemberSchema = z.object({
  productId: z.number().int(),
  /** The product that goes in the box: the member itself or its chosen variant. */
  chosenProductId: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  attributes: z.array(cartLineAttributeSchema),
});

export const stockStateSchema = z.enum(['in_stock', 'low', 'insufficient', 'out_of_stock']);

export const cartLineSchema = z
  .object({
    itemId: z.number().int(),
    /** The product on the line: for a Configurable product, the chosen variant. */
    productId: z.number().int(),
    /** The Configurable product a variant belongs to; null otherwise. */
    parentProductId: z.number().int().nullable(),
    format: z.enum(['Simple', 'EProduct', 'Configurable', 'Bundle']),
    sku: z.string(),
    qty: z.number().int(),
    productData: z.object({
      name: z.string(),
      /** The slug the product page has (for a variant not visible on its own: the main product's). */
      slug: z.string(),
      /** The product page in the cart's language, with `?cartItemId=` for a hidden variant. */
      url: z.string(),
      media: mediaSchema.nullable(),
    }),
    options: z.object({
      attributes: z.array(cartLineAttributeSchema),
      personalizations: z.array(cartLineOptionSchema),
      bundleOptions: z.array(cartBundleMemberSchema),
    }),
    /** Which catalogue price the unit price starts from. */
    priceKind: z.enum(['retail', 'discount', 'membership', 'bundle']),
    prices: z.object({
      /** The regular unit price with options (for a struck-through price when lower now). */
      regularPrice: z.number().int(),
      /** What one unit costs now, options included, VAT included. */
      finalPrice: z.number().int(),
      /** finalPrice × qty. */
      row: z.number().int(),
      /** The VAT inside row. */
      rowTax: z.number().int(),
      taxRateBp: z.number().int(),
      eurEquivalent: eurAmounts({ finalPrice: z.number().int(), row: z.number().int() }),
    }),
    stock: z.object({
      state: stockStateSchema,
      /** Units that can be ordered; null when the stock is not tracked. */
      available: z.number().int().nullable(),
    }),
    /** True when the line counts for a member card's membership price (a membership price exists). */
    memberEligible: z.boolean(),
  })
  .meta({ id: 'CartLine' });
export type CartLine = z.output<typeof cartLineSchema>;

const totalsShape = {
  /** Sum of the lines. */
  itemsTotal: z.number().int(),
  /** Coupon discount (positive; 0 without a coupon). */
  coupon: z.number().int(),
  /** Loyalty points spent, as money (positive). */
  loyalty: z.number().int(),
  /** itemsTotal − coupon − loyalty. */
  cartTotal: z.number().int(),
  /** Delivery price of the chosen method (0 when none is chosen or delivery is free). */
  delivery: z.number().int(),
  /** cartTotal + delivery: what the shopper pays. */
  orderTotal: z.number().int(),
};

export const cartPricesSchema = z
  .object({
    ...totalsShape,
    /** What the member card saved on the lines (already inside itemsTotal; informative). */
    memberSavings: z.number().int(),
    /** The VAT inside each amount above. */
    tax: z.object(totalsShape),
    eurEquivalent: eurAmounts(totalsShape),
  })
  .meta({ id: 'CartPrices' });
export type CartPrices = z.output<typeof cartPricesSchema>;

export const cartNoticeSchema = z.object({
  code: z.enum(Object.keys(CART_NOTICES) as [CartNoticeCode, ...CartNoticeCode[]]),
  message: z.string(),
  itemId: z.number().int().nullable(),
});
export type CartNotice = z.output<typeof cartNoticeSchema>;

export const cartSchema = z
  .object({
    /** The session pair; the UI keeps both in the cart cookies. */
    id: z.string(),
    cartId: z.string(),
    protectCode: z.string(),
    status: z.enum(['active', 'archived', 'ordered']),
    storeId: z.number().int(),
    language: z.string(),
    currency: z.object({
      id: z.number().int(),
      code: z.string(),
      symbol: z.string(),
      decimals: z.number().int(),
    }),
    /** Display-currency units per 1 EUR (decimal string). */
    eurRate: z.string(),
    items: z.array(cartLineSchema),
    /** Sum of the quantities (the header's count). */
    itemCount: z.number().int(),
    /** Every line is an EProduct: nothing is shipped. */
    digitalOnly: z.boolean(),
    couponCode: z.string().nullable(),
    coupon: z
      .object({
        code: z.string(),
        type: z.enum(['percent', 'fixed', 'free_delivery']),
        /** Basis points for percent, minor units of the cart's currency for fixed, 0 for free delivery. */
        value: z.number().int(),
      })
      .nullable(),
    memberCard: z.object({ barcode: z.string(), valid: z.boolean() }).nullable().meta({
      description: 'The member card applied (logged-in users only); valid is re-checked on every read',
    }),
    /** Points spent on this cart. */
    loyaltyPoints: z.number().int(),
    loyalty: z
      .object({
        /** The user's balance; null for a visitor. */
        pointsAvailable: z.number().int().nullable(),
        pointsSpent: z.number().int(),
        /** Points this cart earns when ordered. */
        pointsEarned: z.number().int(),
        /** The most points this cart can use now. */
        maxSpendable: z.number().int(),
        /** Value of one point in the cart's currency (minor units, may be fractional for HRK: rounded). */
        pointValue: z.number().int(),
      })
      .nullable()
      .meta({ description: 'null when the store has no loyalty programme' }),
    loyaltyRewards: z.object({
      /** A reward grants free delivery (points balance reached the reward's threshold). */
      freeDelivery: z.boolean(),
      /** Points needed for the free-delivery reward; null when the programme has none. */
      freeDeliveryPoints: z.number().int().nullable(),
    }),
    deliveryMethodId: z.number().int().nullable(),
    prices: cartPricesSchema,
    /** Changes the server made or found (validateCart, and reads after a change). */
    messages: z.array(cartNoticeSchema),
    /** The cart's version: it goes up with every change (optimistic checks, caches). */
    version: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.output<typeof cartSchema>;

// ---------------------------------------------------------------------------------------------
// Calls

const tags = ['cart'];

export const getNewCartSession = defineContract({
  method: 'get',
  path: '/v2/ecommerce/cart/getNewCartSession',
  tags,
  summary: 'A new cart session: cartId and protectCode (the cart is stored with its first line)',
  output: z.object({ cartId: z.string(), protectCode: z.string() }),
});

export const getCart = defineContract({
  method: 'post',
  path: '/v2/ecommerce/cart/getCart',
  tags,
  summary: 'The cart with its lines, prices and totals',
  description:
    '400 CART_SESSION_MISSING ("Session doesn\'t exist") for an unknown pair, 409 CART_ARCHIVED / CART_USED / CART_OTHER_STORE / CART_OTHER_USER: the client clears the session.',
  body: cartSessionInput,
  output: cartSchema,
});

export const validateCart = defineContract({
  method: 'post',
  path: '/v2/ecommerce/cart/validateCart',
  tags,
  writes: true,
  summary:
    'Re-checks stock, prices, coupon, member card and points; fixes what no longer holds and says what changed',
  body: cartSessionInput,
  output: cartSchema.extend({
    /** The member card still valid (false when none is applied or it was removed). */
    validateMemberCard: z.boolean(),
    /** Something changed (see messages): the checkout stops and shows the new cart. */
    changed: z.boolean(),
  }),
});

export const addItem = defineContract({
  method: 'post',
  path: '/v2/ecommerce/cart/addItem',
  tags,
  writes: true,
  summary: 'Adds a product (same product and options: the line grows); opens a session when none is given',
  body: addItemBody,
  output: cartSchema,
});

export const updateItem = defineContract({
  method: 'patch',
  path: '/v2/ecommerce/cart/updateItem',
  tags,
  summary: "Sets a line's quantity (and optionally its options)",
  body: updateItemBody,
  output: cartSchema,
});

export const deleteItem = defineContract({
  method: 'delete',
  path: '/v2/ecommerce/cart/deleteItem',
  tags,
  summary: "Removes a line (404 'item not in cart' when it is not there)",
  body: deleteItemBody,
  output: cartSchema,
});

export const clearCart = defineContract({
  method: 'post',
  path: '/v2/ecommerce/cart/clearCart',
  tags,
  writes: true,
  summary: 'Removes every line (an empty cart stays as it is)',
  body: cartSessionInput,
  output: cartSchema,
});

export const applyCoupon = defineContract({
  method: 'post',
  path: '/v2/ecommerce/cart/applyCoupon',
  tags,
  writes: true,
  summary: "Applies a coupon code (400 'Coupon not found!' when it does not apply)",
  body: applyCouponBody,
  output: cartSchema,
});

export const removeCoupon = defineContract({
  method: 'post',
  path: '/v2/ecommerce/cart/removeCoupon',
  tags,
  writes: true,
  summary: 'Removes the coupon',
  body: cartSessionInput,
  output: cartSchema,
});

const memberCardSummary =
  "Applies a member card barcode (logged-in users: 401 'No active user'; EAN-13 check, then the site's list); membership prices on eligible lines";

export const applyMemberCard = defineContract({
  method: 'post',
  path: '/v2/ecommerce/cart/applyMemberCard',
  tags,
  writes: true,
  summary: memberCardSummary,
  body: applyMemberCardBody,
  output: cartSchema,
});

/** The same call under the specification's other name. */
export const applyMemberBarcode = defineContract({
  method: 'post',
  path: '/v2/ecommerce/cart/applyMemberBarcode',
  tags,
  writes: true,
  summary: memberCardSummary,
  body: applyMemberCardBody,
  output: cartSchema,
});

export const removeMemberCard = defineContract({
  method: 'post',
  path: '/v2/ecommerce/cart/removeMemberCard',
  tags,
  writes: true,
  summary: 'Removes the member card from the cart (regular prices again)',
  body: cartSessionInput,
  output: cartSchema,
});

export const setLoyaltyPoints = defineContract({
  method: 'post',
  path: '/v2/ecommerce/cart/setLoyaltyPoints',
  tags,
  writes: true,
  summary: "Spends loyalty points on the cart (logged-in users; at most the balance and the cart's total)",
  body: setLoyaltyPointsBody,
  output: cartSchema,
});

export const getAbandoned = defineContract({
  method: 'post',
  path: '/v2/ecommerce/cart/getAbandoned',
  tags,
  writes: true,
  summary:
    "The logged-in user's active cart in this store with a fresh protectCode (another device's session to it ends), or null",
  description: "401 'No active user' without a session.",
  output: z.object({ cart: cartSchema.nullable() }),
});
