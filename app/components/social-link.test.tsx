import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../i18n/catalog.ts';
import '../i18n/i18n.server.ts';
import { i18nFor } from '../i18n/i18n.ts';
import type { NavItem } from '../lib/shell-data.ts';
import { SocialLink, socialIconFor } from './social-link.tsx';

describe('socialIconFor', () => {
  it('chooses the icon by the lower-case title', () => {
    expect(socialIconFor('facebook').icon).toBe('facebook');
    expect(socialIconFor('Instagram').icon).toBe('instagram');
    expect(socialIconFor(' YOUTUBE ').icon).toBe('youtube');
    expect(socialIconFor('LinkedIn').icon).toBe('linkedin');
    expect(socialIconFor('twitter').icon).toBe('x');
    expect(socialIconFor('Mastodon').icon).toBe('link');
  });

  it('colours one provider orange, another red and every other in the primary colour', () => {
    expect(socialIconFor('instagram').tone).toBe('orange');
    expect(socialIconFor('YouTube').tone).toBe('red');
    for (const title of ['facebook', 'linkedin', 'x', 'Mastodon', '']) {
      expect(socialIconFor(title).tone).toBe('primary');
    }
  });
});

const item = (overrides: Partial<NavItem>): NavItem => ({
  id: 1,
  title: 'instagram',
  link: 'https://www.instagram.com/example',
  isExternal: true,
  rel: 'noopener',
  target: '_blank',
  children: [],
  ...overrides,
});

const render = (navItem: NavItem) =>
  renderToString(
    <I18nextProvider i18n={i18nFor('en')}>
      <MemoryRouter>
        <SocialLink item={navItem} />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('SocialLink', () => {
  it('draws the chosen icon in its colour, named by the title, opening a new tab without opener or referrer', () => {
    const html = render(item({}));
    expect(html).toContain('data-icon="instagram"');
    expect(html).toContain('text-orange-600');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('target="_blank"');
    expect(html).toMatch(
      new RegExp(
        `<span class="sr-only">instagram(<!-- -->)? ${catalogs.en.content.newTab.replace(/[()]/g, '\\$&')}</span>`,
      ),
    );
  });

  it('gives an unknown network the neutral icon in the primary colour', () => {
    const html = render(item({ title: 'Mastodon', link: 'https://mastodon.social/@x' }));
    expect(html).toContain('data-icon="link"');
    expect(html).toContain('text-teal-700');
  });
});
