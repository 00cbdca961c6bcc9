import { useEditField, useEditing } from './edit-fields.tsx';
import { SectionButton } from './section-link.tsx';
import { type SectionProps, sectionContainer, sectionSpacing } from './section-props.ts';

const backgrounds = {
  primary: { box: 'bg-teal-700 text-white', text: 'text-teal-50', button: 'light' },
  secondary: { box: 'bg-amber-100 text-slate-900', text: 'text-slate-700', button: 'primary' },
  light: { box: 'bg-slate-100 text-slate-900', text: 'text-slate-700', button: 'primary' },
} as const;

/** A short appeal with one button, on a coloured panel. */
export function CallToActionSection({ settings, content, headingLevel }: SectionProps<'call-to-action'>) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const field = useEditField();
  const editing = useEditing();
  const look = backgrounds[settings.background] ?? backgrounds.primary;
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      <div
        className={`flex flex-col gap-6 rounded-3xl px-6 py-10 md:flex-row md:items-center md:justify-between md:px-12 ${look.box}`}
      >
        <div className="max-w-2xl">
          {(content.title || editing) && (
            <Heading className="text-2xl font-bold tracking-tight md:text-3xl" {...field('title')}>
              {content.title}
            </Heading>
          )}
          {(content.text || editing) && (
            <p className={`mt-3 text-lg ${look.text}`} {...field('text')}>
              {content.text}
            </p>
          )}
        </div>
        <SectionButton
          link={content.button}
          variant={look.button}
          className="shrink-0 self-start md:self-center"
        />
      </div>
    </section>
  );
}
