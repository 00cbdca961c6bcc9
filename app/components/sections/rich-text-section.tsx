import { useEditField, useEditing } from './edit-fields.tsx';
import { HtmlContent } from './html-content.tsx';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

/** A title and editor-written text, in a narrow (reading) or wide column. */
export function RichTextSection({ settings, content, headingLevel }: SectionProps<'rich-text'>) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const field = useEditField();
  const editing = useEditing();
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      <div className={settings.width === 'wide' ? 'max-w-5xl' : 'mx-auto max-w-3xl'}>
        {(content.title || editing) && (
          <Heading className={`${sectionTitle} mb-6`} {...field('title')}>
            {content.title}
          </Heading>
        )}
        <HtmlContent html={content.html ?? ''} edit={field('html', true)} />
      </div>
    </section>
  );
}
