import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import { isUiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { catalogs } from '../i18n/catalog.ts';
import type { RootData, loader as rootLoader } from '../root';
import type { Route } from './+types/home';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  const language = root?.language ?? 'hr';
  const catalog = catalogs[language];
  return [
    { title: `${catalog.meta.homeTitle} | ${root?.site.name ?? ''}` },
    { name: 'description', content: catalog.meta.homeDescription },
  ];
}

export default function Home() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const languages = (root?.site.allowedLanguages ?? []).filter(isUiLanguage);
  return (
    <main id="main" className="mx-auto max-w-3xl px-6 py-24">
      <p className="text-sm font-semibold uppercase tracking-wide text-teal-700">{root?.site.name}</p>
      <h1 className="mt-2 text-4xl font-bold">{t('home.welcome')}</h1>
      <p className="mt-4 text-lg">{t('home.intro')}</p>
      <nav aria-label={t('home.languageLabel')} className="mt-8 flex gap-4">
        {languages.map((language) => (
          <Link key={language} to={localizedPath('home', language)} hrefLang={language} className="underline">
            {language.toUpperCase()}
          </Link>
        ))}
      </nav>
    </main>
  );
}
