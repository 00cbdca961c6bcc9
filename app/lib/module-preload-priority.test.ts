import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './module-preload-priority.ts';

const documentText =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="modulepreload" href="/assets/ü.js"/>' +
  '<link rel="preload" as="image" href="/x.jpg"/></head><body>' +
  '<p>&lt;link rel="modulepreload"</p><link rel="modulepreload" href="/assets/body.js"/></body></html>';

async function rewrite(chunks: string[]) {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(lowPriorityModulePreloads()));
}

describe('lowPriorityModulePreloads', () => {
  const expected = documentText
    .replace(
      '<link rel="modulepreload" href="/assets/a.js"',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"',
    )
    .replace(
      '<link rel="modulepreload" href="/assets/ü.js"',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/ü.js"',
    );

  it('lowers the head’s module preloads and leaves the body alone', async () => {
    expect(await rewrite([documentText])).toBe(expected);
  });

  it('gives the same document however the stream is cut', async () => {
    for (const size of [1, 2, 7, 25, 26, 64]) {
      const chunks: string[] = [];
      for (let at = 0; at < documentText.length; at += size) chunks.push(documentText.slice(at, at + size));
      expect(await rewrite(chunks), `chunks of ${size}`).toBe(expected);
    }
  });
});
