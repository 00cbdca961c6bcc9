import { useEditField, useEditing } from './edit-fields.tsx';
import { SectionImage } from './section-image.tsx';
import { SectionButton } from './section-link.tsx';
import type { SectionProps } from './section-props.ts';

/** A full-width banner: background image, title, subtitle and one button. */
export function HeroSection({ settings, content, apiKeyId, headingLevel, first }: SectionProps<'hero'>) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const field = useEditField();
  const editing = useEditing();
  const dark = settings.overlay === 'dark';
  const centered = settings.align === 'center';
  return (
    <section className="relative isolate flex min-h-[26rem] items-center overflow-hidden bg-teal-900 md:min-h-[32rem]">
      {settings.mediaId ? (
        <SectionImage
          apiKeyId={apiKeyId}
          mediaId={settings.mediaId}
          size="LargeSize"
          alt=""
          name={content.title}
          eager={first}
          className="absolute inset-0 -z-10 h-full w-full object-cover object-top"
        />
      ) : null}
      <div
        className={`mx-auto w-full max-w-6xl px-4 py-16 ${centered ? 'flex justify-center text-center' : ''}`}
      >
        {/* The text sits on an opaque panel, never on the photo: its contrast holds for any image. The
            panel is positioned so that it stacks above the image for axe as it does on screen. */}
        <div
          className={`relative max-w-2xl rounded-3xl p-6 shadow-lg md:p-10 ${
            dark ? 'bg-teal-900 text-white' : 'bg-white text-slate-900'
          }`}
          data-testid="hero-panel"
        >
          {(content.title || editing) && (
            <Heading
              className="text-3xl font-bold leading-tight tracking-tight md:text-5xl"
              {...field('title')}
            >
              {content.title}
            </Heading>
          )}
          {(content.subtitle || editing) && (
            <p
              className={`mt-4 text-lg md:text-xl ${dark ? 'text-white/90' : 'text-slate-700'}`}
              {...field('subtitle')}
            >
              {content.subtitle}
            </p>
          )}
          {content.button && (
            <div className="mt-8">
              <SectionButton link={content.button} variant={dark ? 'light' : 'primary'} />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
