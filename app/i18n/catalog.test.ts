import { describe, expect, it } from 'vitest';
import { catalogs } from './catalog.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('UI catalogs', () => {
  it('have identical keys in every language', () => {
    const reference = keys(catalogs.hr).sort();
    for (const catalog of Object.values(catalogs)) expect(keys(catalog).sort()).toEqual(reference);
  });
  it('have no empty texts', () => {
    for (const [language, catalog] of Object.entries(catalogs)) {
      const flat = keys(catalog).map((path) =>
        path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], catalog),
      );
      expect(
        flat.filter((text) => typeof text !== 'string' || text.trim() === ''),
        language,
      ).toEqual([]);
    }
  });
});
