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
    subscribed: 'Almost done: we sent you an e-mail, confirm the sign-up with the link in it.',
    alreadySubscribed: 'This address is already subscribed to the newsletter.',
    invalidEmail: 'Enter a valid e-mail address.',
    failed: 'Something went wrong, please try again.',
    captcha: 'The check that you are not a robot failed. Please try again.',
    confirmed: 'Your newsletter sign-up is confirmed. Welcome!',
  },
  captcha: {
    checking: 'Checking that you are not a robot…',
    verified: 'Check complete.',
    failed: 'The check that you are not a robot failed. Please try again.',
    loadFailed: 'ReCaptcha error: Failed to load script',
    executeFailed: 'Failed to execute',
  },
  unsubscribe: {
    title: 'Unsubscribe from the newsletter',
    question: 'Unsubscribe {{email}} from the newsletter?',
    confirm: 'Unsubscribe',
    done: '{{email}} is unsubscribed from the newsletter and will receive no more of our mails.',
    notSubscribed: '{{email}} is not subscribed to the newsletter.',
    invalid: 'This unsubscribe link is not valid.',
    backHome: 'Back to the home page',
  },
  errors: {
    notFoundTitle: 'Page not found',
    notFoundText: 'The page you are looking for does not exist or has moved.',
    genericTitle: 'An error occurred',
    backHome: 'Back to the home page',
  },
};
