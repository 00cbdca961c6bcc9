import { describe, expect, it } from 'vitest';
import { addItemFields, cartErrorKey, endsSession, parseQuantity, sendsHome } from './cart-rules.ts';

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe('parseQuantity', () => {
  it('takes whole numbers from 1, coercing typed text', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity(7)).toBe(7);
  });
  it("refuses what is not a quantity ('invalid quantity', nothing sent)", () => {
    for (const value of ['', '0', '-1', '1.5', 'abc', '1e3', '10000', null, undefined])
      expect(parseQuantity(value as string)).toBeNull();
  });
});

describe('cartErrorKey', () => {
  it('maps the server texts to catalog keys, field prefixes dropped', () => {
    expect(cartErrorKey({ message: 'Coupon not found!', statusCode: 400 })).toBe('couponNotFound');
    expect(cartErrorKey({ message: 'qty: invalid quantity', statusCode: 400 })).toBe('invalidQuantity');
    expect(cartErrorKey({ message: 'Not enough stock.', statusCode: 409 })).toBe('tooMany');
    expect(cartErrorKey({ message: 'something new', statusCode: 500 })).toBe('generic');
  });
});

describe('addItemFields', () => {
  it('reads product, quantity, variant, bundle choices and custom options', () => {
    const result = addItemFields(
      form([
        ['productId', '12'],
        ['qty', '2'],
        ['variantId', '15'],
        ['bundle-30', '31'],
        ['option-4', ' Ana '],
        ['optionType-4', 'text'],
        ['optionValue-4', '9'],
        ['option-5', '3'],
        ['optionType-5', 'number'],
        ['option-6', ''],
      ]),
    );
    expect(result).toEqual({
      ok: true,
      fields: {
        productId: 12,
        qty: 2,
        options: {
          variantId: 15,
          bundleOptions: [{ productId: 30, variantId: 31 }],
          personalizations: [
            { optionId: 4, value: 'Ana', valueId: 9 },
            { optionId: 5, value: 3 },
          ],
        },
      },
    });
  });
  it('refuses a bad quantity or product before anything is sent', () => {
    expect(
      addItemFields(
        form([
          ['productId', '1'],
          ['qty', '0'],
        ]),
      ),
    ).toEqual({ ok: false, key: 'invalidQuantity' });
    expect(
      addItemFields(
        form([
          ['productId', 'x'],
          ['qty', '1'],
        ]),
      ),
    ).toEqual({ ok: false, key: 'notAvailable' });
    expect(
      addItemFields(
        form([
          ['productId', '1'],
          ['qty', '1'],
          ['option-2', 'abc'],
          ['optionType-2', 'number'],
        ]),
      ),
    ).toEqual({ ok: false, key: 'invalidOption' });
  });
});

describe('endsSession and sendsHome', () => {
  it('end the session for a gone or foreign cart, and send home only for an archived or ordered one', () => {
    expect(endsSession({ message: "Session doesn't exist" })).toBe(true);
    expect(endsSession({ message: 'cartId: This cart belongs to another store.' })).toBe(true);
    expect(endsSession({ message: 'Coupon not found!' })).toBe(false);
    expect(sendsHome({ message: 'Cart is archived.' })).toBe(true);
    expect(sendsHome({ message: 'Session already used.' })).toBe(true);
    expect(sendsHome({ message: "Session doesn't exist" })).toBe(false);
  });
});
