import { useTranslation } from 'react-i18next';
import { defaultLanguage, isUiLanguage } from '../../core/languages.ts';
import { formatDate } from '../../core/money.ts';
import type { PostCard as PostCardData } from '../../server/modules/cms/cms.contract.ts';

/** Category titles of a post as the card shows them: 'Parenting / Resilience'. */
export const categoryLine = (post: Pick<PostCardData, 'terms'>) =>
  post.terms.categories.map((category) => category.title).join(' / ');

/** A blog post teaser: image, date, categories, title and a read-more link. */
export function PostCard({ post, headingLevel = 3 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const language = isUiLanguage(i18n.language) ? i18n.language : defaultLanguage;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const date = post.published_at ?? post.created_at;
  const categories = categoryLine(post);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-teal-700 focus-within:ring-offset-2">
      <div className="aspect-[3/2] overflow-hidden bg-slate-100">
        {post.media ? (
          <img
            src={post.media.url}
            width={post.media.width ?? undefined}
            height={post.media.height ?? undefined}
            // The title follows right below: an image named after it adds nothing for a screen reader.
            alt={post.media.title === post.title ? '' : post.media.title}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-full w-full items-center justify-center bg-gradient-to-br from-teal-50 via-slate-50 to-teal-100 text-teal-700/40"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-12 w-12"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            >
              <path d="M4 5h16v14H4z" strokeLinejoin="round" />
              <path d="m4 16 5-5 4 4 3-3 4 4" strokeLinejoin="round" />
              <circle cx="15.5" cy="8.5" r="1.5" />
            </svg>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <time dateTime={date}>{formatDate(date, language)}</time>
          {categories && (
            <>
              <span aria-hidden="true">·</span>
              <span className="font-medium text-teal-800">
                <span className="sr-only">{t('blog.categories')}: </span>
                {categories}
              </span>
            </>
          )}
        </p>
        <Heading className="mt-2 text-lg font-semibold leading-snug text-slate-900">
          <a
            href={post.link}
            className="rounded-sm hover:text-teal-700 focus:outline-none focus-visible:underline"
          >
            {post.title}
          </a>
        </Heading>
        {post.excerpt && <p className="mt-2 line-clamp-3 text-slate-600">{post.excerpt}</p>}
        <a
          href={post.link}
          className="mt-auto inline-flex items-center gap-1 self-start pt-4 font-medium text-teal-700 hover:text-teal-900 hover:underline focus:outline-none focus-visible:underline"
        >
          <span aria-hidden="true">{t('blog.readMore')}</span>
          <span className="sr-only">{t('blog.readMoreAbout', { title: post.title })}</span>
          <span aria-hidden="true">→</span>
        </a>
      </div>
    </article>
  );
}
