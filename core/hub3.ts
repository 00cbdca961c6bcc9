// The Croatian HUB-3A payment order as the data of its PDF417 barcode ("HUB3 2D barkod": the
// Croatian Banking Association's format that mobile banking apps scan from a payment slip).
// Fourteen fields, each ended by a line feed; text in ISO 8859-2 (Croatian letters are one byte
// each), so the limits below are characters. Amounts are euro cents, as everywhere in the shop.

export const HUB3_HEADER = 'HRVHUB30';
export const HUB3_CURRENCY = 'EUR';

/** Field maxima of the standard (characters). */
export const HUB3_LIMITS = {
  amount: 15,
  payerName: 30,
  payerStreet: 27,
  payerCity: 27,
  payeeName: 25,
  payeeStreet: 25,
  payeeCity: 27,
  iban: 21,
  model: 4,
  reference: 22,
  purposeCode: 4,
  description: 35,
} as const;

export type Hub3Party = { name: string; street?: string; city?: string };

export type Hub3Payment = {
  /** Euro cents, 0 to 15 digits. */
  amount: number;
  payer?: Hub3Party;
  payee: Hub3Party;
  /** The payee's Croatian IBAN (HR and 19 digits), spaces allowed. */
  iban: string;
  /** Reference model: HR and two digits (HR00: no check digit; HR01: the payee's own rules). */
  model: string;
  /** "Poziv na broj": digits in up to three groups joined by hyphens, at most 22 characters. */
  reference: string;
  /** ISO 20022 purpose code, four capital letters (OTHR when none is more precise). */
  purposeCode?: string;
  description: string;
};

export type Hub3Field = keyof typeof HUB3_LIMITS;

export class Hub3Error extends Error {
  readonly field: Hub3Field;
  constructor(field: Hub3Field, message: string) {
    super(message);
    this.name = 'Hub3Error';
    this.field = field;
  }
}

const CROATIAN_LETTERS = 'ČĆĐŠŽčćđšž';
/** What a free-text field may hold: letters, digits, Croatian letters and this punctuation. */
const ALLOWED = /[A-Za-z0-9 ,.:\-+?'/()ČĆĐŠŽčćđšž]/;

/**
 * A name, address or description made fit for the barcode: other accented letters lose their accent
 * (ü → u), anything else outside the standard's character set becomes a space, and the text is cut
 * to the field's length. A payer's long street name is better shortened than refused.
 */
export function hub3Text(value: string | undefined, limit: number): string {
  let out = '';
  for (const char of (value ?? '').normalize('NFC')) {
    if (ALLOWED.test(char)) out += char;
    else if (char === 'Ð') out += 'Đ';
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += bare.length === 1 && ALLOWED.test(bare) && !CROATIAN_LETTERS.includes(bare) ? bare : ' ';
    }
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, limit).trim();
}

/** ISO 13616 check of an IBAN (letters to numbers, remainder 1 modulo 97). */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The barcode's data: the fourteen fields, each followed by a line feed. */
export function hub3Data(payment: Hub3Payment): string {
  if (!Number.isSafeInteger(payment.amount) || payment.amount < 0 || String(payment.amount).length > 15)
    throw new Hub3Error('amount', 'The amount must be whole cents, 0 to 15 digits.');
  const iban = payment.iban.replace(/\s+/g, '').toUpperCase();
  if (!/^HR\d{19}$/.test(iban) || !isValidIban(iban))
    throw new Hub3Error('iban', 'The payee IBAN must be a valid Croatian IBAN (HR and 19 digits).');
  if (!/^HR\d{2}$/.test(payment.model))
    throw new Hub3Error('model', 'The reference model is HR followed by two digits, e.g. HR00.');
  if (
    !/^\d{1,12}(-\d{1,12}){0,2}$/.test(payment.reference) ||
    payment.reference.length > HUB3_LIMITS.reference
  )
    throw new Hub3Error(
      'reference',
      'The reference is up to 22 digits in at most three groups joined by hyphens.',
    );
  const purposeCode = payment.purposeCode ?? 'OTHR';
  if (!/^[A-Z]{4}$/.test(purposeCode))
    throw new Hub3Error('purposeCode', 'The purpose code is four capital letters (ISO 20022), e.g. OTHR.');
  const payeeName = hub3Text(payment.payee.name, HUB3_LIMITS.payeeName);
  if (!payeeName) throw new Hub3Error('payeeName', 'The payee needs a name.');
  const fields = [
    HUB3_HEADER,
    HUB3_CURRENCY,
    String(payment.amount).padStart(HUB3_LIMITS.amount, '0'),
    hub3Text(payment.payer?.name, HUB3_LIMITS.payerName),
    hub3Text(payment.payer?.street, HUB3_LIMITS.payerStreet),
    hub3Text(payment.payer?.city, HUB3_LIMITS.payerCity),
    payeeName,
    hub3Text(payment.payee.street, HUB3_LIMITS.payeeStreet),
    hub3Text(payment.payee.city, HUB3_LIMITS.payeeCity),
    iban,
    payment.model,
    payment.reference,
    purposeCode,
    hub3Text(payment.description, HUB3_LIMITS.description),
  ];
  return fields.map((field) => `${field}\n`).join('');
}

/** Reads the fields back (for tests and for anyone checking a scanned code). */
export function parseHub3Data(data: string) {
  const parts = data.split('\n');
  if (parts.length !== 15 || parts[14] !== '' || parts[0] !== HUB3_HEADER) return undefined;
  const field = (index: number) => parts[index] ?? '';
  return {
    currency: field(1),
    amount: Number(field(2)),
    payer: { name: field(3), street: field(4), city: field(5) },
    payee: { name: field(6), street: field(7), city: field(8) },
    iban: field(9),
    model: field(10),
    reference: field(11),
    purposeCode: field(12),
    description: field(13),
  };
}

/** ISO 8859-2 bytes of the Croatian letters (the rest of the allowed set is ASCII). */
const LATIN2: Record<string, number> = {
  Č: 0xc8,
  Ć: 0xc6,
  Đ: 0xd0,
  Š: 0xa9,
  Ž: 0xae,
  č: 0xe8,
  ć: 0xe6,
  đ: 0xf0,
  š: 0xb9,
  ž: 0xbe,
};

/** The data as ISO 8859-2 bytes, the code page the standard prescribes. */
export function hub3Bytes(data: string): Uint8Array {
  const bytes = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i += 1) {
    const char = data[i]!;
    const code = LATIN2[char] ?? char.charCodeAt(0);
    if (code > 0x7e && LATIN2[char] === undefined)
      throw new Error(`Character ${char} has no ISO 8859-2 byte here`);
    bytes[i] = code;
  }
  return bytes;
}
