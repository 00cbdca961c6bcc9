import { describe, expect, it } from 'vitest';
import {
  blogJsonLd,
  blogPostingJsonLd,
  breadcrumbJsonLd,
  eventJsonLd,
  organizationJsonLd,
  placeOf,
  plainTextOf,
  scriptSafeJson,
  summaryOf,
  webSiteJsonLd,
} from './structured-data.ts';

const site = {
  name: 'Učionica',
  url: 'https://ucionica.example',
  logo: 'https://ucionica.example/media/1/LogoSize/logo',
  sameAs: ['https://facebook.com/ucionica', 'o-nama', 'https://facebook.com/ucionica'],
};

describe('structured data builders', () => {
  it('Organization: name, url, logo, sameAs from absolute profile links only, once each; contact when known', () => {
    const organization = organizationJsonLd(site);
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Učionica',
      url: 'https://ucionica.example/',
      logo: { '@type': 'ImageObject', url: site.logo },
      sameAs: ['https://facebook.com/ucionica'],
    });
    expect(organization).not.toHaveProperty('contactPoint');
    expect(organizationJsonLd({ ...site, email: 'info@ucionica.example' })).toMatchObject({
      email: 'info@ucionica.example',
      contactPoint: { '@type': 'ContactPoint', email: 'info@ucionica.example' },
    });
  });

  it('WebSite: a SearchAction whose template is the search page with the query parameter', () => {
    const website = webSiteJsonLd({
      name: 'Učionica',
      url: 'https://ucionica.example',
      searchUrl: 'https://ucionica.example/en/search',
      queryParameter: 'search',
      language: 'en',
    });
    expect(website).toMatchObject({
      '@type': 'WebSite',
      url: 'https://ucionica.example/',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'https://ucionica.example/en/search?search={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('BlogPosting: headline, image, dates (modified never before published), author, publisher', () => {
    const input = {
      headline: 'x'.repeat(130),
      url: 'https://ucionica.example/en/a-post',
      image: 'https://ucionica.example/media/a.jpg',
      datePublished: '2026-03-05T10:00:00.000Z',
      dateModified: '2026-03-07T10:00:00.000Z',
      authorName: 'Ana',
      language: 'en',
    };
    const posting = blogPostingJsonLd(input, site);
    expect(posting).toMatchObject({
      '@type': 'BlogPosting',
      image: [input.image],
      datePublished: input.datePublished,
      dateModified: input.dateModified,
      author: { '@type': 'Person', name: 'Ana' },
      publisher: { '@type': 'Organization', name: 'Učionica', logo: { url: site.logo } },
      mainEntityOfPage: { '@id': input.url },
    });
    expect((posting.headline as string).length).toBe(110);
    // The publisher does not repeat the shop's contact (it is on the home page's Organization).
    const withContact = { ...site, email: 'info@ucionica.example', telephone: '+385 1 555 0142' };
    expect(blogPostingJsonLd(input, withContact).publisher).not.toHaveProperty('contactPoint');
    // Edited as a draft before publishing: modified when published.
    const early = blogPostingJsonLd({ ...input, dateModified: '2026-01-01T00:00:00.000Z' }, site);
    expect(early.dateModified).toBe(input.datePublished);
    // No named author: the organization wrote it.
    expect(blogPostingJsonLd({ ...input, authorName: '' }, site).author).toMatchObject({
      '@type': 'Organization',
      name: 'Učionica',
    });
  });

  it('Blog: its posts as blogPost and as an ItemList in the order shown', () => {
    const blog = blogJsonLd({
      name: 'Blog',
      url: 'https://ucionica.example/en/blog',
      language: 'en',
      publisher: site,
      posts: [
        { headline: 'One', url: 'https://ucionica.example/en/one', datePublished: '2026-03-05' },
        { headline: 'Two', url: 'https://ucionica.example/en/two', datePublished: '2026-03-01' },
      ],
    });
    expect(blog['@type']).toBe('Blog');
    expect(blog.blogPost).toHaveLength(2);
    expect(blog.mainEntity).toEqual({
      '@type': 'ItemList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, url: 'https://ucionica.example/en/one' },
        { '@type': 'ListItem', position: 2, url: 'https://ucionica.example/en/two' },
      ],
    });
  });

  it('plain text of HTML: no space before a full stop, list items separated and ended', () => {
    const html =
      '<p>The first <strong>Resilient Child</strong>. Topics:</p><ul><li>a short talk</li><li>group work</li></ul><p>Free&nbsp;entry &amp; <em>limited</em> places.</p>';
    expect(plainTextOf(html)).toBe(
      'The first Resilient Child. Topics: a short talk; group work. Free entry & limited places.',
    );
    expect(summaryOf(html, 40)).toBe('The first Resilient Child. Topics: a…');
  });

  it('a free-text location becomes a Place with a PostalAddress', () => {
    expect(placeOf('Dječji kutak Učionice, Ilica 85, Zagreb')).toEqual({
      '@type': 'Place',
      name: 'Dječji kutak Učionice',
      address: { '@type': 'PostalAddress', streetAddress: 'Ilica 85', addressLocality: 'Zagreb' },
    });
    expect(placeOf('Knjižnica Medveščak, Zagreb, dvorana na 1. katu')).toEqual({
      '@type': 'Place',
      name: 'Knjižnica Medveščak, dvorana na 1. katu',
      address: { '@type': 'PostalAddress', addressLocality: 'Zagreb' },
    });
    expect(placeOf('Trg bana Jelačića 1, 10000 Zagreb', 'HR')).toEqual({
      '@type': 'Place',
      name: 'Trg bana Jelačića 1, 10000 Zagreb',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Trg bana Jelačića 1',
        postalCode: '10000',
        addressLocality: 'Zagreb',
        addressCountry: 'HR',
      },
    });
  });

  it('Event: status, place, clean description, organizer with the e-mail from the contact text', () => {
    const event = eventJsonLd(
      {
        name: 'Workshop',
        url: 'https://ucionica.example/en/event/3',
        startDate: '2026-12-01T16:30:00.000Z',
        endDate: null,
        cancelled: true,
        location: 'Dječji kutak Učionice, Ilica 85, Zagreb',
        descriptionHtml: '<p>About <strong>it</strong>.</p><ul><li>one</li><li>two</li></ul>',
        image: null,
        capacity: 24,
        contact: 'Registration: radionice@ucionica.example or +385 1 555 0142',
        language: 'en',
      },
      site,
    );
    expect(event).toMatchObject({
      '@type': 'Event',
      eventStatus: 'https://schema.org/EventCancelled',
      location: { '@type': 'Place', address: { '@type': 'PostalAddress', streetAddress: 'Ilica 85' } },
      description: 'About it. one; two.',
      organizer: { '@type': 'Organization', name: 'Učionica', email: 'radionice@ucionica.example' },
      maximumAttendeeCapacity: 24,
    });
    expect(event).not.toHaveProperty('endDate');
  });

  it('Event: a free offer in the currency, from its announcement, at the event address', () => {
    const event = eventJsonLd(
      {
        name: 'Workshop',
        url: 'https://ucionica.example/en/event/3',
        startDate: '2026-12-01T16:30:00.000Z',
        cancelled: false,
        location: 'Ilica 85, 10000 Zagreb',
        announced: '2026-10-01T08:00:00.000Z',
        language: 'en',
      },
      site,
    );
    expect(event.offers).toEqual({
      '@type': 'Offer',
      price: '0',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      url: 'https://ucionica.example/en/event/3',
      validFrom: '2026-10-01T08:00:00.000Z',
    });
    expect(event.eventStatus).toBe('https://schema.org/EventScheduled');
    expect(event.location).toMatchObject({
      address: { postalCode: '10000', addressLocality: 'Zagreb', streetAddress: 'Ilica 85' },
    });
  });

  it('BreadcrumbList: positions from 1, absolute items, the current page without an item', () => {
    expect(
      breadcrumbJsonLd(
        [{ label: 'Home', href: '/en' }, { label: 'Blog', href: '/en/blog' }, { label: 'A post' }],
        'https://ucionica.example',
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://ucionica.example/en' },
        { '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://ucionica.example/en/blog' },
        { '@type': 'ListItem', position: 3, name: 'A post' },
      ],
    });
  });

  it('scriptSafeJson cannot close the script and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> & \u2028' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
