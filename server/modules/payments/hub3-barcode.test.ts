import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { type Hub3Payment, parseHub3Data } from '../../../core/hub3.ts';
import { hub3Png, hub3Svg } from './hub3-barcode.ts';

// The barcode is read back by ZXing (zxing-wasm, the C++ reader compiled to WebAssembly): what a
// banking app's scanner gets must be exactly the HUB-3A data, Croatian letters included.

const payment: Hub3Payment = {
  amount: 1_234_567,
  payer: { name: 'Željka Đurđević-Čačić', street: 'Šetalište 12', city: '21000 Split' },
  payee: { name: 'Učionica d.o.o.', street: 'Ilica 1', city: '10000 Zagreb' },
  iban: 'HR12 1001 0051 8630 0016 0',
  model: 'HR00',
  reference: '2026-000123',
  purposeCode: 'GDSV',
  description: 'Narudžba 2026-000123',
};

beforeAll(async () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(wasm).buffer }, fireImmediately: true });
});

async function decode(image: Uint8Array) {
  const results = await readBarcodes(image, { formats: ['PDF417'], tryHarder: true });
  expect(results).toHaveLength(1);
  const [result] = results;
  expect(result!.format).toBe('PDF417');
  return parseHub3Data(new TextDecoder('iso-8859-2').decode(result!.bytes));
}

describe('HUB-3A barcode', () => {
  it('the PNG decodes back to the payment order', async () => {
    const decoded = await decode(new Uint8Array(await hub3Png(payment)));
    expect(decoded).toEqual({
      currency: 'EUR',
      amount: 1_234_567,
      payer: { name: 'Željka Đurđević-Čačić', street: 'Šetalište 12', city: '21000 Split' },
      payee: { name: 'Učionica d.o.o.', street: 'Ilica 1', city: '10000 Zagreb' },
      iban: 'HR1210010051863000160',
      model: 'HR00',
      reference: '2026-000123',
      purposeCode: 'GDSV',
      description: 'Narudžba 2026-000123',
    });
  });

  it('the SVG the page shows decodes to the same data', async () => {
    const svg = hub3Svg(payment);
    expect(svg.startsWith('<svg')).toBe(true);
    const png = await sharp(Buffer.from(svg), { density: 288 })
      .flatten({ background: '#fff' })
      .png()
      .toBuffer();
    const decoded = await decode(new Uint8Array(png));
    expect(decoded?.amount).toBe(1_234_567);
    expect(decoded?.payer.name).toBe('Željka Đurđević-Čačić');
    expect(decoded?.reference).toBe('2026-000123');
  });

  it('refuses an order the standard cannot carry', () => {
    expect(() => hub3Svg({ ...payment, iban: 'HR1210010051863000161' })).toThrow(/IBAN/);
  });
});
