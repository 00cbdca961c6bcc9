import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { languageOfPath, type UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { AdminLayout, AdminRefusal } from '../components/admin-layout.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { requireBackoffice } from '../lib/admin.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/admin';

/** The back-office user of the request (see app/lib/admin.ts); kept here for screens that import it. */
export { requireBackoffice };

export async function loader(args: Route.LoaderArgs) {
  const { language, user, adminPanel } = await requireBackoffice(args);
  const seo: PageSeo = {
    title: catalogs[language].profile.admin.title,
    alternates: routeAlternates('admin'),
    description: catalogs[language].profile.admin.intro,
    noindex: true,
  };
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.displayName || user.email;
  return { language, name, email: user.email, seo, adminPanel };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, name, email } = loaderData;
  return (
    <AdminLayout>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('profile.admin.title')}</h1>
      <p className="mt-3 text-lg text-slate-800" data-testid="admin-user">
        {t('profile.admin.signedInAs', { name, email })}
      </p>
      <p className="mt-2 text-slate-700">{t('profile.admin.intro')}</p>
      <AdminLinks language={language} />
    </AdminLayout>
  );
}

/** Beside the side navigation (the admin screens): the way to the user's own profile. */
function AdminLinks({ language }: { language: UiLanguage }) {
  const { t } = useTranslation();
  const linkClass =
    'inline-block rounded-full border border-slate-400 px-5 py-2.5 font-medium text-slate-800 hover:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2';
  return (
    <ul className="mt-8 flex flex-wrap gap-3">
      <li>
        <a href={localizedPath('profile', language)} className={linkClass}>
          {t('profile.admin.profile')}
        </a>
      </li>
    </ul>
  );
}

/** 403 for users without the back-office role; other failures show the generic error. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const language = languageOfPath(useLocation().pathname);
  return (
    <AdminRefusal error={error}>
      <AdminLinks language={language} />
    </AdminRefusal>
  );
}
