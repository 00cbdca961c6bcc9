import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../i18n/catalog.ts';
import '../i18n/i18n.server.ts';
import { i18nFor } from '../i18n/i18n.ts';
import { BlogCategoryFilter } from './blog-category-filter.tsx';
import { SearchForm, searchHref } from './search-form.tsx';
import { SearchMore } from './search-more.tsx';

// No router around them: islands render in the browser without React Router.
const render = (node: React.ReactNode, language: 'hr' | 'en' = 'hr') =>
  renderToString(<I18nextProvider i18n={i18nFor(language)}>{node}</I18nextProvider>);

describe('searchHref', () => {
  it('gives the clean address: words, the chosen kinds comma-separated, a page above 1', () => {
    expect(searchHref('hr', { search: 'laku noć', categories: ['posts', 'products'] })).toBe(
      '/pretraga?search=laku+no%C4%87&category=posts%2Cproducts',
    );
    expect(searchHref('en', { search: 'school', categories: ['pages'], page: 3 })).toBe(
      '/en/search?search=school&category=pages&page=3',
    );
    // No kind chosen stays in the address (the screen then asks for one); page 1 is left out.
    expect(searchHref('hr', { search: '', categories: [], page: 1 })).toBe('/pretraga?category=');
  });
});

describe('the search islands as the server renders them (what works without JavaScript)', () => {
  it('the search form is a GET form with the words and the chosen kinds, and an empty kind beside them', () => {
    const html = render(
      <SearchForm language="en" search="school" categories={['posts', 'products']} />,
      'en',
    );
    const form = /<form[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('action="/en/search"');
    expect(form).toContain('method="get"');
    expect(form).toContain('role="search"');
    expect(html).toMatch(/<input id="search-input"[^>]*value="school"/);
    expect(html).toContain('<input type="hidden" name="category" value=""/>');
    const box = (kind: string) =>
      new RegExp(`<input id="search-category-${kind}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(box('posts')).toContain('checked=""');
    expect(box('products')).toContain('checked=""');
    expect(box('pages')).not.toContain('checked');
    expect(html).toContain(`>${catalogs.en.search.submit}</button>`);
  });

  it('"show more" is a link to the next page', () => {
    const href = '/pretraga?search=dijete&category=posts&page=2';
    const html = render(<SearchMore href={href} />);
    expect(html).toContain(`href="${href.replaceAll('&', '&amp;')}"`);
    expect(html).toContain(catalogs.hr.search.loadMore);
  });

  it('the blog category filter is a disclosure of links, the chosen one marked', () => {
    const html = render(
      <BlogCategoryFilter
        current="Čitanje"
        options={[
          { href: '/objave?search=a', label: 'Sve kategorije', count: null, active: false },
          { href: '/objave/citanje?search=a', label: 'Čitanje', count: 4, active: true },
        ]}
      />,
    );
    expect(html).toMatch(/<summary[^>]*>.*Čitanje.*<\/summary>/s);
    expect(html).toContain(`aria-label="${catalogs.hr.blog.chooseCategory}"`);
    expect(html).toMatch(/<a href="\/objave\/citanje\?search=a" aria-current="page"/);
    expect(html).not.toMatch(/<a href="\/objave\?search=a" aria-current/);
  });
});
