import { useTranslation } from 'react-i18next';
import { uiLanguages } from '../../core/languages.ts';
import { eventLink } from '../../core/links.ts';
import { formatDate } from '../../core/money.ts';
import { localizedPath } from '../../core/route-table.ts';
import { eventGet } from '../../server/modules/events/events.contract.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { eventDateText, eventTimeText } from '../components/event-card.tsx';
import { JsonLd } from '../components/json-ld.tsx';
import { HtmlContent } from '../components/sections/html-content.tsx';
import { namesNothing, notFoundOrRedirect } from '../lib/not-found.server.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, rootDataOf, seoMeta, siteOrganization } from '../lib/seo.ts';
import { absoluteTo, eventJsonLd, summaryOf } from '../lib/structured-data.ts';
import type { Route } from './+types/event';

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const id = /^\d{1,9}$/.test(args.params.id) ? Number(args.params.id) : 0;
  if (id <= 0) return notFoundOrRedirect(api, args.request);
  // The response names the languages the event has a text in: it has an address in each.
  const event = await api.call(eventGet, { query: { id } });
  if (event.errored) {
    if (namesNothing(event.error)) return notFoundOrRedirect(api, args.request);
    throw new Response(event.error.message, { status: event.error.statusCode || 500 });
  }
  const alternates: PageSeo['alternates'] = {};
  for (const code of uiLanguages) {
    if (event.data.alternates?.[code]) alternates[code] = eventLink(event.data.id, code);
  }
  const seo: PageSeo = {
    title: event.data.title,
    description: summaryOf(event.data.description ?? '') || event.data.location,
    image: event.data.media?.url ?? null,
    imageWidth: event.data.media?.width,
    imageHeight: event.data.media?.height,
    imageAlt: event.data.media?.title,
    alternates,
    // Shown in the default language's text when this language has none: that page is not indexed.
    noindex: !alternates[language],
  };
  return { language, event: event.data, seo };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function EventPage({ loaderData, matches }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, event } = loaderData;
  const root = rootDataOf(matches);
  const origin = root?.origin ?? '';
  const cancelled = event.status === 'cancelled';
  const fullDateTime = (value: string) =>
    formatDate(value, language, { dateStyle: 'full', timeStyle: 'short' });
  const details: { label: string; value: React.ReactNode }[] = [
    { label: t('blog.event.date'), value: eventDateText(event, language) },
    { label: t('blog.event.time'), value: eventTimeText(event, language) },
    {
      label: t('blog.event.start'),
      value: <time dateTime={event.startEvent}>{fullDateTime(event.startEvent)}</time>,
    },
    ...(event.endEvent
      ? [
          {
            label: t('blog.event.end'),
            value: <time dateTime={event.endEvent}>{fullDateTime(event.endEvent)}</time>,
          },
        ]
      : []),
    ...(event.location ? [{ label: t('blog.event.location'), value: event.location }] : []),
    ...(event.eventAttendees
      ? [
          {
            label: t('blog.event.attendees'),
            value: t('blog.event.attendeesValue', { count: event.eventAttendees }),
          },
        ]
      : []),
    ...(event.contact ? [{ label: t('blog.event.contact'), value: event.contact }] : []),
  ];
  return (
    <main id="main">
      {root ? (
        <JsonLd
          data={eventJsonLd(
            {
              name: event.title,
              url: `${origin}${eventLink(event.id, language)}`,
              startDate: event.startEvent,
              endDate: event.endEvent,
              cancelled,
              location: event.location,
              descriptionHtml: event.description,
              image: event.media ? absoluteTo(origin, event.media.url) : null,
              capacity: event.eventAttendees,
              contact: event.contact,
              announced: event.createdAt,
              language,
            },
            siteOrganization(root),
          )}
        />
      ) : null}
      <section className="bg-teal-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <Breadcrumb
            inverted
            items={[{ label: t('blog.home'), href: localizedPath('home', language) }, { label: event.title }]}
          />
          <p className="mt-6 flex flex-wrap items-center gap-2 text-sm font-semibold uppercase tracking-wide text-teal-100">
            <span>{t('blog.event.label')}</span>
            {cancelled && (
              <span className="rounded-full bg-white px-2.5 py-0.5 text-xs font-bold normal-case tracking-normal text-red-800">
                {t('blog.event.cancelled')}
              </span>
            )}
          </p>
          <h1 className="mt-2 max-w-4xl text-3xl font-bold tracking-tight sm:text-5xl">{event.title}</h1>
          <p className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-lg text-teal-50">
            <span>{eventDateText(event, language)}</span>
            <span>{eventTimeText(event, language)}</span>
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          {event.media && (
            <img
              src={event.media.url}
              width={event.media.width ?? undefined}
              height={event.media.height ?? undefined}
              alt={event.media.title}
              className="mb-8 aspect-[16/9] w-full rounded-2xl object-cover"
            />
          )}
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{t('blog.event.about')}</h2>
          <HtmlContent html={event.description ?? ''} className="mt-4" />
        </div>
        <aside aria-labelledby="event-details" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 id="event-details" className="text-lg font-semibold text-slate-900">
              {t('blog.event.details')}
            </h2>
            <dl className="mt-4 space-y-4">
              {details.map((entry) => (
                <div key={entry.label}>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-teal-800">
                    {entry.label}
                  </dt>
                  <dd className="mt-1 text-slate-800">{entry.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </aside>
      </div>
    </main>
  );
}
