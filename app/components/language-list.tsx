import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../core/languages.ts';

/** One entry of the language switch: where this page is in that language (null: it has no version). */
export type LanguageLink = { code: UiLanguage; href: string | null; current: boolean };

/**
 * Links to this page in the site's other languages; a language the page lacks is shown but inert.
 * Following one remembers the choice (`data-language`, entry.client.tsx).
 */
export function LanguageList({ links, className }: { links: LanguageLink[]; className: string }) {
  const { t } = useTranslation();
  const base = 'inline-block rounded px-2 py-1 text-sm font-semibold uppercase';
  return (
    <ul aria-label={t('shell.language')} className={`${className} items-center gap-2`}>
      {links.map(({ code, href, current }) => (
        <li key={code}>
          {current ? (
            <span aria-current="true" lang={code} className={`${base} bg-teal-700 text-white`}>
              {code}
            </span>
          ) : href ? (
            <a
              href={href}
              hrefLang={code}
              lang={code}
              data-language={code}
              className={`${base} text-slate-600 hover:bg-slate-100`}
            >
              {code}
            </a>
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
      ))}
    </ul>
  );
}
