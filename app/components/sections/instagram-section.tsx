import { useTranslation } from 'react-i18next';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

/** The longest caption shown under a post and used as its image's text alternative. */
const CAPTION_CHARS = 140;

const shortCaption = (caption: string) => {
  const text = caption.replace(/\s+/g, ' ').trim();
  return text.length > CAPTION_CHARS ? `${text.slice(0, CAPTION_CHARS - 1).trimEnd()}…` : text;
};

/**
 * Recent Instagram posts of the site's hashtags, loaded by the page loader. Nothing at all when there
 * are none (Instagram not configured, down or without posts). The browser fetches only the images;
 * each post links to Instagram (new tab). Captions are text, never HTML.
 */
export function InstagramSection({ content, data, headingLevel }: SectionProps<'instagram'>) {
  const { t } = useTranslation();
  const posts = data.instagram ?? [];
  if (posts.length === 0) return null;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const title = content.title || t('devtools.instagram.title');
  const kind = {
    IMAGE: null,
    VIDEO: t('devtools.instagram.video'),
    CAROUSEL_ALBUM: t('devtools.instagram.album'),
  };
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`} aria-label={title}>
      <Heading className={sectionTitle}>{title}</Heading>
      {content.text && <p className="mt-3 max-w-2xl text-slate-700">{content.text}</p>}
      <ul
        className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-4"
        aria-label={t('devtools.instagram.listLabel')}
      >
        {posts.map((post) => {
          const caption = shortCaption(post.caption);
          const badge = kind[post.media_type];
          return (
            <li key={post.id} data-media-type={post.media_type}>
              <a
                href={post.permalink}
                target="_blank"
                rel="noopener noreferrer"
                className="group block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
              >
                <span className="relative block aspect-square overflow-hidden rounded-lg bg-slate-200">
                  <img
                    src={post.media_url}
                    alt={caption || t('devtools.instagram.image')}
                    loading="lazy"
                    decoding="async"
                    referrerPolicy="no-referrer"
                    width={320}
                    height={320}
                    className="h-full w-full object-cover transition-transform group-hover:scale-105"
                  />
                  {badge && (
                    <span className="absolute top-2 right-2 rounded bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">
                      {badge}
                    </span>
                  )}
                </span>
                {caption && <span className="mt-2 line-clamp-2 block text-sm text-slate-700">{caption}</span>}
                <span className="sr-only"> {t('devtools.instagram.opensInstagram')}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
