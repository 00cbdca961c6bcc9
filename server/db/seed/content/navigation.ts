import type { NavigationHandle } from '../../../modules/cms/cms.schema.ts';
import type { Localized } from './types.ts';

/**
 * Menu trees. Internal targets name seed keys (page, post, term, event); the seed turns them into ids.
 * Static links store the Croatian path in `url` and the English path as a per-language override,
 * both with their language prefix, as the router expects them.
 */
export type NavTarget =
  | { type: 'page' | 'post'; ref: string }
  | { type: 'term'; ref: string }
  | { type: 'event'; ref: string }
  | { type: 'static'; url: Localized<string> }
  | { type: 'external'; url: string; rel?: string; target?: string; icon?: string };

export type NavItemSeed = { title: Localized<string>; to: NavTarget; children?: NavItemSeed[] };

const t = (hr: string, en: string): Localized<string> => ({ hr, en });

export const menus: Record<NavigationHandle, NavItemSeed[]> = {
  main: [
    {
      title: t('O nama', 'About us'),
      to: { type: 'page', ref: 'about' },
      children: [
        { title: t('Tim', 'Team'), to: { type: 'page', ref: 'team' } },
        { title: t('Partneri', 'Partners'), to: { type: 'page', ref: 'partners' } },
        { title: t('Kontakt', 'Contact'), to: { type: 'page', ref: 'contact' } },
      ],
    },
    {
      title: t('Radionice', 'Workshops'),
      to: { type: 'page', ref: 'workshops' },
      children: [
        { title: t('Otporno dijete', 'Resilient Child'), to: { type: 'page', ref: 'resilient-child' } },
        {
          title: t('Teme', 'Topics'),
          to: { type: 'static', url: t('/objave', '/en/blog') },
          children: [
            { title: t('Otpornost', 'Resilience'), to: { type: 'term', ref: 'resilience' } },
            { title: t('Rani razvoj', 'Early development'), to: { type: 'term', ref: 'early-development' } },
            { title: t('Čitanje', 'Reading'), to: { type: 'term', ref: 'reading' } },
            { title: t('Djeca i ekrani', 'Children and screens'), to: { type: 'term', ref: 'screens' } },
          ],
        },
        {
          title: t('Sljedeća radionica', 'Next workshop'),
          to: { type: 'event', ref: 'resilient-child-autumn' },
        },
      ],
    },
    { title: t('Blog', 'Blog'), to: { type: 'static', url: t('/objave', '/en/blog') } },
    { title: t('Shop', 'Shop'), to: { type: 'static', url: t('/shop', '/en/shop') } },
    { title: t('Kontakt', 'Contact'), to: { type: 'page', ref: 'contact' } },
  ],
  footer1: [
    { title: t('O nama', 'About us'), to: { type: 'page', ref: 'about' } },
    { title: t('Tim', 'Team'), to: { type: 'page', ref: 'team' } },
    { title: t('Partneri', 'Partners'), to: { type: 'page', ref: 'partners' } },
    { title: t('Kontakt', 'Contact'), to: { type: 'page', ref: 'contact' } },
  ],
  footer2: [
    { title: t('Radionice', 'Workshops'), to: { type: 'page', ref: 'workshops' } },
    { title: t('Otporno dijete', 'Resilient Child'), to: { type: 'page', ref: 'resilient-child' } },
    { title: t('Blog', 'Blog'), to: { type: 'static', url: t('/objave', '/en/blog') } },
    { title: t('Shop', 'Shop'), to: { type: 'static', url: t('/shop', '/en/shop') } },
  ],
  // The lower-case title selects the icon, so these stay the same in every language.
  footer3: [
    {
      title: t('facebook', 'facebook'),
      to: { type: 'external', url: 'https://www.facebook.com/ucionicazaroditelje', icon: 'facebook' },
    },
    {
      title: t('instagram', 'instagram'),
      to: { type: 'external', url: 'https://www.instagram.com/ucionicazaroditelje', icon: 'instagram' },
    },
    {
      title: t('youtube', 'youtube'),
      to: { type: 'external', url: 'https://www.youtube.com/@ucionicazaroditelje', icon: 'youtube' },
    },
  ],
  footer4: [
    { title: t('Politika privatnosti', 'Privacy policy'), to: { type: 'page', ref: 'privacy' } },
    { title: t('Uvjeti korištenja', 'Terms of service'), to: { type: 'page', ref: 'terms' } },
  ],
};
