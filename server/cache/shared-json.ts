import { frozenCacheValues, justStoredJson } from './memory-cache.ts';

/** JSON text of `{ data: value }` per cached value: the value is deep-frozen, so its text never changes. */
const responseJson = new WeakMap<object, string>();

/**
 * `JSON.stringify({ data })`, the body of an API answer. A value the memory cache handed out is the
 * same frozen object on every hit, so its text is made once and kept with it (a WeakMap: it goes when
 * the entry does); serialising a navigation tree again on every hit was a tenth of a cached read.
 * Any other value (a Redis hit is a new object each time, a computed answer) is serialised as it is.
 */
export function dataResponseJson(data: unknown): string {
  if (data === null || typeof data !== 'object' || !frozenCacheValues.has(data))
    return JSON.stringify({ data });
  let json = responseJson.get(data);
  if (json === undefined) {
    // A value stored in this turn of the event loop still has the text it was stored from, which is
    // what serialising the frozen copy would give again.
    const stored = justStoredJson.get(data);
    json = stored === undefined ? JSON.stringify({ data }) : `{"data":${stored}}`;
    responseJson.set(data, json);
  }
  return json;
}

/** Whether a value is one the memory cache hands out (deep-frozen and shared by every hit). */
export const isSharedCacheValue = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && frozenCacheValues.has(value);

/** The UTF-8 bytes of `{ data }` per cached value (see `dataResponseJson`). */
const responseBytes = new WeakMap<object, Buffer>();

/**
 * `dataResponseJson` as UTF-8 bytes, for writing to a socket. Kept per cached value: node writes a
 * string by transcoding it on every write, and text with any character outside Latin-1 (Croatian
 * letters, typographic quotes) is held by V8 as UTF-16, whose transcoding took half the CPU time of
 * a cached API read in a profile.
 */
export function dataResponseBytes(data: unknown): Buffer {
  if (!isSharedCacheValue(data)) return Buffer.from(JSON.stringify({ data }));
  let bytes = responseBytes.get(data);
  if (bytes === undefined) {
    bytes = Buffer.from(dataResponseJson(data));
    responseBytes.set(data, bytes);
  }
  return bytes;
}
