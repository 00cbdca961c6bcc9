import { describe, expect, it } from 'vitest';
import { requestPath } from './request-language.ts';

const path = (url: string) => requestPath(new Request(`http://shop.local${url}`));

describe('requestPath', () => {
  it('is the path of a document request', () => {
    expect(path('/en/about-us?x=1')).toBe('/en/about-us');
  });
  it("is the page's path for a client navigation's data request", () => {
    expect(path('/en.data')).toBe('/en');
    expect(path('/en/blog/otpornost.data?page=2')).toBe('/en/blog/otpornost');
    expect(path('/_root.data')).toBe('/');
  });
});
