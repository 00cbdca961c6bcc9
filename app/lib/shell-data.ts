import {
  type MerchantPolicies,
  readMerchantPolicies,
  readShopContact,
  type ShopContact,
} from '../../core/shop-settings.ts';
import type { NavigationNode, StorefrontShell } from '../../server/modules/cms/cms.contract.ts';

/** A menu item as the header and footer draw it. */
export type NavItem = Pick<NavigationNode, 'id' | 'title' | 'link' | 'isExternal' | 'rel' | 'target'> & {
  children: NavItem[];
};

export type Sponsors = {
  paths: string[];
  description: string;
  logos: { name: string; url: string; mediaId: number }[];
};

export type ShellData = {
  apiKeyId: number;
  logoMediaId: number | null;
  logoAlt: string;
  menus: Record<'main' | 'footer1' | 'footer2' | 'footer3' | 'footer4', NavItem[]>;
  footer: {
    aboutText: string;
    shareLabel: string;
    column1Title: string;
    column2Title: string;
    copyrightText: string;
    newsletterLabel: string;
    newsletterButton: string;
    newsletterPlaceholder: string;
    sponsors: Sponsors | null;
  };
  /** The shop's contact and its shipping and return terms (site options), for structured data. */
  contact: ShopContact | null;
  policies: MerchantPolicies | null;
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Everything the header and footer show, from the storefront shell. */
export function shellData(shell: StorefrontShell): ShellData {
  const header = shell.elements.header;
  const footer = shell.elements.footer;
  const sponsors = footer?.parts?.sponsors as Sponsors | undefined;
  return {
    apiKeyId: shell.site.apiKeyId,
    logoMediaId: typeof header?.meta.logoMediaId === 'number' ? header.meta.logoMediaId : null,
    logoAlt: text(header?.meta.logoAlt),
    menus: shell.navigation,
    footer: {
      aboutText: text(footer?.meta.aboutText),
      shareLabel: text(footer?.meta.shareLabel),
      column1Title: text(footer?.meta.column1Title),
      column2Title: text(footer?.meta.column2Title),
      copyrightText: text(footer?.meta.copyrightText).replace('{year}', String(new Date().getFullYear())),
      newsletterLabel: text(footer?.meta.newsletterLabel),
      newsletterButton: text(footer?.meta.newsletterButton),
      newsletterPlaceholder: text(footer?.meta.newsletterPlaceholder),
      sponsors: sponsors && Array.isArray(sponsors.logos) ? sponsors : null,
    },
    contact: readShopContact(shell.options.ShopContact),
    policies: readMerchantPolicies(shell.options.MerchantPolicies),
  };
}
