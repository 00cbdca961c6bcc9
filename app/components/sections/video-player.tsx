import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsentCategory } from '../../../core/cookie-consent.ts';
import { useConsentState } from '../../islands/consent-store.ts';

/**
 * The video section's player (the `video` island): a local poster with a play button until the
 * visitor plays the video or has accepted marketing cookies, then YouTube's privacy-enhanced embed.
 * `consent` is what the server read from the cookie; accepting the banner in this page embeds at once.
 */
export function VideoPlayer({
  videoId,
  title,
  consent: initial,
}: {
  videoId: string;
  title: string;
  consent: ConsentCategory[] | null;
}) {
  const { t } = useTranslation();
  const consent = useConsentState(initial);
  const [played, setPlayed] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  // Keyboard users keep their place: the button they pressed gives way to the player.
  useEffect(() => {
    if (played) frame.current?.focus();
  }, [played]);
  const embed = played || (consent?.includes('marketing') ?? false);
  return (
    <>
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
        // The note is outside the button: a control's name must contain the text it shows (WCAG 2.5.3).
        <div className="relative h-full w-full">
          <button
            type="button"
            onClick={() => setPlayed(true)}
            aria-label={title ? t('content.videoPlayTitled', { title }) : t('content.videoPlay')}
            aria-describedby={`video-note-${videoId}`}
            className="group relative flex h-full w-full flex-col items-center justify-center gap-4 bg-teal-900 px-6 text-center text-white focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-amber-300"
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
          </button>
          <p
            id={`video-note-${videoId}`}
            className="pointer-events-none absolute inset-x-0 bottom-5 mx-auto max-w-md px-6 text-center text-sm text-teal-100"
          >
            {t('content.videoConsentNote')}
          </p>
        </div>
      )}
    </>
  );
}
