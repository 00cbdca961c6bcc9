import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { Island } from '../../islands/island.tsx';

/** Where the API reference is served (server/http.ts). */
const API_DOCS_PATH = '/api/docs';

/**
 * The developer tools in the admin header and the storefront's admin toolbar (outside production
 * only): the changelog, the API documentation, the section tool, the domain picker (a modal; a link
 * to the developer screen without JavaScript) and the releases modal's button.
 */
export function DevtoolsLinks({ language }: { language: UiLanguage }) {
  const { t } = useTranslation();
  const link =
    'rounded text-sm text-white underline underline-offset-2 hover:text-teal-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
  return (
    <nav aria-label={t('devtools.navTitle')} data-testid="devtools-links">
      <ul className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <li>
          <a href={`${localizedPath('adminDeveloper', language)}#releases`} className={link}>
            {t('devtools.changelog')}
          </a>
        </li>
        <li>
          <a href={API_DOCS_PATH} className={link}>
            {t('devtools.apiDocs')}
          </a>
        </li>
        <li>
          <a href={localizedPath('sectionTool', language)} className={link}>
            {t('devtools.sectionTool')}
          </a>
        </li>
        <li>
          <Island
            name="domainPicker"
            props={{ language, pageHref: localizedPath('adminDeveloper', language) }}
          />
        </li>
        <li>
          <Island name="releasesModal" props={{ language }} />
        </li>
      </ul>
    </nav>
  );
}
