import { useEditField, useEditing } from './edit-fields.tsx';
import { HtmlContent } from './html-content.tsx';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

/** Questions that open to their answers; native <details>, so it works without JavaScript. */
export function FaqSection({ content, headingLevel }: SectionProps<'faq'>) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const field = useEditField();
  const editing = useEditing();
  const items = content.items ?? [];
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      <div className="mx-auto max-w-3xl">
        {(content.title || editing) && (
          <Heading className={sectionTitle} {...field('title')}>
            {content.title}
          </Heading>
        )}
        {/* Edit mode draws the question editor here (add, remove, reorder, answers in rich text). */}
        <div className="mt-6" {...(editing ? { 'data-edit-faq': '' } : {})}>
          <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {items.map((item, index) => (
              <details
                // biome-ignore lint/suspicious/noArrayIndexKey: questions have no id; their order is their identity
                key={index}
                open={editing || undefined}
                className="group px-5 py-1 [&_summary::-webkit-details-marker]:hidden"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded py-4 text-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700">
                  {item.question}
                  <span
                    aria-hidden="true"
                    className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-800 transition group-open:rotate-45"
                  >
                    +
                  </span>
                </summary>
                <HtmlContent html={item.answerHtml ?? ''} className="pb-5 md:text-base" />
              </details>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
