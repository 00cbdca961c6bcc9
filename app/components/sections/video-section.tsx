import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsent } from '../consent-context.tsx';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/**
 * A YouTube video from the privacy-enhanced domain. Nothing is requested from YouTube until the
 * visitor plays it (a local poster with a play button stands in) unless they accepted marketing
 * cookies, which covers third-party embeds. A plain link to the video is the fallback.
 */
export function VideoSection({ settings, content, headingLevel }: SectionProps<'video'>) {
  const { t } = useTranslation();
  const consent = useConsent();
  const [played, setPlayed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  // Keyboard users keep their place: the button they pressed gives way to the player.
  useEffect(() => {
    if (played) frame.current?.focus();
  }, [played]);
  if (settings.provider !== 'youtube' || !YOUTUBE_ID.test(settings.videoId ?? '')) return null;
  const videoId = settings.videoId;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const title = content.title ?? '';
  const embed = played || (consent?.includes('marketing') ?? false);
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      <div className="mx-auto max-w-4xl">
        {title && <Heading className={sectionTitle}>{title}</Heading>}
        <div className="mt-6 aspect-video overflow-hidden rounded-3xl bg-slate-900 shadow-sm">
          {embed ? (
            <iframe
              ref={frame}
              // A click is the visitor asking to watch: the player starts without a second click.
              src={`https://www.youtube-nocookie.com/embed/${videoId}?rel=0${played ? '&autoplay=1' : ''}`}
              title={t('content.videoTitle', { title })}
              loading={played ? undefined : 'lazy'}
              allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
              className="h-full w-full border-0"
            />
          ) : (
            <button
              type="button"
              onClick={() => setPlayed(true)}
              aria-label={title ? t('content.videoPlayTitled', { title }) : t('content.videoPlay')}
              aria-describedby={`video-note-${videoId}`}
              className="group relative flex h-full w-full flex-col items-center justify-center gap-4 bg-gradient-to-br from-teal-800 via-teal-900 to-slate-900 px-6 text-center text-white focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-amber-300"
              data-testid="video-poster"
            >
              <span
                aria-hidden="true"
                className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 text-teal-800 shadow-lg transition group-hover:scale-105 md:h-20 md:w-20"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="ml-1 h-8 w-8 md:h-10 md:w-10"
                  fill="currentColor"
                >
                  <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
                </svg>
              </span>
              {title && <span className="max-w-xl text-lg font-semibold md:text-2xl">{title}</span>}
              <span id={`video-note-${videoId}`} className="max-w-md text-sm text-teal-100">
                {t('content.videoConsentNote')}
              </span>
            </button>
          )}
        </div>
        <div className="mt-3 flex flex-wrap items-baseline justify-between gap-3 text-sm text-slate-600">
          {content.caption && <p className="max-w-2xl">{content.caption}</p>}
          <a
            href={`https://www.youtube.com/watch?v=${videoId}`}
            target="_blank"
            rel="noopener noreferrer"
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
