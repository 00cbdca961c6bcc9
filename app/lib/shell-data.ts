import type { ApiClient } from './api-client.ts';

export type NavItem = {
  id: number;
  title: string;
  link: string;
  isExternal: boolean;
  rel: string | null;
  target: string | null;
  children: NavItem[];
};

type Element = {
  handler: string;
  meta: Record<string, unknown>;
  options: Record<string, unknown>;
  parts: Record<string, unknown>;
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
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Everything the header and footer show, in one round of parallel in-process API calls. */
export async function loadShellData(api: ApiClient, apiKeyId: number): Promise<ShellData> {
  const handles = ['main', 'footer1', 'footer2', 'footer3', 'footer4'] as const;
  const [elements, ...menus] = await Promise.all([
    api.post<Element[]>('v1/cms/element/getByHandlers', { handlers: ['header-section', 'footer-section'] }),
    ...handles.map((handle) => api.get<NavItem[]>(`v1/cms/navigation/tree/${handle}`)),
  ]);
  const byHandler = new Map(
    (elements.errored ? [] : elements.data).map((element) => [element.handler, element]),
  );
  const header = byHandler.get('header-section');
  const footer = byHandler.get('footer-section');
  const sponsors = footer?.parts?.sponsors as Sponsors | undefined;
  return {
    apiKeyId,
    logoMediaId: typeof header?.meta.logoMediaId === 'number' ? header.meta.logoMediaId : null,
    logoAlt: text(header?.meta.logoAlt),
    menus: Object.fromEntries(
      handles.map((handle, index) => [handle, menus[index]?.errored ? [] : (menus[index]?.data ?? [])]),
    ) as ShellData['menus'],
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
  };
}
