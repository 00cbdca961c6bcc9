import { useTranslation } from 'react-i18next';
import { isUiLanguage, languageName, uiLanguages } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { shellMenus } from '../../server/modules/cms/cms.contract.ts';
import { navigationEditState } from '../../server/modules/cms/navigation-editor.contract.ts';
import { AdminLayout, AdminRefusal } from '../components/admin-layout.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { Island } from '../islands/island.tsx';
import { privatePageHeaders } from '../lib/account.ts';
import { adminRefusal, requireBackoffice } from '../lib/admin.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/adminNavigation';

type Menu = (typeof shellMenus)[number];

export async function loader(args: Route.LoaderArgs) {
  const { language, api, adminPanel, returnTo } = await requireBackoffice(args, 'adminNavigation');
  const url = new URL(args.request.url);
  const asked = url.searchParams.get('menu');
  const menu: Menu = shellMenus.find((candidate) => candidate === asked) ?? 'main';
  const askedLanguage = url.searchParams.get('language');
  const editLanguage = askedLanguage && isUiLanguage(askedLanguage) ? askedLanguage : language;
  const result = await api.call(navigationEditState, {
    params: { id: menu },
    query: { language: editLanguage },
  });
  if (result.errored) adminRefusal(language, returnTo, result.error.statusCode, result.error.message);
  const seo: PageSeo = {
    title: catalogs[language].navigation.title,
    alternates: routeAlternates('adminNavigation'),
    description: catalogs[language].navigation.intro,
    noindex: true,
  };
  return { language, menu, editLanguage, state: result.data!, seo, adminPanel, returnTo };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

const fieldClass =
  'mt-1 block rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700';

export default function AdminNavigation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, menu, editLanguage, state } = loaderData;
  const screen = localizedPath('adminNavigation', language);
  return (
    <AdminLayout>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('navigation.title')}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{t('navigation.intro')}</p>
      {/* A plain GET form: choosing a menu and a language is a page load, with or without JavaScript. */}
      <form method="get" action={screen} className="mt-6 flex flex-wrap items-end gap-4">
        <fieldset className="contents">
          <legend className="sr-only">{t('navigation.choose')}</legend>
          <label className="text-sm font-semibold text-slate-800">
            {t('navigation.menu')}
            <select name="menu" defaultValue={menu} className={fieldClass}>
              {shellMenus.map((handle) => (
                <option key={handle} value={handle}>
                  {t(`navigation.menus.${handle}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold text-slate-800">
            {t('navigation.language')}
            <select name="language" defaultValue={editLanguage} className={fieldClass}>
              {uiLanguages.map((code) => (
                <option key={code} value={code}>
                  {languageName(code, language)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="rounded-full border border-slate-400 bg-white px-5 py-2 font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
          >
            {t('navigation.open')}
          </button>
        </fieldset>
      </form>
      <Island
        name="navigationEditor"
        props={{
          menuName: t(`navigation.menus.${menu}`),
          languageName: languageName(editLanguage, language),
          reloadHref: `${screen}?${new URLSearchParams({ menu, language: editLanguage })}`,
          initial: state,
        }}
      />
    </AdminLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRefusal error={error} />;
}
