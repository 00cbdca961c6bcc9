import { describe, expect, it } from 'vitest';
import { cardOutcome, checkCard, luhnValid, maskCard, SANDBOX_CARDS } from './sandbox-cards.ts';

const now = new Date(Date.UTC(2026, 10, 24));
const valid = { number: '4242 4242 4242 4242', expiry: '11/26', cvc: '123', holder: 'Ana Anić' };

describe('sandbox test cards', () => {
  it('every documented card passes the Luhn check; a changed digit does not', () => {
    for (const number of Object.values(SANDBOX_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
  });

  it('names the first wrong field', () => {
    expect(checkCard(valid, now)).toEqual({ digits: '4242424242424242' });
    expect(checkCard({ ...valid, number: '4242 4242 4242 4241' }, now)).toEqual({ field: 'number' });
    expect(checkCard({ ...valid, expiry: '10/26' }, now)).toEqual({ field: 'expiry' });
    expect(checkCard({ ...valid, expiry: '13/30' }, now)).toEqual({ field: 'expiry' });
    expect(checkCard({ ...valid, cvc: '12' }, now)).toEqual({ field: 'cvc' });
    expect(checkCard({ ...valid, holder: ' ' }, now)).toEqual({ field: 'holder' });
  });

  it('approves, declines or asks for the second step by number; unknown cards are declined', () => {
    expect(cardOutcome(SANDBOX_CARDS.approve)).toBe('approved');
    expect(cardOutcome(SANDBOX_CARDS.decline)).toBe('declined');
    expect(cardOutcome(SANDBOX_CARDS.challenge)).toBe('challenge');
    expect(cardOutcome('5555555555554444')).toBe('declined');
    expect(maskCard('4242424242424242')).toBe('•••• 4242');
  });
});
