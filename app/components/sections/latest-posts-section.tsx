import { useTranslation } from 'react-i18next';
import { PostCard } from '../post-card.tsx';
import { useEditField, useEditing } from './edit-fields.tsx';
import { SectionButton } from './section-link.tsx';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

/** The newest blog posts (optionally of one category), loaded by the page loader. */
export function LatestPostsSection({ content, data, headingLevel }: SectionProps<'latest-posts'>) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const field = useEditField();
  const editing = useEditing();
  const posts = data.posts ?? [];
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        {(content.title || editing) && (
          <Heading className={sectionTitle} {...field('title')}>
            {content.title}
          </Heading>
        )}
        <SectionButton link={content.button} variant="outline" className="hidden sm:inline-flex" />
      </div>
      {posts.length > 0 ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} headingLevel={headingLevel === 1 ? 2 : 3} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-600">{t('content.noPosts')}</p>
      )}
      <SectionButton link={content.button} variant="outline" className="mt-8 sm:hidden" />
    </section>
  );
}
