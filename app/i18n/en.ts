import type { ShellCatalog } from './catalog.ts';

export const en: ShellCatalog = {
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
  shell: {
    menu: 'Menu',
    closeMenu: 'Close menu',
    mainNavigation: 'Main navigation',
    footerNavigation: 'Footer navigation',
    language: 'Language',
    home: 'Home',
    social: 'Social networks',
    sponsors: 'Sponsors',
    noTranslation: 'This page is not available in that language',
  },
  newsletter: {
    emailLabel: 'E-mail address',
    subscribed: 'Thank you! You are subscribed to our newsletter.',
    alreadySubscribed: 'This address is already subscribed to the newsletter.',
    invalidEmail: 'Enter a valid e-mail address.',
    failed: 'Something went wrong, please try again.',
  },
  errors: {
    notFoundTitle: 'Page not found',
    notFoundText: 'The page you are looking for does not exist or has moved.',
    genericTitle: 'An error occurred',
    backHome: 'Back to the home page',
  },
};
