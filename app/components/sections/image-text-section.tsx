import { useEditField, useEditing } from './edit-fields.tsx';
import { HtmlContent } from './html-content.tsx';
import { SectionImage } from './section-image.tsx';
import { SectionButton } from './section-link.tsx';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

/** An image beside a title, text and button; the image side is chosen per section. */
export function ImageTextSection({
  settings,
  content,
  apiKeyId,
  headingLevel,
  first,
}: SectionProps<'image-text'>) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const field = useEditField();
  const editing = useEditing();
  const imageRight = settings.imagePosition === 'right';
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      <div className="grid items-center gap-8 md:grid-cols-2 md:gap-12">
        {settings.mediaId ? (
          <div className={imageRight ? 'md:order-last' : ''}>
            <SectionImage
              apiKeyId={apiKeyId}
              mediaId={settings.mediaId}
              size="MediumSize"
              alt=""
              name={content.title}
              eager={first}
              sizesAttribute="(min-width: 768px) 50vw, 100vw"
              className="aspect-[5/4] w-full rounded-3xl object-cover shadow-sm"
            />
          </div>
        ) : null}
        <div>
          {(content.title || editing) && (
            <Heading className={sectionTitle} {...field('title')}>
              {content.title}
            </Heading>
          )}
          <HtmlContent html={content.html ?? ''} className="mt-4" edit={field('html', true)} />
          {content.button && (
            <div className="mt-8">
              <SectionButton link={content.button} variant="outline" />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
