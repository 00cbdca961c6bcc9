import { useTranslation } from 'react-i18next';
import { data, useRouteLoaderData } from 'react-router';
import { PageSections } from '../components/sections/page-sections.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { appSettingsContext } from '../lib/context.ts';
import { requestApi } from '../lib/request-language.ts';
import { loadSectionSamples } from '../lib/section-samples.server.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/sectionTool';

/**
 * The section tool (developer tools, outside production only): every section type, rendered by the
 * real section components with the site's own examples or samples, for designing sections. In
 * production (developer tools off) the address does not exist.
 */
export async function loader(args: Route.LoaderArgs) {
  if (!args.context.get(appSettingsContext).devTools) throw data(null, { status: 404 });
  const { language, api } = requestApi(args);
  const texts = catalogs[language].devtools;
  const samples = await loadSectionSamples(api, language, texts);
  const seo: PageSeo = {
    title: texts.sectionToolPage.title,
    alternates: routeAlternates('sectionTool'),
    description: texts.sectionToolPage.intro,
    noindex: true,
  };
  return { language, ...samples, seo };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function SectionTool({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { language, sections, media, sectionData } = loaderData;
  return (
    <main id="main">
      <div className="bg-slate-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-8">
          <h1 className="text-3xl font-bold tracking-tight">{t('devtools.sectionToolPage.title')}</h1>
          <p className="mt-2 text-slate-100">{t('devtools.sectionToolPage.intro')}</p>
          <nav aria-label={t('devtools.sectionToolPage.title')} className="mt-4">
            <ul className="flex flex-wrap gap-2 text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#section-${section.type}`}
                    className="inline-block rounded-full border border-white/60 px-3 py-1 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
                  >
                    {section.type}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
      <PageSections
        title={t('devtools.sectionToolPage.title')}
        sections={sections}
        media={media}
        sectionData={sectionData}
        apiKeyId={root?.shell.apiKeyId ?? 0}
        language={language}
        ownHeading
        sectionLabel={(section) => (
          <p
            id={`section-${section.type}`}
            className="mx-auto max-w-6xl border-t-4 border-dashed border-slate-300 px-4 pt-4 font-mono text-xs font-semibold text-slate-700"
            data-testid="section-tool-label"
          >
            {t('devtools.sectionToolPage.typeHeading', { type: section.type })}
          </p>
        )}
      />
    </main>
  );
}
