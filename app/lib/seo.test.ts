import { describe, expect, it } from 'vitest';
import { defaultShareImage, seoMeta, siteOrganization } from './seo.ts';

const root = {
  id: 'root',
  loaderData: {
    language: 'en',
    origin: 'https://ucionica.example',
    site: { name: 'Učionica', allowedLanguages: ['hr', 'en'] },
    shell: {
      apiKeyId: 1,
      logoMediaId: 7,
      logoAlt: 'Učionica',
      contact: { email: 'info@ucionica.example', telephone: '+385 1 555 0142' },
      policies: null,
      menus: {
        footer3: [
          { id: 1, title: 'facebook', link: 'https://facebook.com/ucionica', isExternal: true, children: [] },
          { id: 2, title: 'about', link: '/en/about', isExternal: false, children: [] },
        ],
      },
    },
  },
};
type Tag = Record<string, string>;
const content = (tags: unknown[], key: string) =>
  (tags as Tag[]).filter((tag) => tag.property === key || tag.name === key).map((tag) => tag.content);

describe('seoMeta: Open Graph and Twitter cards', () => {
  it("gives the page's image with its size and description, a large card, and article times", () => {
    const tags = seoMeta([root], {
      title: 'A post',
      description: 'About it',
      image: '/media/a.jpg',
      imageWidth: 1280,
      imageHeight: 720,
      imageAlt: 'A child reading',
      alternates: { en: '/en/a-post' },
      type: 'article',
      publishedTime: '2026-03-05T10:00:00.000Z',
      modifiedTime: '2026-03-06T10:00:00.000Z',
    });
    expect(content(tags, 'og:image')).toEqual(['https://ucionica.example/media/a.jpg']);
    expect(content(tags, 'og:image:width')).toEqual(['1280']);
    expect(content(tags, 'og:image:height')).toEqual(['720']);
    expect(content(tags, 'og:image:alt')).toEqual(['A child reading']);
    expect(content(tags, 'article:published_time')).toEqual(['2026-03-05T10:00:00.000Z']);
    expect(content(tags, 'article:modified_time')).toEqual(['2026-03-06T10:00:00.000Z']);
    expect(content(tags, 'twitter:card')).toEqual(['summary_large_image']);
    expect(content(tags, 'twitter:title')).toEqual(['A post']);
    expect(content(tags, 'twitter:description')).toEqual(['About it']);
    expect(content(tags, 'twitter:image')).toEqual(['https://ucionica.example/media/a.jpg']);
  });

  it("a page without an image shares the site's 1200×630 image, described by the page title", () => {
    const tags = seoMeta([root], { title: 'Search', alternates: { en: '/en/search' } });
    expect(content(tags, 'og:image')).toEqual([`https://ucionica.example${defaultShareImage.path}`]);
    expect(content(tags, 'og:image:width')).toEqual(['1200']);
    expect(content(tags, 'og:image:height')).toEqual(['630']);
    expect(content(tags, 'og:image:alt')).toEqual(['Search']);
    expect(content(tags, 'twitter:card')).toEqual(['summary_large_image']);
    expect(content(tags, 'article:published_time')).toEqual([]);
  });

  it('the site organization: logo by media id and only external social links as profiles', () => {
    // biome-ignore lint/suspicious/noExplicitAny: a partial root for the test
    const organization = siteOrganization(root.loaderData as any);
    expect(organization.sameAs).toEqual(['https://facebook.com/ucionica']);
    expect(organization.logo).toMatch(/^https:\/\/ucionica\.example\/.*7/);
  });

  it('a media image is shared at the 1200×630 ShareSize, stated with that size whatever the original', () => {
    const tags = seoMeta([root], {
      title: 'A product',
      image: '/media/1/5/LargeSize/medo.jpg/abc',
      imageWidth: 1280,
      imageHeight: 720,
      alternates: { en: '/en/product/medo' },
    });
    expect(content(tags, 'og:image')).toEqual(['https://ucionica.example/media/1/5/ShareSize/medo.jpg/abc']);
    expect(content(tags, 'og:image:width')).toEqual(['1200']);
    expect(content(tags, 'og:image:height')).toEqual(['630']);
    expect(content(tags, 'twitter:image')).toEqual(content(tags, 'og:image'));
  });

  it("the organization's contact from the shop settings", () => {
    // biome-ignore lint/suspicious/noExplicitAny: a partial root for the test
    const organization = siteOrganization(root.loaderData as any);
    expect(organization).toMatchObject({ email: 'info@ucionica.example', telephone: '+385 1 555 0142' });
  });
});
