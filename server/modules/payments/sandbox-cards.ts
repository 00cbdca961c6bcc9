// The sandbox gateway's documented test cards (README "Payments"). Any expiry in the future and any
// three-digit CVC work; other numbers that pass the Luhn check are declined, as a real acquirer
// declines a card it does not know.

export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  /** Asks for the second step (a 3-D Secure-like confirmation page) before approving. */
  challenge: '4000000000003220',
} as const;

export type CardOutcome = 'approved' | 'declined' | 'challenge';

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardInput = { number: string; expiry: string; cvc: string; holder: string };
export type CardField = keyof CardInput;

/** Checks what the card form sent; the answer names the first wrong field. */
export function checkCard(input: CardInput, now = new Date()): { field: CardField } | { digits: string } {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return { field: 'number' };
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!expiry || month < 1 || month > 12 || year * 12 + month - 1 < thisMonth) return { field: 'expiry' };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { field: 'cvc' };
  if (input.holder.trim().length < 2 || input.holder.length > 100) return { field: 'holder' };
  return { digits };
}

export function cardOutcome(digits: string): CardOutcome {
  if (digits === SANDBOX_CARDS.approve) return 'approved';
  if (digits === SANDBOX_CARDS.challenge) return 'challenge';
  return 'declined';
}

/** All the sandbox ever keeps of a card. */
export const maskCard = (digits: string) => `•••• ${digits.slice(-4)}`;
