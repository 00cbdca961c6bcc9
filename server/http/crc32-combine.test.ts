import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32Combine } from './crc32-combine.ts';

describe('crc32Combine', () => {
  it('equals the CRC-32 of the joined bytes, for any two byte sequences', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
        const joined = Buffer.concat([a, b]);
        expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), b.length)).toBe(zlib.crc32(joined));
      }),
      { numRuns: 500 },
    );
  });

  it('holds for long second parts (lengths past 2^16 and 2^20 bytes) and empty ones', () => {
    for (const length of [0, 1, 65_535, 65_536, 112_787, 1_048_577]) {
      const a = randomBytes(37);
      const b = randomBytes(length);
      expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), length), `length ${length}`).toBe(
        zlib.crc32(Buffer.concat([a, b])),
      );
    }
  });

  it('chains over many pieces as a page with several nonces does', () => {
    const pieces = Array.from({ length: 9 }, (_, index) => randomBytes(index * 1_000 + 3));
    let crc = 0;
    for (const piece of pieces) crc = crc32Combine(crc, zlib.crc32(piece), piece.length);
    expect(crc).toBe(zlib.crc32(Buffer.concat(pieces)));
  });
});
