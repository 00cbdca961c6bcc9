import { useRouteLoaderData } from 'react-router';
import { localizedPath } from '../../core/route-table.ts';
import { JsonLd } from '../components/json-ld.tsx';
import { PageSections } from '../components/sections/page-sections.tsx';
import { Island } from '../islands/island.tsx';
import { appSettingsContext } from '../lib/context.ts';
import { loadEditMode } from '../lib/edit-mode.server.ts';
import { loadHomeSlugs, loadPage } from '../lib/page-content.server.ts';
import { readPageFlags } from '../lib/page-content.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta, siteOrganization } from '../lib/seo.ts';
import { organizationJsonLd, webSiteJsonLd } from '../lib/structured-data.ts';
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
    imageWidth: post?.media?.width,
    imageHeight: post?.media?.height,
    imageAlt: post?.media?.title,
    alternates: routeAlternates('home'),
    type: 'website',
  };
  const flags = readPageFlags(new URL(args.request.url).searchParams);
  const sectionMedia = sections.length > 0 ? (post?.sectionMedia ?? []) : [];
  const edit =
    post?.type.slug === 'page'
      ? await loadEditMode(
          api,
          args.request,
          language,
          post.id,
          args.context.get(appSettingsContext).devTools === true,
        )
      : null;
  return { language, title: post?.title ?? '', sections, sectionMedia, sectionData, ...flags, edit, seo };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { title, sections, sectionMedia, sectionData, language, edit } = loaderData;
  return (
    <main id="main">
      {root ? (
        <JsonLd
          data={[
            organizationJsonLd(siteOrganization(root)),
            webSiteJsonLd({
              name: root.site.name,
              url: root.origin,
              searchUrl: `${root.origin}${localizedPath('search', language)}`,
              queryParameter: 'search',
              language,
            }),
          ]}
        />
      ) : null}
      {edit ? <Island name="pageEditor" props={edit} /> : null}
      <PageSections
        title={title || root?.site.name || ''}
        sections={sections}
        media={sectionMedia}
        sectionData={sectionData}
        apiKeyId={root?.shell.apiKeyId ?? 0}
        language={language}
        edit={edit ? { mobileView: edit.mobileView } : null}
      />
    </main>
  );
}
