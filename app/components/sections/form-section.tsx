import { DataForm } from '../forms/data-form.tsx';
import { type SectionProps, sectionContainer, sectionSpacing } from './section-props.ts';

/**
 * A form an editor placed on a page (the demo's contact form): the section's own title and text, then
 * the form its settings name, rendered from its definition. A form that no longer exists shows nothing.
 */
export function FormSection({ id, content, data, headingLevel }: SectionProps<'form'>) {
  const form = data.form;
  if (!form) return null;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const anchorId = `form-${id}`;
  return (
    <section
      id={anchorId}
      aria-labelledby={`${anchorId}-title`}
      className={`${sectionContainer} ${sectionSpacing} scroll-mt-24`}
    >
      <div className="mx-auto max-w-2xl rounded-3xl border border-slate-200 bg-white px-6 py-10 shadow-sm md:px-10">
        <Heading
          id={`${anchorId}-title`}
          className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl"
        >
          {content.title || form.title}
        </Heading>
        {content.text ? <p className="mt-3 text-lg text-slate-700">{content.text}</p> : null}
        <div className="mt-6">
          <DataForm form={form} anchorId={anchorId} />
        </div>
      </div>
    </section>
  );
}
