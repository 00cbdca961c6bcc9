import { Glyph, isSocialIcon } from '../social-link.tsx';
import { useEditField, useEditing } from './edit-fields.tsx';
import { SectionImage } from './section-image.tsx';
import { SectionButton } from './section-link.tsx';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

const columnClasses = {
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
} as const;

/** A title, an intro and cards (image, title, text, link) in 2, 3 or 4 columns. */
export function CardGridSection({ settings, content, apiKeyId, headingLevel }: SectionProps<'card-grid'>) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const field = useEditField();
  const editing = useEditing();
  const CardHeading = headingLevel === 1 ? 'h2' : 'h3';
  const cards = content.cards ?? [];
  const columns = columnClasses[settings.columns] ?? columnClasses[3];
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      {(content.title || editing) && (
        <Heading className={sectionTitle} {...field('title')}>
          {content.title}
        </Heading>
      )}
      {(content.intro || editing) && (
        <p className="mt-3 max-w-3xl text-lg text-slate-600" {...field('intro')}>
          {content.intro}
        </p>
      )}
      <ul className={`mt-8 grid gap-6 ${columns}`}>
        {cards.map((card, index) => {
          const mediaId = settings.mediaIds?.[index];
          const icon = settings.icons?.[index];
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: cards have no id; their order is their identity
              key={index}
              className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
            >
              {mediaId ? (
                <SectionImage
                  apiKeyId={apiKeyId}
                  mediaId={mediaId}
                  size="MediumSize"
                  alt=""
                  name={card.title}
                  sizesAttribute="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  className="aspect-[4/3] w-full object-cover"
                />
              ) : isSocialIcon(icon) ? (
                <Glyph icon={icon} className="mx-5 mt-5 h-10 w-10 text-teal-700" />
              ) : null}
              <div className="flex flex-1 flex-col p-5">
                <CardHeading
                  className="text-lg font-semibold text-slate-900"
                  {...field(`cards.${index}.title`)}
                >
                  {card.title}
                </CardHeading>
                {(card.text || editing) && (
                  <p className="mt-2 text-slate-600" {...field(`cards.${index}.text`)}>
                    {card.text}
                  </p>
                )}
                {card.link && (
                  <div className="mt-auto pt-4">
                    <SectionButton link={card.link} variant="text" context={card.title} />
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
