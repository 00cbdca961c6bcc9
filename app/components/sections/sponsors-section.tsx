import { useTranslation } from 'react-i18next';
import { useEditField, useEditing } from './edit-fields.tsx';
import { SectionImage } from './section-image.tsx';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

/** Logos of partners and sponsors, each linking to their site in a new tab. */
export function SponsorsSection({ settings, content, apiKeyId, headingLevel }: SectionProps<'sponsors'>) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const field = useEditField();
  const editing = useEditing();
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      <div className="mx-auto max-w-4xl text-center">
        {(content.title || editing) && (
          <Heading className={sectionTitle} {...field('title')}>
            {content.title}
          </Heading>
        )}
        {(content.description || editing) && (
          <p className="mt-3 text-lg text-slate-600" {...field('description')}>
            {content.description}
          </p>
        )}
      </div>
      <ul className="mt-10 flex flex-wrap items-center justify-center gap-6 md:gap-10">
        {(settings.logos ?? []).map((logo) => (
          <li key={logo.mediaId}>
            <a
              href={logo.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('content.sponsorLink', { name: logo.name })}
              className="flex h-24 w-44 items-center justify-center rounded-2xl border border-slate-200 bg-white p-4 transition hover:border-teal-600 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              <SectionImage
                apiKeyId={apiKeyId}
                mediaId={logo.mediaId}
                size="SmallSize"
                alt={logo.name}
                className="max-h-16 w-auto object-contain"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
