import { useRouteLoaderData } from 'react-router';
import { PageSections } from '../components/sections/page-sections.tsx';
import { loadHomeSlugs, loadPage } from '../lib/page-content.server.ts';
import { readPageFlags } from '../lib/page-content.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/home';

/** The home page is the page named by the site option HomePageSlug for this language, at the root. */
export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const homeSlugs = await loadHomeSlugs(api);
  const slug = homeSlugs[language] ?? homeSlugs.hr;
  const page = slug ? await loadPage(api, slug) : undefined;
  const post = page?.post;
  // A site without a home page still answers at its root, with an empty page rather than an error.
  const sections = post?.type.slug === 'page' ? (post.sections ?? []) : [];
  const sectionData = sections.length > 0 ? (page?.sectionData ?? {}) : {};
  const seo: PageSeo = {
    title: post?.seo.title ?? '',
    description: post?.seo.description,
    image: post?.media?.url ?? null,
    alternates: routeAlternates('home'),
    type: 'website',
  };
  const flags = readPageFlags(new URL(args.request.url).searchParams);
  const sectionMedia = sections.length > 0 ? (post?.sectionMedia ?? []) : [];
  return { language, title: post?.title ?? '', sections, sectionMedia, sectionData, ...flags, seo };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { title, sections, sectionMedia, sectionData, language, mobileView } = loaderData;
  return (
    <main id="main">
      <PageSections
        title={title || root?.site.name || ''}
        sections={sections}
        media={sectionMedia}
        sectionData={sectionData}
        apiKeyId={root?.shell.apiKeyId ?? 0}
        language={language}
        mobileView={mobileView}
      />
    </main>
  );
}
