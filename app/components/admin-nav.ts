import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import type { AdminPanelInfo } from '../../server/modules/caches/caches.contract.ts';

/**
 * The admin panel's side navigation, in order: one entry per screen. A new screen adds one line.
 * `label` is a catalog key; `when` hides an entry the site does not offer (caches without Redis).
 */
export type AdminNavEntry = {
  id: string;
  label: string;
  href: (language: UiLanguage) => string;
  when?: (panel: AdminPanelInfo) => boolean;
};

export const adminNavEntries: AdminNavEntry[] = [
  { id: 'home', label: 'adminPanel.nav.home', href: (language) => localizedPath('admin', language) },
  {
    id: 'consents',
    label: 'adminPanel.nav.consents',
    href: (language) => localizedPath('adminConsent', language),
  },
  {
    id: 'templates',
    label: 'adminPanel.nav.templates',
    href: (language) => localizedPath('adminTemplates', language),
  },
  {
    id: 'caches',
    label: 'adminPanel.nav.caches',
    href: (language) => localizedPath('adminCache', language),
    when: (panel) => panel.cacheServer,
  },
  {
    id: 'elements',
    label: 'elements.nav',
    href: (language) => localizedPath('adminElements', language),
  },
  {
    id: 'navigation',
    label: 'navigation.nav',
    href: (language) => localizedPath('adminNavigation', language),
  },
  { id: 'media', label: 'adminPanel.nav.media', href: (language) => localizedPath('adminMedia', language) },
  { id: 'forms', label: 'adminPanel.nav.forms', href: (language) => localizedPath('adminForms', language) },
  {
    id: 'comments',
    label: 'adminPanel.nav.comments',
    href: (language) => localizedPath('adminComments', language),
  },
];
