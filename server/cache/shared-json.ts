import { frozenCacheValues } from './memory-cache.ts';

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
    json = JSON.stringify({ data });
    responseJson.set(data, json);
  }
  return json;
}

/** Whether a value is one the memory cache hands out (deep-frozen and shared by every hit). */
export const isSharedCacheValue = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && frozenCacheValues.has(value);
