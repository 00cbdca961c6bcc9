import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation } from 'react-router';
import { languageOfPath } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';

/**
 * The back office's frame: a dark bar naming the administration above the screen. The admin panel's
 * screens (consents, templates, caches) arrive later and render inside it.
 */
export function AdminLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="min-h-[60vh] bg-slate-50">
      <div className="bg-slate-900 text-white">
        <p className="mx-auto max-w-6xl px-4 py-3 text-sm font-semibold uppercase tracking-wide">
          {t('profile.admin.title')}
        </p>
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
    <AdminLayout>
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
