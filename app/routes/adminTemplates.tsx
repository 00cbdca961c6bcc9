import { useTranslation } from 'react-i18next';
import { localizedPath } from '../../core/route-table.ts';
import { mailTemplateFilter } from '../../server/modules/mail/mail-admin.contract.ts';
import { AdminLayout, AdminRefusal } from '../components/admin-layout.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { adminRefusal, requireBackoffice } from '../lib/admin.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/adminTemplates';

export async function loader(args: Route.LoaderArgs) {
  const { language, api, adminPanel, returnTo } = await requireBackoffice(args, 'adminTemplates');
  const result = await api.call(mailTemplateFilter, {});
  if (result.errored) adminRefusal(language, returnTo, result.error.statusCode, result.error.message);
  const seo: PageSeo = {
    title: catalogs[language].adminPanel.templates.title,
    alternates: routeAlternates('adminTemplates'),
    description: catalogs[language].adminPanel.templates.intro,
    noindex: true,
  };
  return { language, list: result.data, seo, adminPanel };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

const badge: Record<'site' | 'default' | 'none', string> = {
  site: 'bg-teal-100 text-teal-900',
  default: 'bg-slate-200 text-slate-800',
  none: 'bg-amber-100 text-amber-900',
};

export default function AdminTemplates({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, list } = loaderData;
  return (
    <AdminLayout>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('adminPanel.templates.title')}</h1>
      <p className="mt-2 text-slate-700">{t('adminPanel.templates.intro')}</p>
      <ul className="mt-6 space-y-4" data-testid="template-list">
        {list.records.map((record) => (
          <li
            key={record.key}
            className="rounded-lg border border-slate-200 bg-white p-4"
            data-template={record.key}
          >
            <h2 className="font-mono text-lg font-semibold text-slate-900">{record.key}</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {record.languages.map((entry) => (
                <li key={entry.languageCode}>
                  <a
                    href={localizedPath('adminTemplate', language, {
                      key: record.key,
                      language: entry.languageCode,
                    })}
                    className="inline-flex items-center gap-2 rounded-full border border-slate-400 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700"
                    data-testid={`edit-${record.key}-${entry.languageCode}`}
                  >
                    <span className="sr-only">
                      {t('adminPanel.templates.edit', { key: record.key, language: entry.languageCode })}
                    </span>
                    <span aria-hidden="true" className="font-semibold uppercase">
                      {entry.languageCode}
                    </span>
                    <span className={`rounded px-1.5 text-xs ${badge[entry.source]}`}>
                      {t(`adminPanel.templates.source_${entry.source}`)}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
            {record.variables.length > 0 ? (
              <p className="mt-3 flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm text-slate-700">
                <span>{t('adminPanel.templates.variables')}:</span>
                {record.variables.map((variable) => (
                  <code key={variable.name} className="rounded bg-slate-100 px-1 text-slate-900">
                    {variable.name}
                  </code>
                ))}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </AdminLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRefusal error={error} />;
}
