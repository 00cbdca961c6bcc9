import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteLoaderData } from 'react-router';
import { languageOfPath } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import type { RootData } from '../root.tsx';
import { DevtoolsLinks } from './devtools/devtools-links.tsx';

/**
 * The back office's frame: a dark bar naming the administration above the screen. The admin panel's
 * screens (consents, templates, caches) arrive later and render inside it.
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
  const language = languageOfPath(useLocation().pathname);
  const devTools = useRouteLoaderData<RootData>('root')?.devTools === true;
  return (
    <main id="main" className="min-h-[60vh] bg-slate-50">
      <div className="bg-slate-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
          <p className="text-sm font-semibold uppercase tracking-wide">{t('profile.admin.title')}</p>
          {devTools && developer ? <DevtoolsLinks language={language} /> : null}
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-10">{children}</div>
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
