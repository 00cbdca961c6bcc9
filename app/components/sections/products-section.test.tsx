import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../../i18n/catalog.ts';
import '../../i18n/i18n.server.ts';
import { i18nFor } from '../../i18n/i18n.ts';
import type { ProductCardRecord } from '../catalogue/product-card.tsx';
import { EditModeContext } from './edit-fields.tsx';
import { ProductsSection } from './products-section.tsx';

const card = (id: number, name: string, slug: string): ProductCardRecord => ({
  id,
  name,
  slug,
  sku: `SKU-${id}`,
  format: 'Simple',
  media: [],
  prices: null,
  tags: [],
  inStock: true,
  rating: null,
});

const render = (products: ProductCardRecord[] | undefined, language: 'hr' | 'en', editing = false) =>
  renderToString(
    <I18nextProvider i18n={i18nFor(language)}>
      <MemoryRouter>
        <EditModeContext value={editing}>
          <ProductsSection
            id={5}
            settings={{ productIds: (products ?? []).map((product) => product.id) }}
            content={{ title: 'Izdvojeno' }}
            data={products ? { products } : {}}
            apiKeyId={1}
            language={language}
            headingLevel={2}
            first={false}
          />
        </EditModeContext>
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('ProductsSection', () => {
  it("shows the loaded cards in the loader's order, linked in the page language", () => {
    const html = render([card(9, 'Slagalica', 'slagalica'), card(2, 'Kviz', 'kviz')], 'en');
    expect(html).toContain('Izdvojeno');
    expect(html.indexOf('Slagalica')).toBeLessThan(html.indexOf('Kviz'));
    expect(html).toMatch(/href="\/en\/[^"]*slagalica"/);
  });

  it('shows a visitor nothing without products, and edit mode how to choose them, in its language', () => {
    expect(render([], 'hr')).toBe('');
    expect(render(undefined, 'en')).toBe('');
    expect(render([], 'hr', true)).toContain(catalogs.hr.editor.productsEmpty);
    expect(render([], 'en', true)).toContain(catalogs.en.editor.productsEmpty);
  });
});
