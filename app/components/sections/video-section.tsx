import { useTranslation } from 'react-i18next';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/**
 * A YouTube video from the privacy-enhanced domain (no tracking cookies until the visitor plays it),
 * loaded lazily, with a plain link to the video as a fallback.
 */
export function VideoSection({ settings, content, headingLevel }: SectionProps<'video'>) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  if (settings.provider !== 'youtube' || !YOUTUBE_ID.test(settings.videoId ?? '')) return null;
  const videoId = settings.videoId;
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      <div className="mx-auto max-w-4xl">
        {content.title && <Heading className={sectionTitle}>{content.title}</Heading>}
        <div className="mt-6 aspect-video overflow-hidden rounded-3xl bg-slate-900 shadow-sm">
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${videoId}?rel=0`}
            title={t('content.videoTitle', { title: content.title ?? '' })}
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
            className="h-full w-full border-0"
          />
        </div>
        <div className="mt-3 flex flex-wrap items-baseline justify-between gap-3 text-sm text-slate-600">
          {content.caption && <p className="max-w-2xl">{content.caption}</p>}
          <a
            href={`https://www.youtube.com/watch?v=${videoId}`}
            target="_blank"
            rel="noopener"
            className="font-medium text-teal-800 underline-offset-2 hover:underline"
          >
            {t('content.videoFallback')}
            <span className="sr-only"> {t('content.newTab')}</span>
          </a>
        </div>
      </div>
    </section>
  );
}
