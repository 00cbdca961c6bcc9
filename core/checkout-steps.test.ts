import { describe, expect, it } from 'vitest';
import {
  allowedStep,
  automaticPaymentMethod,
  automaticShippingMethod,
  companyDataValid,
  createSubmitGuard,
  needsBranch,
  nextStep,
  previousStep,
  progress,
  type StepContext,
  skipsShipping,
  stepTextKey,
  visibleSteps,
} from './checkout-steps.ts';
import { withOibCheckDigit } from './oib.ts';

const physical: StepContext = { digitalOnly: false, skipShipping: false, shippingMethodCount: 2 };
const skipping: StepContext = { digitalOnly: false, skipShipping: true, shippingMethodCount: 2 };
const digital: StepContext = { digitalOnly: true, skipShipping: false, shippingMethodCount: 0 };

describe('checkout steps', () => {
  it('runs address, shipping, payment in order and then confirms', () => {
    expect(visibleSteps(physical)).toEqual(['address', 'shipping', 'payment']);
    expect(nextStep('address', physical)).toBe('shipping');
    expect(nextStep('shipping', physical)).toBe('payment');
    expect(nextStep('payment', physical)).toBe('confirm');
  });

  it('goes back one step at a time, and from the address to the cart', () => {
    expect(previousStep('payment', physical)).toBe('shipping');
    expect(previousStep('shipping', physical)).toBe('address');
    expect(previousStep('address', physical)).toBe('cart');
  });

  it('back from payment skips shipping when the skip setting passed over it', () => {
    expect(skipsShipping(skipping)).toBe(true);
    expect(visibleSteps(skipping)).toEqual(['address', 'payment']);
    expect(nextStep('address', skipping)).toBe('payment');
    expect(previousStep('payment', skipping)).toBe('address');
  });

  it('shows the shipping step with the skip setting on when no method applies', () => {
    const none = { ...skipping, shippingMethodCount: 0 };
    expect(skipsShipping(none)).toBe(false);
    expect(nextStep('address', none)).toBe('shipping');
  });

  it('digital-only carts skip shipping whatever the setting', () => {
    expect(visibleSteps(digital)).toEqual(['address', 'payment']);
    expect(nextStep('address', digital)).toBe('payment');
    expect(previousStep('payment', digital)).toBe('address');
  });

  it('never shows a step before the steps it depends on are saved', () => {
    const nothing = { address: false, shipping: false };
    const address = { address: true, shipping: false };
    const both = { address: true, shipping: true };
    expect(allowedStep('payment', physical, nothing)).toBe('address');
    expect(allowedStep('payment', physical, address)).toBe('shipping');
    expect(allowedStep('payment', physical, both)).toBe('payment');
    expect(allowedStep('payment', digital, address)).toBe('payment');
    expect(allowedStep('shipping', skipping, address)).toBe('payment');
    expect(allowedStep('nonsense', physical, both)).toBe('address');
    expect(allowedStep(null, physical, both)).toBe('address');
  });

  it('marks finished, current and coming steps on the progress bar', () => {
    expect(progress('shipping').map((entry) => entry.state)).toEqual(['done', 'current', 'todo']);
    expect(progress('address').map((entry) => entry.state)).toEqual(['current', 'todo', 'todo']);
    expect(progress('sending').map((entry) => entry.state)).toEqual(['done', 'done', 'done']);
  });

  it('gives guests and users different step texts', () => {
    expect(stepTextKey('address', 'guest')).toBe('address.intro.guest');
    expect(stepTextKey('address', 'user')).toBe('address.intro.user');
    expect(stepTextKey('address', 'guest')).not.toBe(stepTextKey('address', 'user'));
  });
});

describe('automatic choices', () => {
  const oib = withOibCheckDigit('1234567890');

  it('treats company data as valid for private buyers and for companies with a name and a valid OIB', () => {
    expect(companyDataValid({ isCompany: false, companyName: '', companyOib: '' })).toBe(true);
    expect(companyDataValid({ isCompany: true, companyName: 'Firma d.o.o.', companyOib: oib })).toBe(true);
    expect(companyDataValid({ isCompany: true, companyName: '', companyOib: oib })).toBe(false);
    const wrong = `${oib.slice(0, 10)}${(Number(oib[10]) + 1) % 10}`;
    expect(companyDataValid({ isCompany: true, companyName: 'Firma', companyOib: wrong })).toBe(false);
  });

  it('chooses the first shipping method only with the skip setting', () => {
    expect(automaticShippingMethod({ skipShipping: true }, [{ id: 3 }, { id: 4 }])).toEqual({ id: 3 });
    expect(automaticShippingMethod({ skipShipping: false }, [{ id: 3 }])).toBeNull();
    expect(automaticShippingMethod({ skipShipping: true }, [])).toBeNull();
  });

  it('submits the payment by itself only for one HPF method and valid company data', () => {
    const card = { id: 1, paymentType: 'HPF' };
    const cash = { id: 2, paymentType: 'offline' };
    expect(automaticPaymentMethod([card], true)).toBe(card);
    expect(automaticPaymentMethod([card], false)).toBeNull();
    expect(automaticPaymentMethod([card, cash], true)).toBeNull();
    expect(automaticPaymentMethod([cash], true)).toBeNull();
  });

  it('asks for a branch for pickup and for methods with options', () => {
    expect(needsBranch({ methodCode: 15, options: [] })).toBe(true);
    expect(needsBranch({ methodCode: 10, options: [] })).toBe(false);
    expect(needsBranch({ methodCode: 10, options: [{ id: 1 }] })).toBe(true);
  });

  it('lets one order through the submit guard until it finishes', () => {
    const guard = createSubmitGuard();
    expect(guard.start()).toBe(true);
    expect(guard.busy).toBe(true);
    expect(guard.start()).toBe(false);
    guard.finish();
    expect(guard.start()).toBe(true);
  });
});
