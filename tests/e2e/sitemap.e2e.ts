import { expect, test } from './fixtures.ts';

const locs = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]+)</${tag}>`, 'g'))].map((match) => match[1]!);

test('robots.txt points at the sitemap of every language', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/en\/sitemap\.xml$/m);
});

for (const [language, path] of [
  ['hr', '/sitemap.xml'],
  ['en', '/en/sitemap.xml'],
] as const) {
  test(`every address in the ${language} sitemap answers 200 with a page that names itself canonical`, async ({
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const urls = locs(xml, 'loc').filter((url) => !url.includes('/media/'));
    // The demo site has pages, posts, events, categories and products in both languages.
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls) {
      const pathname = new URL(url).pathname;
      expect(language === 'en' ? pathname.startsWith('/en') : !pathname.startsWith('/en')).toBe(true);
      const page = await request.get(pathname, { maxRedirects: 0 });
      expect(page.status(), pathname).toBe(200);
      const html = await page.text();
      const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      expect(canonical && new URL(canonical).pathname, pathname).toBe(pathname);
      expect(html, pathname).toContain(`<html lang="${language}"`);
    }
    // Images referenced by the sitemap exist.
    for (const image of locs(xml, 'image:loc').slice(0, 10)) {
      expect((await request.get(new URL(image).pathname)).status(), image).toBe(200);
    }
  });
}
