import { useTranslation } from 'react-i18next';
import { useRouteLoaderData } from 'react-router';
import { catalogs } from '../i18n/catalog.ts';
import type { RootData, loader as rootLoader } from '../root';
import type { Route } from './+types/home';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  const catalog = catalogs[root?.language ?? 'hr'];
  return [
    { title: `${catalog.meta.homeTitle} | ${root?.site.name ?? ''}` },
    { name: 'description', content: catalog.meta.homeDescription },
  ];
}

/** Placeholder until the home page is built from its sections (site shell issue). */
export default function Home() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <main id="main" className="mx-auto max-w-3xl px-6 py-24">
      <p className="text-sm font-semibold uppercase tracking-wide text-teal-700">{root?.site.name}</p>
      <h1 className="mt-2 text-4xl font-bold">{t('home.welcome')}</h1>
      <p className="mt-4 text-lg">{t('home.intro')}</p>
    </main>
  );
}
