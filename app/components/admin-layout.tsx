import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useMatches, useRouteLoaderData } from 'react-router';
import { languageOfPath } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import type { AdminPanelInfo } from '../../server/modules/caches/caches.contract.ts';
import type { RootData } from '../root.tsx';
import { adminNavEntries } from './admin-nav.ts';
import { DevtoolsLinks } from './devtools/devtools-links.tsx';
import { LanguageList } from './language-list.tsx';
import { useLanguageLinks } from './language-switcher.tsx';

/** What the admin loaders return as `adminPanel` (app/lib/admin.ts); absent on error pages. */
function useAdminPanel(): AdminPanelInfo | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const found = (matches[index]?.loaderData as { adminPanel?: AdminPanelInfo } | undefined)?.adminPanel;
    if (found) return found;
  }
  return undefined;
}

/**
 * The back office's frame: a header with the administration's name, its language switch and the way
 * back to the site, and the side navigation (app/components/admin-nav.ts) beside the screen. Without
 * the panel data (an error page) there is no navigation, only the header.
 */
export function AdminLayout({
  children,
  developer = true,
}: {
  children: React.ReactNode;
  /** False for screens a non-back-office visitor sees (the refusal): no developer tools there. */
  developer?: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const language = languageOfPath(pathname);
  const root = useRouteLoaderData('root') as RootData | undefined;
  const languageLinks = useLanguageLinks(language, root?.site.allowedLanguages ?? [language]);
  const devTools = root?.devTools === true;
  const panel = useAdminPanel();
  const entries = panel ? adminNavEntries.filter((entry) => !entry.when || entry.when(panel)) : [];
  // The deepest entry whose address starts the current path is the current one (Home only on itself).
  const current = entries
    .map((entry) => ({ id: entry.id, href: entry.href(language) }))
    .filter(({ href }) => pathname === href || pathname.startsWith(`${href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0]?.id;
  return (
    <main id="main" className="min-h-[60vh] bg-slate-50">
      <div className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
          <p className="text-sm font-semibold uppercase tracking-wide">{t('adminPanel.header')}</p>
          <div className="ml-auto flex flex-wrap items-center gap-4">
            {devTools && developer ? <DevtoolsLinks language={language} /> : null}
            <div className="rounded bg-white px-1" data-testid="admin-languages">
              <LanguageList links={languageLinks} className="flex" />
            </div>
            <a
              href={localizedPath('home', language)}
              className="rounded text-sm font-medium text-white underline focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
              data-testid="admin-back-to-site"
            >
              {t('adminPanel.backToSite')}
            </a>
          </div>
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 md:flex-row">
        {entries.length > 0 ? (
          <nav aria-label={t('adminPanel.nav.label')} className="md:w-56 md:shrink-0" data-testid="admin-nav">
            <ul className="flex flex-wrap gap-2 md:flex-col">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <a
                    href={entry.href(language)}
                    aria-current={entry.id === current ? 'page' : undefined}
                    data-nav={entry.id}
                    className={`block rounded px-3 py-2 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 ${
                      entry.id === current ? 'bg-teal-700 text-white' : 'text-slate-800 hover:bg-white'
                    }`}
                  >
                    {t(entry.label)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </main>
  );
}

/**
 * What every admin screen's error boundary shows: 403 for users without the back-office role, the
 * generic error otherwise, and a way back to the site; `children` follow (e.g. the admin links).
 */
export function AdminRefusal({ error, children }: { error: unknown; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <AdminLayout developer={false}>
      <p className="text-6xl font-bold text-teal-700">{forbidden ? 403 : 500}</p>
      <h1 className="mt-4 text-3xl font-semibold" data-testid="admin-refused">
        {forbidden ? t('profile.admin.forbiddenTitle') : t('errors.genericTitle')}
      </h1>
      {forbidden ? <p className="mt-3 text-slate-700">{t('profile.admin.forbidden')}</p> : null}
      <p className="mt-4">
        <a href={localizedPath('home', language)} className="text-teal-800 underline">
          {t('profile.admin.backToSite')}
        </a>
      </p>
      {children}
    </AdminLayout>
  );
}
