import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches } from 'react-router';
import { serializeCookie } from '../../core/cookies.ts';
import { isUiLanguage, type UiLanguage } from '../../core/languages.ts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from '../../core/visitor-cookies.ts';
import { languageSwitchTarget } from '../lib/language-switch.ts';
import type { PageSeo } from '../lib/seo.ts';

/** The deepest route's `seo.alternates`: where the current page lives in each language. */
function useAlternates(): PageSeo['alternates'] | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const data = matches[index]?.loaderData as { seo?: PageSeo } | undefined;
    if (data?.seo?.alternates) return data.seo.alternates;
  }
  return undefined;
}

const remember = (code: UiLanguage) => {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie; the Cookie Store API is not everywhere yet
  document.cookie = serializeCookie(LANGUAGE_COOKIE, code, {
    maxAgeSeconds: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
    secure: window.location.protocol === 'https:',
  });
};

/** Links to this page in the site's other languages; a language the page lacks is shown but inert. */
export function LanguageSwitcher({
  language,
  languages,
  className,
}: {
  language: UiLanguage;
  languages: string[];
  className: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const alternates = useAlternates();
  const base = 'inline-block rounded px-2 py-1 text-sm font-semibold uppercase';
  return (
    <ul aria-label={t('shell.language')} className={`${className} items-center gap-2`}>
      {languages.filter(isUiLanguage).map((code) => {
        const target = code === language ? null : languageSwitchTarget(location, code, alternates);
        return (
          <li key={code}>
            {code === language ? (
              <span aria-current="true" lang={code} className={`${base} bg-teal-700 text-white`}>
                {code}
              </span>
            ) : target ? (
              <Link
                to={target}
                hrefLang={code}
                lang={code}
                onClick={() => remember(code)}
                className={`${base} text-slate-600 hover:bg-slate-100`}
              >
                {code}
              </Link>
            ) : (
              <span
                aria-disabled="true"
                lang={code}
                title={t('shell.noTranslation')}
                className={`${base} cursor-not-allowed text-slate-500`}
              >
                {code}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
