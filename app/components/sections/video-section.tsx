import { useTranslation } from 'react-i18next';
import { Island } from '../../islands/island.tsx';
import { useConsent } from '../consent-context.tsx';
import { useEditField, useEditing } from './edit-fields.tsx';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

const YOUTUBE_ID = /^[\w-]{6,20}$/;

/**
 * A YouTube video from the privacy-enhanced domain. Nothing is requested from YouTube until the
 * visitor plays it (a local poster with a play button stands in, the `video` island) unless they
 * accepted marketing cookies, which covers third-party embeds. A plain link to the video is the
 * fallback, and the only way to watch without JavaScript.
 */
export function VideoSection({ settings, content, headingLevel }: SectionProps<'video'>) {
  const { t } = useTranslation();
  const consent = useConsent();
  const field = useEditField();
  const editing = useEditing();
  if (settings.provider !== 'youtube' || !YOUTUBE_ID.test(settings.videoId ?? '')) return null;
  const videoId = settings.videoId;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const title = content.title ?? '';
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      <div className="mx-auto max-w-4xl">
        {(title || editing) && (
          <Heading className={sectionTitle} {...field('title')}>
            {title}
          </Heading>
        )}
        <div className="mt-6 aspect-video overflow-hidden rounded-3xl bg-slate-900 shadow-sm">
          <Island name="video" props={{ videoId, title, consent }} />
        </div>
        <div className="mt-3 flex flex-wrap items-baseline justify-between gap-3 text-sm text-slate-600">
          {(content.caption || editing) && (
            <p className="max-w-2xl" {...field('caption')}>
              {content.caption}
            </p>
          )}
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
