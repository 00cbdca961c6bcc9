import { EventCard } from '../event-card.tsx';
import { useEditField, useEditing } from './edit-fields.tsx';
import { SectionButton } from './section-link.tsx';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

/** The next published events, soonest first, loaded by the page loader; a text when there are none. */
export function UpcomingEventsSection({ content, data, headingLevel }: SectionProps<'upcoming-events'>) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const field = useEditField();
  const editing = useEditing();
  const events = data.events ?? [];
  return (
    <section className="bg-teal-50/60">
      <div className={`${sectionContainer} ${sectionSpacing}`}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          {(content.title || editing) && (
            <Heading className={sectionTitle} {...field('title')}>
              {content.title}
            </Heading>
          )}
          <SectionButton link={content.button} variant="outline" className="hidden bg-white sm:inline-flex" />
        </div>
        {events.length > 0 ? (
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {events.map((event) => (
              <li key={event.id}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        ) : (
          content.emptyText && <p className="mt-6 max-w-2xl text-slate-700">{content.emptyText}</p>
        )}
        <SectionButton link={content.button} variant="outline" className="mt-8 bg-white sm:hidden" />
      </div>
    </section>
  );
}
