import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { cacheClear, cacheFilter, cacheKey, cacheKeys } from '../../server/modules/caches/caches.contract.ts';
import { AdminTable } from '../components/admin/admin-table.tsx';
import { AdminLayout, AdminRefusal } from '../components/admin-layout.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { adminRefusal, requireBackoffice } from '../lib/admin.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/adminCache';

const ALL = '*';

/** The screen's address with the namespace (and key) shown, or the outcome of a clearing. */
function screenHref(language: UiLanguage, query: Record<string, string | undefined>) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) search.set(name, value);
  const path = localizedPath('adminCache', language);
  return search.size > 0 ? `${path}?${search}` : path;
}

export async function loader(args: Route.LoaderArgs) {
  const { language, api, adminPanel, returnTo } = await requireBackoffice(args, 'adminCache');
  const url = new URL(args.request.url);
  const namespace = url.searchParams.get('namespace') ?? '';
  const key = url.searchParams.get('key') ?? '';
  const overview = await api.call(cacheFilter, {});
  if (overview.errored) adminRefusal(language, returnTo, overview.error.statusCode, overview.error.message);
  const shared = overview.data.kind === 'redis';
  const keys = shared && namespace ? await api.call(cacheKeys, { query: { namespace } }) : null;
  const entry = shared && namespace && key ? await api.call(cacheKey, { query: { namespace, key } }) : null;
  const seo: PageSeo = {
    title: catalogs[language].adminPanel.cache.title,
    alternates: routeAlternates('adminCache'),
    description: catalogs[language].adminPanel.cache.intro,
    noindex: true,
  };
  return {
    language,
    overview: overview.data,
    namespace: keys && !keys.errored ? keys.data : null,
    entry: entry
      ? entry.errored
        ? { missing: true as const, key }
        : { missing: false as const, ...entry.data }
      : null,
    cleared: url.searchParams.get('cleared'),
    failed: url.searchParams.get('failed'),
    seo,
    adminPanel,
  };
}

export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const form = await args.request.formData();
  const target = String(form.get('namespace') ?? '');
  const result = await api.call(cacheClear, { body: target === ALL ? {} : { namespace: target } });
  if (result.errored) {
    if (result.error.statusCode === 401 || result.error.statusCode === 403)
      adminRefusal(
        language,
        localizedPath('adminCache', language),
        result.error.statusCode,
        result.error.message,
      );
    return redirect(screenHref(language, { failed: result.error.message.slice(0, 200) }), 303);
  }
  return redirect(screenHref(language, { cleared: target === ALL ? ALL : target }), 303);
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

/** Bytes as the screen shows them: B, kB, MB (decimal, as the sizes are JSON text). */
function formatBytes(bytes: number, language: UiLanguage) {
  const format = (value: number, unit: string) =>
    `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes < 1000) return format(bytes, 'B');
  if (bytes < 1_000_000) return format(bytes / 1000, 'kB');
  return format(bytes / 1_000_000, 'MB');
}

const buttonClass =
  'rounded-full border px-4 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2';

function ClearButton({ namespace, label, testId }: { namespace: string; label: string; testId: string }) {
  return (
    <form method="post">
      <input type="hidden" name="namespace" value={namespace} />
      <button
        type="submit"
        className={`${buttonClass} border-red-700 text-red-800 hover:bg-red-50`}
        data-testid={testId}
      >
        {label}
      </button>
    </form>
  );
}

export default function AdminCache({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, overview, namespace, entry, cleared, failed } = loaderData;
  return (
    <AdminLayout>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('adminPanel.cache.title')}</h1>
      {overview.kind !== 'redis' ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-amber-900" data-testid="cache-no-server">
          {t('adminPanel.cache.noServer')}
        </p>
      ) : !overview.available ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800"
          data-testid="cache-unavailable"
        >
          {t('adminPanel.cache.unavailable')}
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">{t('adminPanel.cache.intro')}</p>
          {cleared ? (
            <p
              role="status"
              className="mt-4 rounded-lg bg-teal-50 px-4 py-3 text-teal-900"
              data-testid="cache-cleared"
            >
              {cleared === ALL
                ? t('adminPanel.cache.clearedAll')
                : t('adminPanel.cache.cleared', { namespace: cleared })}
            </p>
          ) : null}
          {failed ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800">
              {t('adminPanel.cache.failed', { message: failed })}
            </p>
          ) : null}
          <AdminTable
            caption={t('adminPanel.cache.title')}
            testId="cache-namespaces"
            empty={t('adminPanel.cache.empty')}
            emptyTestId="cache-empty"
            rows={overview.namespaces}
            rowKey={(ns) => ns.name}
            rowProps={(ns) => ({ 'data-namespace': ns.name })}
            columns={[
              {
                id: 'namespace',
                header: t('adminPanel.cache.namespace'),
                rowHeader: true,
                cell: (ns) => (
                  <a
                    href={screenHref(language, { namespace: ns.name })}
                    className="font-mono text-teal-800 underline underline-offset-2"
                    aria-label={t('adminPanel.cache.showKeys', { namespace: ns.name })}
                  >
                    {ns.name}
                  </a>
                ),
              },
              {
                id: 'keys',
                header: t('adminPanel.cache.keys'),
                align: 'end',
                cellTestId: 'namespace-keys',
                cell: (ns) => ns.keys,
              },
              {
                id: 'size',
                header: t('adminPanel.cache.size'),
                align: 'end',
                cell: (ns) => formatBytes(ns.bytes, language),
              },
            ]}
            actions={{
              header: t('adminPanel.cache.actions'),
              cell: (ns) => (
                <ClearButton
                  namespace={ns.name}
                  label={t('adminPanel.cache.clear', { namespace: ns.name })}
                  testId={`clear-${ns.name}`}
                />
              ),
            }}
          />
          <div className="mt-4">
            <ClearButton namespace={ALL} label={t('adminPanel.cache.clearAll')} testId="clear-all" />
          </div>
          {namespace ? (
            <section className="mt-8" aria-labelledby="keys-heading" data-testid="cache-keys">
              <h2 id="keys-heading" className="text-xl font-semibold text-slate-900">
                {t('adminPanel.cache.keysHeading', { namespace: namespace.namespace })}
              </h2>
              {namespace.total === 0 ? (
                <p className="mt-2 text-slate-700">{t('adminPanel.cache.noKeys')}</p>
              ) : (
                <>
                  <p className="mt-1 text-sm text-slate-700">
                    {t('adminPanel.cache.keysShown', {
                      shown: namespace.keys.length,
                      total: namespace.total,
                    })}
                  </p>
                  <ul className="mt-2 max-h-80 space-y-1 overflow-auto rounded border border-slate-200 bg-white p-3">
                    {namespace.keys.map((key) => (
                      <li key={key}>
                        <a
                          href={screenHref(language, { namespace: namespace.namespace, key })}
                          className="break-all font-mono text-sm text-teal-800 underline underline-offset-2"
                        >
                          {key}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          ) : null}
          {entry ? (
            <section className="mt-8" aria-labelledby="key-heading" data-testid="cache-entry">
              <h2 id="key-heading" className="break-all text-xl font-semibold text-slate-900">
                {t('adminPanel.cache.keyHeading', { key: entry.key })}
              </h2>
              {entry.missing ? (
                <p className="mt-2 text-slate-700">{t('adminPanel.cache.keyMissing')}</p>
              ) : (
                <>
                  <p className="mt-1 text-sm text-slate-700">
                    {entry.ttlSeconds === null
                      ? t('adminPanel.cache.keyMetaForever', { bytes: formatBytes(entry.bytes, language) })
                      : t('adminPanel.cache.keyMeta', {
                          bytes: formatBytes(entry.bytes, language),
                          ttl: t('adminPanel.cache.seconds', { count: entry.ttlSeconds }),
                        })}
                  </p>
                  {entry.truncated ? (
                    <p className="mt-1 text-sm text-slate-700">{t('adminPanel.cache.truncated')}</p>
                  ) : null}
                  <pre
                    className="mt-2 max-h-[32rem] overflow-auto rounded border border-slate-300 bg-white p-3 text-sm text-slate-900"
                    data-testid="cache-value"
                    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
                    tabIndex={0}
                  >
                    {entry.value}
                  </pre>
                </>
              )}
            </section>
          ) : null}
        </>
      )}
    </AdminLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRefusal error={error} />;
}
