import { HtmlContent } from './html-content.tsx';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

/** A title and editor-written text, in a narrow (reading) or wide column. */
export function RichTextSection({ settings, content, headingLevel }: SectionProps<'rich-text'>) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      <div className={settings.width === 'wide' ? 'max-w-5xl' : 'mx-auto max-w-3xl'}>
        {content.title && <Heading className={`${sectionTitle} mb-6`}>{content.title}</Heading>}
        <HtmlContent html={content.html ?? ''} />
      </div>
    </section>
  );
}
