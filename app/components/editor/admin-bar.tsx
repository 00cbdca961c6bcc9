import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { DevtoolsLinks } from '../devtools/devtools-links.tsx';

/**
 * The admin toolbar outside edit mode, for back-office users only: the way into edit mode on this
 * page, the admin panel and (with the developer tools, outside production) the API documentation. Plain links rendered on the server (no script);
 * a page with a session is never shared by the page cache.
 */
export function AdminBar({
  language,
  path,
  devTools,
}: {
  language: UiLanguage;
  path: string;
  devTools: boolean;
}) {
  const { t } = useTranslation();
  const link = 'font-medium text-white underline underline-offset-4 hover:text-teal-100';
  return (
    <nav aria-label={t('editor.toolbar')} className="bg-slate-900 text-sm text-white" data-testid="admin-bar">
      <ul className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2">
        <li>
          <a className={link} href={`${path}?editPage=true`}>
            {t('editor.editPage')}
          </a>
        </li>
        <li>
          <a className={link} href={localizedPath('admin', language)}>
            {t('editor.adminPanel')}
          </a>
        </li>
        {devTools ? (
          <li className="ml-auto">
            <DevtoolsLinks language={language} />
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
