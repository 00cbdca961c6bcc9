import { useTranslation } from 'react-i18next';
import { useEditField, useEditing } from './edit-fields.tsx';
import { NewsletterForm } from './newsletter-form.tsx';
import { type SectionProps, sectionContainer, sectionSpacing } from './section-props.ts';

/** A newsletter sign-up on a page: the same form as the footer's, with the section's own texts. */
export function NewsletterSection({ id, content, headingLevel }: SectionProps<'newsletter'>) {
  const { t } = useTranslation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const field = useEditField();
  const editing = useEditing();
  const anchorId = `newsletter-${id}`;
  return (
    <section id={anchorId} className={`${sectionContainer} ${sectionSpacing} scroll-mt-24`}>
      <div className="mx-auto max-w-3xl rounded-3xl bg-amber-50 px-6 py-10 text-center md:px-12">
        {(content.title || editing) && (
          <Heading
            className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl"
            {...field('title')}
          >
            {content.title}
          </Heading>
        )}
        {(content.text || editing) && (
          <p className="mx-auto mt-3 max-w-xl text-lg text-slate-700" {...field('text')}>
            {content.text}
          </p>
        )}
        <div className="mx-auto mt-4 max-w-lg text-left">
          <NewsletterForm
            formId={`section-${id}`}
            anchorId={anchorId}
            placeholder={content.placeholder ?? ''}
            buttonLabel={content.buttonLabel || t('content.subscribe')}
            tone="light"
          />
        </div>
      </div>
    </section>
  );
}
