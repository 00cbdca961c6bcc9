import { useEditField, useEditing } from './edit-fields.tsx';
import { SectionImage } from './section-image.tsx';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

/** Photos with their captions; the caption is also the image's text alternative. */
export function GallerySection({ settings, content, apiKeyId, headingLevel }: SectionProps<'gallery'>) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const field = useEditField();
  const editing = useEditing();
  const captions = content.captions ?? [];
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      {(content.title || editing) && (
        <Heading className={sectionTitle} {...field('title')}>
          {content.title}
        </Heading>
      )}
      <ul className="mt-8 grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-5">
        {(settings.mediaIds ?? []).map((mediaId, index) => (
          <li key={mediaId}>
            <figure>
              <SectionImage
                apiKeyId={apiKeyId}
                mediaId={mediaId}
                size="MediumSize"
                alt={captions[index] ?? ''}
                sizesAttribute="(min-width: 768px) 33vw, 50vw"
                className="aspect-[4/3] w-full rounded-2xl object-cover"
              />
              {editing ? (
                // Edit mode: every image has its caption to type in, empty or not.
                <figcaption className="mt-2 text-sm text-slate-600" {...field(`captions.${index}`)}>
                  {captions[index]}
                </figcaption>
              ) : (
                captions[index] && (
                  <figcaption aria-hidden="true" className="mt-2 text-sm text-slate-600">
                    {captions[index]}
                  </figcaption>
                )
              )}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
