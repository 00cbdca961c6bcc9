import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fitInside, mediaSizes } from '../../../core/media.ts';
import { formatMoney } from '../../../core/money.ts';
import { catalogs } from '../../i18n/catalog.ts';
import '../../i18n/i18n.server.ts';
import { i18nFor } from '../../i18n/i18n.ts';
import {
  fittedSize,
  mediaAtSize,
  ProductCard,
  ProductCardPlaceholders,
  type ProductCardRecord,
} from './product-card.tsx';

const render = (node: React.ReactNode, language: 'hr' | 'en' = 'hr') =>
  renderToString(
    <I18nextProvider i18n={i18nFor(language)}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );

const hrk = { id: 52, code: 'HRK', symbol: 'kn' };
const eur = { id: 44, code: 'EUR', symbol: '€' };

const product = (overrides: Partial<ProductCardRecord> = {}): ProductCardRecord => ({
  id: 3,
  name: 'Obiteljski kviz',
  slug: 'obiteljski-kviz',
  sku: 'IGR-002',
  format: 'Simple',
  media: [
    {
      id: 41,
      url: '/media/1/41/MediumSize/obiteljski-kviz.png/abc123',
      width: 1200,
      height: 900,
      title: 'Obiteljski kviz',
      alt: 'Kutija igre Obiteljski kviz',
      mime: 'image/png',
    },
  ],
  prices: {
    basicPrice: 18761,
    retailPrice: 18761,
    discountPrice: 14994,
    membershipPrice: null,
    bundlePrice: null,
    finalPrice: 14994,
    currency: hrk,
    eurEquivalent: {
      retailPrice: 2490,
      discountPrice: 1990,
      membershipPrice: null,
      bundlePrice: null,
      finalPrice: 1990,
    },
    discountPercent: 20,
    discountEndsAt: null,
  },
  tags: [
    { code: 'NOVO', name: 'Novo' },
    { code: 'AKCIJA', name: 'Akcija' },
  ],
  inStock: true,
  rating: null,
  ...overrides,
});

/** The markup's text with tags removed, as a reader would see it. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\s+/g, ' ')
    .trim();

describe('ProductCard', () => {
  it('shows the sale price, the struck regular price, the whole discount percent and the euro equivalent', () => {
    const html = render(<ProductCard product={product()} />);
    expect(html).toContain(formatMoney({ amount: 14994, currency: 'HRK' }, 'hr'));
    expect(html).toMatch(
      new RegExp(`<s[^>]*>.*${formatMoney({ amount: 18761, currency: 'HRK' }, 'hr').replace(/\s/g, '.')}`),
    );
    expect(text(html)).toContain(catalogs.hr.shop.card.discount.replace('{{percent}}', '20'));
    expect(html).toContain(formatMoney({ amount: 1990, currency: 'EUR' }, 'hr'));
    expect(html).toContain('data-testid="product-price-eur"');
  });

  it('rounds a fractional discount percent and formats prices per language', () => {
    const prices = { ...product().prices!, discountPercent: 33.4 };
    const html = render(<ProductCard product={product({ prices })} />, 'en');
    expect(text(html)).toContain(catalogs.en.shop.card.discount.replace('{{percent}}', '33'));
    expect(html).toContain(formatMoney({ amount: 14994, currency: 'HRK' }, 'en'));
  });

  it('shows no euro line and no strike when the store sells in euros at the regular price', () => {
    const html = render(
      <ProductCard
        product={product({
          prices: {
            ...product().prices!,
            currency: eur,
            discountPrice: null,
            finalPrice: 1990,
            retailPrice: 1990,
            eurEquivalent: null,
            discountPercent: 0,
          },
        })}
      />,
      'en',
    );
    expect(html).not.toContain('product-price-eur');
    expect(html).not.toMatch(/<s[\s>]/);
    expect(html).toContain(formatMoney({ amount: 1990, currency: 'EUR' }, 'en'));
  });

  it('gives the image a small and a medium source, its size and lazy loading', () => {
    const html = render(<ProductCard product={product()} />);
    expect(html).toContain('srcSet="/media/1/41/SmallSize/obiteljski-kviz.png/abc123 320w');
    expect(html).toContain('/media/1/41/MediumSize/obiteljski-kviz.png/abc123 720w');
    expect(html).toContain('width="720"');
    expect(html).toContain('height="540"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('alt="Kutija igre Obiteljski kviz"');
  });

  it('declares the widths the server produces for a square image, and none when its size is unknown', () => {
    const square = { ...product().media[0]!, width: 1000, height: 1000 };
    const html = render(<ProductCard product={product({ media: [square] })} />);
    const small = fitInside(square, mediaSizes.SmallSize).width;
    const medium = fitInside(square, mediaSizes.MediumSize).width;
    expect(small).toBeLessThan(mediaSizes.SmallSize.width);
    expect(html).toContain(
      `srcSet="/media/1/41/SmallSize/obiteljski-kviz.png/abc123 ${small}w, /media/1/41/MediumSize/obiteljski-kviz.png/abc123 ${medium}w"`,
    );
    const unknown = { ...square, width: null, height: null };
    expect(render(<ProductCard product={product({ media: [unknown] })} />)).not.toContain('srcSet=');
  });

  it('shows a placeholder without an image, and badges only for NOVO and NAJPRODAVANIJE', () => {
    const html = render(
      <ProductCard product={product({ media: [], tags: [{ code: 'NAJPRODAVANIJE', name: 'Top' }] })} />,
      'en',
    );
    expect(html).toContain('product-image-placeholder');
    expect(html).not.toContain('<img');
    expect(text(html)).toContain(catalogs.en.shop.card.topSeller);
    expect(text(render(<ProductCard product={product()} />, 'en'))).toContain(catalogs.en.shop.card.new);
    expect(text(render(<ProductCard product={product()} />, 'en'))).not.toContain('Akcija');
  });

  it('has one link per card, named by the product and stretched over the whole card, in the language', () => {
    for (const [language, href] of [
      ['en', '/en/product/obiteljski-kviz'],
      ['hr', '/product/obiteljski-kviz'],
    ] as const) {
      const html = render(<ProductCard product={product()} />, language);
      const links = [...html.matchAll(/<a\b([^>]*)>(.*?)<\/a>/g)];
      expect(links).toHaveLength(1);
      const [, attributes, name] = links[0] ?? [];
      expect(attributes).toContain(`href="${href}"`);
      expect(name).toBe('Obiteljski kviz');
      // The link's ::after covers the card (which is the positioned box), so a click anywhere opens it.
      expect(attributes).toMatch(/after:absolute/);
      expect(attributes).toMatch(/after:inset-0/);
      expect(html).toMatch(/^<article class="[^"]*\brelative\b/);
      // "See more" still shows, as decoration (the link already names the product).
      expect(html).toContain(`<span aria-hidden="true" class="mt-2 inline-flex`);
    }
  });

  it('shows the published rating in stars and words only when the product has one', () => {
    expect(render(<ProductCard product={product()} />)).not.toContain('data-testid="card-rating"');
    const rated = render(<ProductCard product={product({ rating: { average: 4.33, count: 3 } })} />, 'en');
    expect(rated).toContain('data-testid="card-rating"');
    expect(text(rated)).toContain(
      catalogs.en.comments.average.replace('{{rating}}', '4.3').replace('{{best}}', '5'),
    );
    expect(text(rated)).toContain(catalogs.en.comments.reviewCount_other.replace('{{count}}', '3'));
    expect(text(rated)).toContain('★★★★ ☆');
  });

  it('renders six placeholders for dummy mode', () => {
    const html = render(<ProductCardPlaceholders />);
    expect(html.match(/data-testid="product-card-placeholder"/g)).toHaveLength(6);
  });
});

describe('media sizes', () => {
  it('swaps the size segment of a media URL and fits an image into a size box', () => {
    expect(mediaAtSize(product().media[0]!, 'SmallSize')).toBe(
      '/media/1/41/SmallSize/obiteljski-kviz.png/abc123',
    );
    expect(fittedSize({ width: 1200, height: 900 }, 'SmallSize')).toEqual({ width: 320, height: 240 });
    expect(fittedSize({ width: 300, height: 200 }, 'MediumSize')).toEqual({ width: 300, height: 200 });
    expect(fittedSize({ width: null, height: null }, 'MediumSize')).toEqual({ width: 720, height: 576 });
  });
});
