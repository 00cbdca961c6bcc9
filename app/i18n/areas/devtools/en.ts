import type { Widen } from '../../widen.ts';
import type { devtoolsHr } from './hr.ts';

export const devtoolsEn: Widen<typeof devtoolsHr> = {
  instagram: {
    title: 'Instagram',
    listLabel: 'Posts from Instagram',
    image: 'Instagram post',
    video: 'Video',
    album: 'Album',
    opensInstagram: '(opens Instagram in a new tab)',
  },
  navTitle: 'Developer tools',
  changelog: 'Changelog',
  apiDocs: 'API documentation',
  sectionTool: 'Section tool',
  pageTitle: 'Developer tools',
  intro: 'Shown outside production only.',
  releases: {
    title: 'Project releases',
    open: 'Show releases',
    close: 'Close',
    latestTag: 'Latest tag: {{tag}}',
    empty: 'The changelog is empty.',
    failed: 'The releases could not be loaded: {{message}}',
  },
  domains: {
    loading: 'Loading the domains…',
    reload: 'Reload the page',
    title: 'Domain',
    intro: 'Which site this development instance serves.',
    current: 'Current domain: {{url}}',
    selected: 'selected',
    choose: 'Choose {{name}}',
    forcedWarning:
      'The selected domain ({{selected}}) differs from the forced domain {{forced}} (DEV_FORCE_DOMAIN); after a rebuild and restart the forced one applies.',
    saved: 'The instance now serves {{url}}.',
    empty: 'The site has no domains.',
    failed: 'The domain could not be changed: it is not a domain of any site.',
  },
  sectionToolPage: {
    title: 'Section tool',
    intro: 'Every section type with sample content, for designing sections.',
    typeHeading: 'Section: {{type}}',
    instagramNote: 'The Instagram section shows only when Instagram access is configured; these are samples.',
  },
};
