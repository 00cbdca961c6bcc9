import { isValidOib } from './oib.ts';

/**
 * The checkout's steps as a pure state machine (specification 001, section 4 "Checkout steps"):
 * Address, Shipping, Payment in that order, then the confirmation is sent ("sending") and the shopper
 * leaves for the success page (or the card form). Used by the checkout route (which step a request
 * may show, where Back and Continue go) and by the payment island (submit guard, automatic choices).
 * Plain values and functions, no zod, so any page or island may use it.
 */

export const CHECKOUT_STEPS = ['address', 'shipping', 'payment'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** The step's phase after Payment: the order is being placed. */
export type CheckoutPhase = CheckoutStep | 'sending';

/** Pickup at a branch: the method needs one of its branches chosen (section 9). */
export const PICKUP_METHOD_CODE = 15;
/** Card: the payment step shows card logos (section 9). */
export const CARD_METHOD_CODE = 1;
/** The payment type chosen and submitted automatically when it is the only one (section 4). */
export const HPF_PAYMENT_TYPE = 'HPF';
/** How long the 'cart updated' notice stays (section 9). */
export const CART_UPDATED_TOAST_MS = 12_000;

export type StepContext = {
  /** Every line of the cart is an e-product: nothing to ship. */
  digitalOnly: boolean;
  /** The checkout setting that chooses the first applicable shipping method by itself. */
  skipShipping: boolean;
  /** How many shipping methods apply to the cart and country (the first is chosen when skipping). */
  shippingMethodCount: number;
};

/** What has been saved so far: a step cannot be shown before the steps it depends on are done. */
export type SavedProgress = { address: boolean; shipping: boolean };

/**
 * Whether the shipping step is skipped: a digital-only cart needs no shipping, and the skip setting
 * passes over the step when there is a method to choose. With the setting on and no method at all,
 * the step is shown (it says that nothing can be delivered there) rather than silently passed.
 */
export function skipsShipping(context: StepContext): boolean {
  if (context.digitalOnly) return true;
  return context.skipShipping && context.shippingMethodCount > 0;
}

/** The steps a shopper goes through, in order, for this cart. */
export function visibleSteps(context: StepContext): CheckoutStep[] {
  return CHECKOUT_STEPS.filter((step) => step !== 'shipping' || !skipsShipping(context));
}

/** Where Continue leads from a step: the next visible step, or the order's confirmation. */
export function nextStep(step: CheckoutStep, context: StepContext): CheckoutStep | 'confirm' {
  const steps = visibleSteps(context);
  const index = steps.indexOf(step);
  if (index === -1) return nextStep(step === 'shipping' ? 'address' : step, context);
  return steps[index + 1] ?? 'confirm';
}

/** Where Back leads: the previous visible step; from the first step, the cart. */
export function previousStep(step: CheckoutStep, context: StepContext): CheckoutStep | 'cart' {
  const steps = visibleSteps(context);
  const index = steps.indexOf(step);
  if (index <= 0) return index === -1 && step === 'shipping' ? 'address' : 'cart';
  return steps[index - 1] as CheckoutStep;
}

/**
 * The step a request may show: the asked one when what it depends on is saved, otherwise the first
 * step that still needs saving. A skipped shipping step is never shown.
 */
export function allowedStep(asked: string | null, context: StepContext, saved: SavedProgress): CheckoutStep {
  const wanted: CheckoutStep = (CHECKOUT_STEPS as readonly string[]).includes(asked ?? '')
    ? (asked as CheckoutStep)
    : 'address';
  if (wanted === 'address' || !saved.address) return 'address';
  const skipped = skipsShipping(context);
  if (wanted === 'shipping') return skipped ? 'payment' : 'shipping';
  // Payment needs a shipping method unless the cart ships nothing.
  if (!context.digitalOnly && !saved.shipping && !skipped) return 'shipping';
  return 'payment';
}

/** The progress bar: the three steps with the current one marked and the ones before it done. */
export function progress(
  current: CheckoutPhase,
): { step: CheckoutStep; state: 'done' | 'current' | 'todo' }[] {
  const index = current === 'sending' ? CHECKOUT_STEPS.length : CHECKOUT_STEPS.indexOf(current);
  return CHECKOUT_STEPS.map((step, position) => ({
    step,
    state: position < index ? 'done' : position === index ? 'current' : 'todo',
  }));
}

export type Audience = 'guest' | 'user';

/** The catalog key of a step's introduction: guests and logged-in users read different texts. */
export function stepTextKey(step: CheckoutStep, audience: Audience): `${CheckoutStep}.intro.${Audience}` {
  return `${step}.intro.${audience}`;
}

/** Company data is valid when the buyer is not a company, or has both a name and a valid OIB. */
export function companyDataValid(company: { isCompany: boolean; companyName: string; companyOib: string }) {
  if (!company.isCompany) return true;
  return company.companyName.trim() !== '' && isValidOib(company.companyOib.trim());
}

/** The shipping method the skip setting chooses: the first applicable one, or none. */
export function automaticShippingMethod<M>(
  context: Pick<StepContext, 'skipShipping'>,
  methods: M[],
): M | null {
  return context.skipShipping ? (methods[0] ?? null) : null;
}

/**
 * The payment method chosen and submitted without a click: only when company data is valid and the
 * one applicable method is a hosted payment form (section 4).
 */
export function automaticPaymentMethod<M extends { paymentType: string }>(
  methods: M[],
  companyValid: boolean,
): M | null {
  if (!companyValid || methods.length !== 1) return null;
  const [only] = methods as [M];
  return only.paymentType === HPF_PAYMENT_TYPE ? only : null;
}

/** Whether a shipping method needs a pickup branch chosen (pickup shows its branches). */
export const needsBranch = (method: { methodCode: number; options?: readonly unknown[] | null }) =>
  method.methodCode === PICKUP_METHOD_CODE || (method.options?.length ?? 0) > 0;

/**
 * The submit guard: one order at a time. `start` answers false while an order is being placed, so
 * a double click or a second Enter sends nothing; `finish` opens it again after a failure.
 */
export function createSubmitGuard() {
  let busy = false;
  return {
    start(): boolean {
      if (busy) return false;
      busy = true;
      return true;
    },
    finish(): void {
      busy = false;
    },
    get busy() {
      return busy;
    },
  };
}
