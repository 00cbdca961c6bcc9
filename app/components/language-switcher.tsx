import { useLocation, useMatches } from 'react-router';
import { isUiLanguage, type UiLanguage } from '../../core/languages.ts';
import { languageSwitchTarget } from '../lib/language-switch.ts';
import type { PageSeo } from '../lib/seo.ts';
import type { LanguageLink } from './language-list.tsx';

/** The deepest route's `seo.alternates`: where the current page lives in each language. */
function useAlternates(): PageSeo['alternates'] | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const data = matches[index]?.loaderData as { seo?: PageSeo } | undefined;
    if (data?.seo?.alternates) return data.seo.alternates;
  }
  return undefined;
}

/** The switch's entries for the page being rendered (on the server: it reads the route data). */
export function useLanguageLinks(language: UiLanguage, languages: string[]): LanguageLink[] {
  const location = useLocation();
  const alternates = useAlternates();
  return languages.filter(isUiLanguage).map((code) => ({
    code,
    current: code === language,
    href: code === language ? null : languageSwitchTarget(location, code, alternates),
  }));
}
