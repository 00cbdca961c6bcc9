import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect, useLocation, useRouteLoaderData } from 'react-router';
import type { UiLanguage } from '../../core/languages.ts';
import { eventLink, productLink } from '../../core/links.ts';
import { formatDate } from '../../core/money.ts';
import { localizedPath } from '../../core/route-table.ts';
import { finderDecide, finderUrlOnLanguage, type PostView } from '../../server/modules/cms/cms.contract.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { CommentThread } from '../components/comments/comment-thread.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { PostCard } from '../components/post-card.tsx';
import { HtmlContent } from '../components/sections/html-content.tsx';
import { leadingHero, PageSections } from '../components/sections/page-sections.tsx';
import { ShareLinks } from '../components/share-links.tsx';
import { Island } from '../islands/island.tsx';
import type { ApiClient } from '../lib/api-client.ts';
import { loadCommentThread } from '../lib/comment-thread.ts';
import { appSettingsContext } from '../lib/context.ts';
import { loadEditMode } from '../lib/edit-mode.server.ts';
import { namesNothing, notFoundOrRedirect } from '../lib/not-found.server.ts';
import { loadHomeSlugs, loadPage } from '../lib/page-content.server.ts';
import { apiFailure, postAlternates, readPageFlags } from '../lib/page-content.ts';
import { requestApi } from '../lib/request-language.ts';
import type { PageSeo } from '../lib/seo.ts';
import { seoMeta, siteOrganization } from '../lib/seo.ts';
import { absoluteTo, blogPostingJsonLd } from '../lib/structured-data.ts';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/page';

/**
 * The catch-all `/:slug`: the finder says what the slug names. Pages and blog posts render here;
 * blog categories, products, shop categories and events live elsewhere, so their slugs redirect
 * permanently to their own address. Nothing at all: stored redirects, then 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const url = new URL(args.request.url);
  const slug = args.params.slug;
  const [decided, homeSlugs] = await Promise.all([
    api.call(finderDecide, { query: { slug } }),
    // Only for the home-slug redirect below: without it the page still renders.
    loadHomeSlugs(api).catch(() => ({}) as Awaited<ReturnType<typeof loadHomeSlugs>>),
  ]);
  if (decided.errored) {
    if (namesNothing(decided.error)) return notFoundOrRedirect(api, args.request);
    throw apiFailure(decided.error.statusCode);
  }
  const resource = decided.data;
  switch (resource.resourceType) {
    case 'term':
      throw redirect(
        `${await urlOnLanguage(api, language, { termId: resource.id }, () => localizedPath('blog', language, { slug: resource.slug }))}${url.search}`,
        301,
      );
    case 'product':
      throw redirect(`${productLink(resource.slug, language)}${url.search}`, 301);
    case 'category':
      throw redirect(`${localizedPath('shop', language, { slug: resource.slug })}${url.search}`, 301);
    case 'event':
      throw redirect(eventLink(resource.id, language), 301);
  }
  // The home page is shown at the language's root, never under its own slug.
  if (resource.resourceType === 'page' && homeSlugs[language] === slug)
    throw redirect(`${localizedPath('home', language)}${url.search}`, 301);
  const page = await loadPage(api, slug);
  if (!page) {
    // The slug is this page's name in another language: send the visitor to its name in this one.
    const target = await urlOnLanguage(api, language, { postId: resource.id }, () => null);
    if (target && target !== url.pathname) throw redirect(`${target}${url.search}`, 301);
    return notFoundOrRedirect(api, args.request);
  }
  const { post, sectionData } = page;
  const seo: PageSeo = {
    title: post.seo.title,
    description: post.seo.description,
    image: post.media?.url ?? null,
    imageWidth: post.media?.width,
    imageHeight: post.media?.height,
    imageAlt: post.media?.title,
    alternates: postAlternates(post),
    type: post.type.slug === 'post' ? 'article' : 'website',
    publishedTime: post.type.slug === 'post' ? (post.published_at ?? post.created_at) : null,
    modifiedTime: post.type.slug === 'post' ? post.updated_at : null,
  };
  const comments = post.type.slug === 'post' ? await loadCommentThread(api, 'post', post.id, url) : null;
  const edit =
    post.type.slug === 'page'
      ? await loadEditMode(
          api,
          args.request,
          language,
          post.id,
          args.context.get(appSettingsContext).devTools === true,
        )
      : null;
  return { language, post, sectionData, comments, ...readPageFlags(url.searchParams), edit, seo };
}

/** The address of a post or term in `language`, or the fallback when the API has none. */
async function urlOnLanguage<T>(
  api: ApiClient,
  language: UiLanguage,
  target: { termId: number } | { postId: number },
  fallback: () => T,
): Promise<string | T> {
  const result = await api.call(finderUrlOnLanguage, { body: { newLanguage: language, ...target } });
  return result.errored ? fallback() : result.data.url;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { post, language, sectionData, edit } = loaderData;
  const apiKeyId = root?.shell.apiKeyId ?? 0;
  if (post.type.slug === 'post')
    return <BlogPost post={post} language={language} comments={loaderData.comments} />;
  const sections = post.sections ?? [];
  // A page with a body whose sections do not open with a hero (the contact page and its form): the
  // title banner and the body first, then the sections.
  if (sections.length > 0 && (!post.body?.trim() || leadingHero(sections)))
    return (
      <main id="main">
        {edit ? <Island name="pageEditor" props={edit} /> : null}
        <PageSections
          title={post.title}
          sections={sections}
          media={post.sectionMedia ?? []}
          sectionData={sectionData}
          apiKeyId={apiKeyId}
          language={language}
          edit={edit ? { mobileView: edit.mobileView } : null}
        />
      </main>
    );
  return (
    <PlainPage post={post} language={language} editTitle={edit !== null && sections.length > 0}>
      {edit && sections.length > 0 ? <Island name="pageEditor" props={edit} /> : null}
      {sections.length > 0 ? (
        <PageSections
          title={post.title}
          titled
          sections={sections}
          media={post.sectionMedia ?? []}
          sectionData={sectionData}
          apiKeyId={apiKeyId}
          language={language}
          edit={edit ? { mobileView: edit.mobileView } : null}
        />
      ) : null}
    </PlainPage>
  );
}

/** A page without sections (legal texts), or a body above sections (contact): a title banner, breadcrumb and the body. */
function PlainPage({
  post,
  language,
  children,
  editTitle = false,
}: {
  post: PostView;
  language: UiLanguage;
  children?: ReactNode;
  /** Edit mode: the title is editable in place. */
  editTitle?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <main id="main">
      <div className="relative isolate overflow-hidden bg-teal-800">
        {post.media && (
          <img
            src={post.media.url}
            width={post.media.width ?? undefined}
            height={post.media.height ?? undefined}
            alt=""
            fetchPriority="high"
            className="absolute inset-0 -z-10 h-full w-full object-cover object-top opacity-20"
          />
        )}
        <div className="mx-auto max-w-6xl px-4 py-14 md:py-20">
          {/* An opaque panel under the text: its contrast does not depend on the cover image. */}
          <div
            className="relative inline-block max-w-3xl rounded-2xl bg-teal-900 px-5 py-4 shadow-lg md:px-8 md:py-6"
            data-testid="title-panel"
          >
            <Breadcrumb
              inverted
              items={[
                { label: t('content.home'), href: localizedPath('home', language) },
                { label: post.title },
              ]}
            />
            <h1
              className="mt-4 text-3xl font-bold tracking-tight text-white md:text-5xl"
              {...(editTitle ? { 'data-edit-page-title': '' } : {})}
            >
              {post.title}
            </h1>
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-12">
        <HtmlContent html={post.body ?? ''} />
      </div>
      {children}
    </main>
  );
}

/** A blog post: cover, breadcrumb, title, date and author, body, share links, related posts. */
function BlogPost({
  post,
  language,
  comments,
}: {
  post: PostView;
  language: UiLanguage;
  comments: Awaited<ReturnType<typeof loadCommentThread>> | null;
}) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const location = useLocation();
  const absoluteUrl = `${root?.origin ?? ''}${location.pathname}`;
  const related = (post.relatedPosts ?? []).slice(0, 3);
  // The date the blog list shows too: publishing, which editors set, not the draft's creation.
  const date = post.published_at ?? post.created_at;
  const origin = root?.origin ?? '';
  return (
    <main id="main">
      {root ? (
        <JsonLd
          data={blogPostingJsonLd(
            {
              headline: post.title,
              url: absoluteUrl,
              description: post.seo.description,
              image: post.media ? absoluteTo(origin, post.media.url) : null,
              datePublished: date,
              dateModified: post.updated_at,
              authorName: post.user.displayName,
              language,
            },
            siteOrganization(root),
          )}
        />
      ) : null}
      <article>
        <header className="mx-auto max-w-4xl px-4 pt-8 md:pt-12">
          <Breadcrumb
            items={[
              { label: t('content.home'), href: localizedPath('home', language) },
              { label: t('content.blog'), href: localizedPath('blog', language) },
              { label: post.title },
            ]}
          />
          {post.media && (
            <img
              src={post.media.url}
              width={post.media.width ?? undefined}
              height={post.media.height ?? undefined}
              alt={post.media.title}
              fetchPriority="high"
              className="mt-6 aspect-[16/9] w-full rounded-3xl object-cover shadow-sm"
            />
          )}
          {post.terms.categories.length > 0 && (
            <p className="mt-8 text-sm font-semibold uppercase tracking-wide text-teal-800">
              {post.terms.categories.map((category) => category.title).join(' / ')}
            </p>
          )}
          <h1 className="mt-2 text-3xl font-bold leading-tight tracking-tight text-slate-900 md:text-5xl">
            {post.title}
          </h1>
          <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-slate-600">
            <div className="flex gap-1">
              <dt>{t('content.publishedOn')}:</dt>
              <dd>
                <time dateTime={date}>{formatDate(date, language)}</time>
              </dd>
            </div>
            {post.user.displayName && (
              <div className="flex gap-1">
                <dt>{t('content.author')}:</dt>
                <dd className="font-medium text-slate-800">{post.user.displayName}</dd>
              </div>
            )}
          </dl>
        </header>
        <div className="mx-auto max-w-3xl px-4 py-10">
          <HtmlContent html={post.body ?? ''} />
          <div className="mt-12 border-t border-slate-200 pt-6">
            <ShareLinks url={absoluteUrl} title={post.title} />
          </div>
          {comments ? (
            <CommentThread
              kind="post"
              targetId={post.id}
              language={language}
              loggedIn={root?.user != null}
              path={location.pathname}
              {...comments}
            />
          ) : null}
        </div>
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
            <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl">
              {t('content.furtherReading')}
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((card) => (
                <li key={card.id}>
                  <PostCard post={card} headingLevel={3} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </main>
  );
}
