import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import {
  cliGetDomain,
  cliLatestRelease,
  cliSetDomain,
} from '../../server/modules/devtools/devtools.contract.ts';
import { domainFilter } from '../../server/modules/site/site.contract.ts';
import { AdminLayout } from '../components/admin-layout.tsx';
import { DomainList } from '../components/devtools/domain-list.tsx';
import { differsFromForced } from '../components/devtools/domain-pick.ts';
import { ReleaseList } from '../components/devtools/releases-modal.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { appSettingsContext } from '../lib/context.ts';
import { apiFailure } from '../lib/page-content.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/adminDeveloper';

/**
 * Developer tools (outside production only): the domain picker, which switches the site this
 * development instance serves, and the project's releases from CHANGELOG.md. Not behind the back-office
 * login: after a switch the instance serves another site, where the developer may have no account
 * (docs/decisions/0532). In production the address does not exist.
 */
function requireDevTools(args: { context: Route.LoaderArgs['context'] }) {
  if (!args.context.get(appSettingsContext).devTools) throw data(null, { status: 404 });
}

const outcomes = ['saved', 'failed'] as const;

export async function loader(args: Route.LoaderArgs) {
  requireDevTools(args);
  const { language, api } = requestApi(args);
  const [domains, current, releases] = await Promise.all([
    api.call(domainFilter, { body: { allSites: true } }),
    api.call(cliGetDomain, {}),
    api.call(cliLatestRelease, { body: {} }),
  ]);
  if (domains.errored) throw apiFailure(domains.error.statusCode);
  if (current.errored) throw apiFailure(current.error.statusCode);
  const url = new URL(args.request.url);
  const outcome = outcomes.find((candidate) => candidate === url.searchParams.get('done')) ?? null;
  const seo: PageSeo = {
    title: catalogs[language].devtools.pageTitle,
    alternates: routeAlternates('adminDeveloper'),
    description: catalogs[language].devtools.intro,
    noindex: true,
  };
  return {
    language,
    domains: domains.data.records,
    current: current.data,
    releases: releases.errored ? null : releases.data,
    releasesError: releases.errored ? releases.error.message : null,
    outcome,
    seo,
  };
}

export async function action(args: Route.ActionArgs) {
  requireDevTools(args);
  const { language, api } = requestApi(args);
  const form = await args.request.formData();
  const result = await api.call(cliSetDomain, { body: { domain: String(form.get('domain') ?? '') } });
  const done = result.errored ? 'failed' : 'saved';
  return redirect(`${localizedPath('adminDeveloper', language)}?done=${done}`, 303);
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function AdminDeveloper({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, releases, releasesError } = loaderData;
  return (
    <AdminLayout>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('devtools.pageTitle')}</h1>
      <p className="mt-2 text-slate-700">{t('devtools.intro')}</p>
      <DomainPicker {...loaderData} />
      <section aria-labelledby="releases" className="mt-12">
        <h2 id="releases" className="text-2xl font-semibold text-slate-900">
          {t('devtools.releases.title')}
        </h2>
        <div className="mt-6" data-testid="releases-list">
          {releasesError ? (
            <p role="alert" className="text-red-800">
              {t('devtools.releases.failed', { message: releasesError })}
            </p>
          ) : releases && releases.length > 0 ? (
            <ReleaseList releases={releases} headingLevel={3} />
          ) : (
            <p>{t('devtools.releases.empty')}</p>
          )}
        </div>
      </section>
      <p className="mt-10">
        <a href={localizedPath('admin', language)} className="text-teal-800 underline">
          {t('profile.admin.title')}
        </a>
      </p>
    </AdminLayout>
  );
}

type LoaderData = Route.ComponentProps['loaderData'];

/** The domains of every site as a list of forms: each button switches the instance (works without JS). */
function DomainPicker({ domains, current, outcome }: LoaderData & { language: UiLanguage }) {
  const { t } = useTranslation();
  const selected = current.url;
  const warn = differsFromForced(current);
  return (
    <section aria-labelledby="domain-picker" className="mt-10" data-testid="domain-picker">
      <h2 id="domain-picker" className="text-2xl font-semibold text-slate-900">
        {t('devtools.domains.title')}
      </h2>
      <p className="mt-2 text-slate-700">{t('devtools.domains.intro')}</p>
      {outcome ? (
        <p
          role={outcome === 'failed' ? 'alert' : 'status'}
          className={`mt-4 rounded-lg px-4 py-3 ${outcome === 'failed' ? 'bg-red-50 text-red-800' : 'bg-teal-50 text-teal-900'}`}
          data-testid="domain-outcome"
        >
          {outcome === 'failed'
            ? t('devtools.domains.failed')
            : t('devtools.domains.saved', { url: selected ?? '' })}
        </p>
      ) : null}
      {selected ? (
        <p className="mt-4 font-medium text-slate-900" data-testid="domain-current">
          {t('devtools.domains.current', { url: selected })}
        </p>
      ) : null}
      {warn ? (
        <p
          className="mt-4 rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 text-amber-950"
          data-testid="domain-warning"
        >
          {t('devtools.domains.forcedWarning', { selected, forced: current.forcedUrl })}
        </p>
      ) : null}
      {domains.length === 0 ? (
        <p className="mt-4">{t('devtools.domains.empty')}</p>
      ) : (
        <DomainList
          domains={domains}
          selectedUrl={selected}
          itemTestId="domain-item"
          choose={(domain, className) => (
            <form method="post">
              <input type="hidden" name="domain" value={domain.url} />
              <button type="submit" className={className}>
                {t('devtools.domains.choose', { name: domain.name })}
              </button>
            </form>
          )}
        />
      )}
    </section>
  );
}
