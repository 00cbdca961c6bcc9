import type { Widen } from '../../widen.ts';
import type { contentHr } from './hr.ts';

export const contentDe: Widen<typeof contentHr> = {
  breadcrumb: 'Brotkrümelnavigation',
  home: 'Startseite',
  blog: 'Blog',
  publishedOn: 'Veröffentlicht',
  author: 'Autor',
  share: 'Beitrag teilen',
  shareOn: 'Auf {{network}} teilen (öffnet in einem neuen Tab)',
  furtherReading: 'Weitere Beiträge aus unserem Blog',
  noPosts: 'Noch keine Beiträge.',
  videoTitle: 'Video: {{title}}',
  videoFallback: 'Video auf YouTube ansehen',
  videoPlay: 'Video abspielen',
  videoPlayTitled: 'Video abspielen: {{title}}',
  videoConsentNote: 'Das Video wird erst beim Abspielen von YouTube geladen.',
  gallery: 'Galerie',
  sponsorLink: '{{name}} (öffnet in einem neuen Tab)',
  newTab: '(öffnet in einem neuen Tab)',
  subscribe: 'Anmelden',
};
