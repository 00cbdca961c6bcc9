import { expect, test } from './fixtures.ts';

// A path segment the API refuses (a control character, an id beyond the database's range) names no
// page: the visitor gets the 404 page, never a 5xx error page.

test('control characters and out-of-range ids in a page path answer 404', async ({ request }) => {
  for (const pathname of [
    '/%00',
    '/a%00b',
    '/%01',
    '/en/%1F',
    '/objave/%00',
    '/en/blog/%7F',
    '/shop/%00',
    '/en/shop/a%00',
    '/product/%00',
    '/en/product/a%00b',
    '/dogadjaj/2147483648',
    '/en/event/9999999999',
  ]) {
    const response = await request.get(pathname, { maxRedirects: 0 });
    expect(response.status(), pathname).toBe(404);
    expect(response.headers()['content-type'], pathname).toContain('text/html');
  }
});

test('a media address with an id beyond the range answers 404', async ({ request }) => {
  for (const pathname of ['/media/1/9999999999/original/x.png', '/media/9999999999/1/original/x.png']) {
    const response = await request.get(pathname);
    expect(response.status(), pathname).toBe(404);
  }
});
