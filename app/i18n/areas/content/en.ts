import type { Widen } from '../../widen.ts';
import type { contentHr } from './hr.ts';

export const contentEn: Widen<typeof contentHr> = {
  breadcrumb: 'Breadcrumb',
  home: 'Home',
  blog: 'Blog',
  publishedOn: 'Published',
  author: 'Author',
  share: 'Share this post',
  shareOn: 'Share on {{network}} (opens in a new tab)',
  furtherReading: 'Read more from our blog',
  noPosts: 'No posts yet.',
  videoTitle: 'Video: {{title}}',
  videoFallback: 'Watch the video on YouTube',
  videoPlay: 'Play the video',
  videoPlayTitled: 'Play the video: {{title}}',
  videoConsentNote: 'The video loads from YouTube only when you play it.',
  gallery: 'Gallery',
  sponsorLink: '{{name}} (opens in a new tab)',
  newTab: '(opens in a new tab)',
  subscribe: 'Subscribe',
};
