import { useTranslation } from 'react-i18next';
import { defaultLanguage, isUiLanguage, type UiLanguage } from '../../core/languages.ts';
import { eventLink } from '../../core/links.ts';
import { formatDate } from '../../core/money.ts';
import type { EventRecord } from '../../server/modules/events/events.contract.ts';

export type { EventRecord };

/** The date line of an event: the editor's text when there is one, else the formatted start. */
export function eventDateText(
  event: Pick<EventRecord, 'dateText' | 'startEvent' | 'endEvent'>,
  language: UiLanguage,
) {
  if (event.dateText.trim()) return event.dateText;
  const start = formatDate(event.startEvent, language, { dateStyle: 'full' });
  if (!event.endEvent) return start;
  const day = (value: string) => formatDate(value, language, { dateStyle: 'short' });
  if (day(event.startEvent) === day(event.endEvent)) return start;
  return `${start} – ${formatDate(event.endEvent, language, { dateStyle: 'full' })}`;
}

/** The time line of an event: the editor's text, else start – end in Zagreb time. */
export function eventTimeText(
  event: Pick<EventRecord, 'timeText' | 'startEvent' | 'endEvent'>,
  language: UiLanguage,
) {
  if (event.timeText.trim()) return event.timeText;
  const time = (value: string) => formatDate(value, language, { timeStyle: 'short' });
  return event.endEvent ? `${time(event.startEvent)} – ${time(event.endEvent)}` : time(event.startEvent);
}

/** An event teaser: a calendar badge, title, date, time and place. */
export function EventCard({ event }: { event: EventRecord }) {
  const { t, i18n } = useTranslation();
  const language = isUiLanguage(i18n.language) ? i18n.language : defaultLanguage;
  const href = eventLink(event.id, language);
  const cancelled = event.status === 'cancelled';
  return (
    <article className="group relative flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-teal-700 focus-within:ring-offset-2">
      <div
        aria-hidden="true"
        className="flex h-20 w-16 shrink-0 flex-col items-center justify-center rounded-xl bg-teal-700 text-white"
      >
        <span className="text-xs font-semibold uppercase tracking-wide">
          {formatDate(event.startEvent, language, { month: 'short' })}
        </span>
        <span className="text-2xl font-bold leading-none">
          {formatDate(event.startEvent, language, { day: 'numeric' })}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        {cancelled && (
          <p className="mb-1 self-start rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
            {t('blog.event.cancelled')}
          </p>
        )}
        <h3 className="text-lg font-semibold leading-snug text-slate-900">
          <a
            href={href}
            className="hover:text-teal-700 focus:outline-none focus-visible:underline after:absolute after:inset-0 after:content-['']"
          >
            {event.title}
          </a>
        </h3>
        <dl className="mt-2 space-y-1 text-sm text-slate-600">
          <div className="flex gap-2">
            <dt className="sr-only">{t('blog.event.date')}</dt>
            <dd>
              <time dateTime={event.startEvent}>{eventDateText(event, language)}</time>
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="sr-only">{t('blog.event.time')}</dt>
            <dd>{eventTimeText(event, language)}</dd>
          </div>
          {event.location && (
            <div className="flex gap-2">
              <dt className="sr-only">{t('blog.event.location')}</dt>
              <dd className="flex items-start gap-1">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="mt-0.5 h-4 w-4 shrink-0 text-teal-700"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M12 21s-7-6.2-7-11a7 7 0 1 1 14 0c0 4.8-7 11-7 11z" strokeLinejoin="round" />
                  <circle cx="12" cy="10" r="2.5" />
                </svg>
                <span>{event.location}</span>
              </dd>
            </div>
          )}
        </dl>
        <p
          className="mt-auto pt-3 text-sm font-medium text-teal-700 group-hover:underline"
          aria-hidden="true"
        >
          {t('blog.event.more')} →
        </p>
      </div>
    </article>
  );
}
