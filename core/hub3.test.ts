import { describe, expect, it } from 'vitest';
import { HUB3_LIMITS, Hub3Error, hub3Bytes, hub3Data, hub3Text, isValidIban, parseHub3Data } from './hub3.ts';

const base = {
  amount: 12_345,
  payer: { name: 'Ivan Horvat', street: 'Vukovarska 5', city: '10000 Zagreb' },
  payee: { name: 'Trgovina d.o.o.', street: 'Ilica 1', city: '10000 Zagreb' },
  iban: 'HR1210010051863000160',
  model: 'HR00',
  reference: '2026-1001',
  description: 'Narudžba 2026-1001',
};

describe('hub3Data', () => {
  it('writes the fourteen fields in the standard order, each ended by a line feed', () => {
    expect(hub3Data(base)).toBe(
      [
        'HRVHUB30',
        'EUR',
        '000000000012345',
        'Ivan Horvat',
        'Vukovarska 5',
        '10000 Zagreb',
        'Trgovina d.o.o.',
        'Ilica 1',
        '10000 Zagreb',
        'HR1210010051863000160',
        'HR00',
        '2026-1001',
        'OTHR',
        'Narudžba 2026-1001',
        '',
      ].join('\n'),
    );
  });

  it('pads the amount to 15 digits and allows the largest 15-digit amount', () => {
    expect(parseHub3Data(hub3Data({ ...base, amount: 1 }))?.amount).toBe(1);
    expect(hub3Data({ ...base, amount: 999_999_999_999_999 }).split('\n')[2]).toBe('999999999999999');
    expect(() => hub3Data({ ...base, amount: 1_000_000_000_000_000 })).toThrow(Hub3Error);
    expect(() => hub3Data({ ...base, amount: 1.5 })).toThrow(Hub3Error);
    expect(() => hub3Data({ ...base, amount: -1 })).toThrow(Hub3Error);
  });

  it('cuts free text to the field limits and keeps Croatian letters', () => {
    const long = 'Čćđšž '.repeat(20);
    const parsed = parseHub3Data(
      hub3Data({
        ...base,
        payer: { name: long, street: long, city: long },
        payee: { name: long, street: long, city: long },
        description: long,
      }),
    )!;
    expect(parsed.payer.name.length).toBeLessThanOrEqual(HUB3_LIMITS.payerName);
    expect(parsed.payer.street.length).toBeLessThanOrEqual(HUB3_LIMITS.payerStreet);
    expect(parsed.payee.name.length).toBeLessThanOrEqual(HUB3_LIMITS.payeeName);
    expect(parsed.payee.street.length).toBeLessThanOrEqual(HUB3_LIMITS.payeeStreet);
    expect(parsed.payee.city.length).toBeLessThanOrEqual(HUB3_LIMITS.payeeCity);
    expect(parsed.description.length).toBeLessThanOrEqual(HUB3_LIMITS.description);
    expect(parsed.payer.name.startsWith('Čćđšž Čćđšž')).toBe(true);
  });

  it('replaces characters outside the set and cannot be split by a line feed in a name', () => {
    expect(hub3Text('Müller & Söhne\nGmbH', 30)).toBe('Muller Sohne GmbH');
    const parsed = parseHub3Data(hub3Data({ ...base, payer: { name: 'A\nB' } }))!;
    expect(parsed.payer.name).toBe('A B');
    expect(parsed.payer.street).toBe('');
  });

  it('refuses a wrong IBAN, model, reference, purpose code or a payee without a name', () => {
    const field = (patch: object) => {
      try {
        hub3Data({ ...base, ...patch });
      } catch (error) {
        return (error as Hub3Error).field;
      }
      return undefined;
    };
    expect(field({ iban: 'HR1210010051863000161' })).toBe('iban');
    expect(field({ iban: 'DE89370400440532013000' })).toBe('iban');
    expect(field({ iban: 'HR12 1001 0051 8630 0016 0' })).toBeUndefined();
    expect(field({ model: '00' })).toBe('model');
    expect(field({ reference: 'ABC' })).toBe('reference');
    expect(field({ reference: '1-2-3-4' })).toBe('reference');
    expect(field({ reference: '12345678901-12345678901' })).toBe('reference');
    expect(field({ purposeCode: 'othr' })).toBe('purposeCode');
    expect(field({ payee: { name: '  ' } })).toBe('payeeName');
  });
});

describe('isValidIban', () => {
  it('checks the ISO 13616 remainder', () => {
    expect(isValidIban('HR1210010051863000160')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
  });
});

describe('hub3Bytes', () => {
  it('gives each Croatian letter its one ISO 8859-2 byte', () => {
    expect([...hub3Bytes('ČĆĐŠŽčćđšž\n')]).toEqual([
      0xc8, 0xc6, 0xd0, 0xa9, 0xae, 0xe8, 0xe6, 0xf0, 0xb9, 0xbe, 0x0a,
    ]);
    expect(new TextDecoder('iso-8859-2').decode(hub3Bytes('ČĆĐŠŽčćđšž'))).toBe('ČĆĐŠŽčćđšž');
  });
});
