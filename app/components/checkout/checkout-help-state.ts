// When the checkout's help dialog opens by itself (docs/decisions/0323): once after a product was
// added to the cart in this tab (sessionStorage), never again once the shopper ticked "don't show
// again" (localStorage). Storage that is blocked or full only means the dialog is not shown.

const DUE_KEY = 'checkout-help-due';
export const CHECKOUT_HELP_OFF_KEY = 'checkout-help';

function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

/** Called after a successful add to cart: the next checkout visit in this tab shows the help. */
export function markCheckoutHelpDue(): void {
  attempt(() => window.sessionStorage.setItem(DUE_KEY, '1'), undefined);
}

/** Whether the help opens by itself now; it is due once, so reading it takes it. */
export function takeCheckoutHelpDue(): boolean {
  return attempt(() => {
    if (window.localStorage.getItem(CHECKOUT_HELP_OFF_KEY) === 'off') return false;
    const due = window.sessionStorage.getItem(DUE_KEY) === '1';
    window.sessionStorage.removeItem(DUE_KEY);
    return due;
  }, false);
}

export const checkoutHelpOff = (): boolean =>
  attempt(() => window.localStorage.getItem(CHECKOUT_HELP_OFF_KEY) === 'off', false);

export function setCheckoutHelpOff(off: boolean): void {
  attempt(() => {
    if (off) window.localStorage.setItem(CHECKOUT_HELP_OFF_KEY, 'off');
    else window.localStorage.removeItem(CHECKOUT_HELP_OFF_KEY);
  }, undefined);
}
