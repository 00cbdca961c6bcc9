/**
 * schema.org structured data (JSON-LD) for the storefront's page types, one builder per type, with
 * Google's required and recommended fields where the site has the data. Pure functions: the routes
 * call them with what their loaders read; `<JsonLd>` (app/components/json-ld.tsx) writes them.
 * The Product builder lives beside the product screen (app/components/product/structured-data.ts).
 */

export type Thing = Record<string, unknown>;

const context = 'https://schema.org';

/** A path made absolute on the site's origin; absolute addresses stay as they are. */
export const absoluteTo = (origin: string, path: string) =>
  /^https?:\/\//i.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;

/** The publisher of the site's pages: the site itself as an Organization. */
export type OrganizationInput = {
  name: string;
  /** The site's address (its origin), home of the organization. */
  url: string;
  /** Absolute address of the logo, when the site has one. */
  logo?: string | null;
  /** The organization's profiles elsewhere (the footer's social links). */
  sameAs?: string[];
  email?: string | null;
  telephone?: string | null;
};

/** Only absolute http(s) addresses count as profiles; menu items may hold page names. */
const profileUrls = (links: string[] = []) => [
  ...new Set(links.filter((link) => /^https?:\/\//i.test(link))),
];

/** The organization without its context, for use inside another item (publisher, organizer). */
export function organizationNode(input: OrganizationInput): Thing {
  const sameAs = profileUrls(input.sameAs);
  const contact = input.email || input.telephone;
  return {
    '@type': 'Organization',
    '@id': `${input.url}/#organization`,
    name: input.name,
    url: `${input.url}/`,
    ...(input.logo ? { logo: { '@type': 'ImageObject', url: input.logo } } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(input.email ? { email: input.email } : {}),
    ...(input.telephone ? { telephone: input.telephone } : {}),
    ...(contact
      ? {
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer service',
            ...(input.email ? { email: input.email } : {}),
            ...(input.telephone ? { telephone: input.telephone } : {}),
          },
        }
      : {}),
  };
}

/** A publisher names the site and shows its logo; its contact is on the home page's Organization. */
const publisherNode = (input: OrganizationInput) =>
  organizationNode({ ...input, email: null, telephone: null });

export function organizationJsonLd(input: OrganizationInput): Thing {
  return { '@context': context, ...organizationNode(input) };
}

/** The site with its search box: `searchUrl` is the search page's absolute address. */
export function webSiteJsonLd(input: {
  name: string;
  url: string;
  searchUrl: string;
  /** The query parameter the search page reads. */
  queryParameter: string;
  language: string;
}): Thing {
  return {
    '@context': context,
    '@type': 'WebSite',
    '@id': `${input.url}/#website`,
    name: input.name,
    url: `${input.url}/`,
    inLanguage: input.language,
    publisher: { '@id': `${input.url}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${input.searchUrl}?${input.queryParameter}={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

export type PostingInput = {
  headline: string;
  url: string;
  description?: string;
  image?: string | null;
  datePublished: string;
  dateModified?: string | null;
  authorName?: string;
  language: string;
};

/** Google shows at most 110 characters of a headline. */
const headlineOf = (text: string) => (text.length > 110 ? `${text.slice(0, 109)}…` : text);

/** A blog post. Without a named author the organization is the author. */
export function blogPostingJsonLd(input: PostingInput, publisher: OrganizationInput): Thing {
  const organization = publisherNode(publisher);
  return {
    '@context': context,
    '@type': 'BlogPosting',
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    headline: headlineOf(input.headline),
    url: input.url,
    ...(input.description ? { description: input.description } : {}),
    ...(input.image ? { image: [input.image] } : {}),
    datePublished: input.datePublished,
    // Never before publishing: a post edited as a draft was modified, for readers, when it went out.
    dateModified:
      input.dateModified && input.dateModified > input.datePublished
        ? input.dateModified
        : input.datePublished,
    author: input.authorName
      ? { '@type': 'Person', name: input.authorName }
      : { '@type': 'Organization', name: publisher.name, url: `${publisher.url}/` },
    publisher: organization,
    inLanguage: input.language,
  };
}

/** The blog list: a Blog with its posts, and the same posts as an ItemList in the order shown. */
export function blogJsonLd(input: {
  name: string;
  url: string;
  description?: string;
  language: string;
  posts: Omit<PostingInput, 'language'>[];
  publisher: OrganizationInput;
}): Thing {
  const postings = input.posts.map((post) => ({
    '@type': 'BlogPosting',
    headline: headlineOf(post.headline),
    url: post.url,
    ...(post.image ? { image: post.image } : {}),
    datePublished: post.datePublished,
    ...(post.dateModified ? { dateModified: post.dateModified } : {}),
    ...(post.authorName ? { author: { '@type': 'Person', name: post.authorName } } : {}),
  }));
  return {
    '@context': context,
    '@type': 'Blog',
    name: input.name,
    url: input.url,
    ...(input.description ? { description: input.description } : {}),
    inLanguage: input.language,
    publisher: publisherNode(input.publisher),
    blogPost: postings,
    mainEntity: {
      '@type': 'ItemList',
      itemListElement: input.posts.map((post, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        url: post.url,
      })),
    },
  };
}

/** The trail as a BreadcrumbList; the current page (last, without a link) has no `item`. */
export function breadcrumbJsonLd(items: { label: string; href?: string }[], origin: string): Thing {
  return {
    '@context': context,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((entry, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: entry.label,
      ...(entry.href && index < items.length - 1 ? { item: absoluteTo(origin, entry.href) } : {}),
    })),
  };
}

/**
 * HTML as one line of plain text: inline tags vanish without a space (no "word ." before a full
 * stop), blocks end a sentence, list items are separated by "; " and a list ends with a full stop.
 */
export function plainTextOf(html: string): string {
  return html
    .replace(/<\/li>\s*(?=<\/[ou]l>)/gi, '.')
    .replace(/<\/li>/gi, '; ')
    .replace(/<(br|\/p|\/div|\/h[1-6]|\/[ou]l|\/blockquote|\/tr)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/([.!?])\./g, '$1')
    .trim();
}

/** A description for search engines: the text cut at a word, at most `max` characters. */
export function summaryOf(html: string, max = 160): string {
  const text = plainTextOf(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/**
 * A free-text location as a Place with a PostalAddress: "Name, Street 5, 10000 City, extra" gives
 * the name (a first part without a house number), the street (a part with a number), the postal
 * code and the town (a capitalised part after the first); other parts (a hall, a floor) join the
 * name. The whole text is the Place's name when nothing more can be told.
 */
export function placeOf(location: string, country?: string): Thing {
  const parts = location
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const address: Thing = { '@type': 'PostalAddress' };
  let name: string | undefined;
  let locality: string | undefined;
  const rest: string[] = [];
  for (const [index, part] of parts.entries()) {
    const postal = /^(\d{4,6})\s+(.+)$/.exec(part);
    if (postal) {
      address.postalCode = postal[1];
      locality = postal[2];
    } else if (!address.streetAddress && /\p{L}.*\s\d+[a-z]?$/iu.test(part)) {
      address.streetAddress = part;
    } else if (index === 0 && parts.length > 1) {
      name = part;
    } else if (!locality && /^\p{Lu}[\p{L}\s-]*$/u.test(part) && index > 0) {
      locality = part;
    } else {
      rest.push(part);
    }
  }
  if (locality) address.addressLocality = locality;
  if (country) address.addressCountry = country;
  // What is neither street nor town (a hall, a floor) belongs to the place's name.
  const placeName = [name, ...rest].filter(Boolean).join(', ');
  return { '@type': 'Place', name: placeName || location, address };
}

export type EventInput = {
  name: string;
  url: string;
  startDate: string;
  endDate?: string | null;
  cancelled: boolean;
  location: string;
  descriptionHtml?: string;
  image?: string | null;
  capacity?: number | null;
  /** The event's contact text; an e-mail address in it becomes the organizer's. */
  contact?: string;
  /** When the event was announced: its offer is valid from then. */
  announced?: string | null;
  /** Events have no price field: they are free, offered in the site's currency. */
  currency?: string;
  language: string;
  country?: string;
};

/**
 * schema.org Event, organized by the site. Its offer is free (price 0): events have no price or
 * ticket fields, and a paid event sells its tickets as products in the shop.
 */
export function eventJsonLd(input: EventInput, organizer: OrganizationInput): Thing {
  const email = input.contact ? /[^\s@:;,()]+@[^\s@:;,()]+\.[a-z]{2,}/i.exec(input.contact)?.[0] : undefined;
  const description = input.descriptionHtml ? summaryOf(input.descriptionHtml, 300) : '';
  return {
    '@context': context,
    '@type': 'Event',
    name: input.name,
    startDate: input.startDate,
    ...(input.endDate ? { endDate: input.endDate } : {}),
    eventStatus: input.cancelled ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(input.location ? { location: placeOf(input.location, input.country) } : {}),
    ...(description ? { description } : {}),
    ...(input.image ? { image: [input.image] } : {}),
    ...(input.capacity ? { maximumAttendeeCapacity: input.capacity } : {}),
    offers: {
      '@type': 'Offer',
      price: '0',
      priceCurrency: input.currency ?? 'EUR',
      availability: 'https://schema.org/InStock',
      url: input.url,
      ...(input.announced ? { validFrom: input.announced } : {}),
    },
    organizer: organizationNode({ ...organizer, email: email ?? organizer.email }),
    url: input.url,
    inLanguage: input.language,
  };
}

/**
 * JSON for an inline <script>: `<`, `>` and `&` become \u escapes so that no text in the data can
 * close the script element or open a comment, and the line separators that JavaScript once refused
 * are escaped too. The result still parses to the same value.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
