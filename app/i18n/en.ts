import type { Catalog } from './catalog.ts';

export const en: Catalog = {
  meta: { homeTitle: 'Home', homeDescription: 'Workshops, advice and materials for parents and children.' },
  home: {
    welcome: 'Welcome',
    intro: 'Workshops, advice and materials for parents and children.',
    languageLabel: 'Language',
  },
  nav: { skipToContent: 'Skip to content', home: 'Home' },
  cookies: {
    label: 'Cookie notice',
    text: 'We use cookies to make the site work and, with your permission, for analytics and marketing.',
    necessary: 'Necessary',
    analytics: 'Analytics',
    marketing: 'Marketing',
    accept: 'Accept',
  },
  maintenance: {
    title: 'Maintenance under way',
    text: 'The site is being maintained. We will be back soon — thank you for your patience.',
  },
  errors: {
    notFoundTitle: 'Page not found',
    notFoundText: 'The page you are looking for does not exist or has moved.',
    genericTitle: 'An error occurred',
    backHome: 'Back to the home page',
  },
};
