import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import type { SectionType } from '../../../server/modules/cms/cms.contract.ts';
import { type PageSection, type SectionData, sectionVisibilityClass } from '../../lib/page-content.ts';
import { CallToActionSection } from './call-to-action-section.tsx';
import { CardGridSection } from './card-grid-section.tsx';
import { EditModeContext } from './edit-fields.tsx';
import { FaqSection } from './faq-section.tsx';
import { FormSection } from './form-section.tsx';
import { GallerySection } from './gallery-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { ImageTextSection } from './image-text-section.tsx';
import { InstagramSection } from './instagram-section.tsx';
import { LatestPostsSection } from './latest-posts-section.tsx';
import { NewsletterSection } from './newsletter-section.tsx';
import { ProductsSection } from './products-section.tsx';
import { RichTextSection } from './rich-text-section.tsx';
import { type SectionMedia, SectionMediaProvider } from './section-media.tsx';
import type { SectionProps } from './section-props.ts';
import { SponsorsSection } from './sponsors-section.tsx';
import { UpcomingEventsSection } from './upcoming-events-section.tsx';
import { VideoSection } from './video-section.tsx';

const components: { [T in SectionType]: ComponentType<SectionProps<T>> } = {
  hero: HeroSection,
  'rich-text': RichTextSection,
  'image-text': ImageTextSection,
  'card-grid': CardGridSection,
  'latest-posts': LatestPostsSection,
  'upcoming-events': UpcomingEventsSection,
  products: ProductsSection,
  'call-to-action': CallToActionSection,
  faq: FaqSection,
  gallery: GallerySection,
  video: VideoSection,
  sponsors: SponsorsSection,
  newsletter: NewsletterSection,
  form: FormSection,
  instagram: InstagramSection,
};

/** The page title is the h1 of the first section when that is a hero seen everywhere. */
export const leadingHero = (sections: PageSection[]) =>
  sections[0]?.type === 'hero' && sections[0].showDesktop && sections[0].showMobile;

/**
 * A page's sections in order. Each wrapper says which section it is (id, type, first/last, master)
 * and shows the section only on the screens it is meant for. In edit mode (a back-office user with
 * `?editPage=true`) every section stays on screen, its texts are marked for editing in place, and a
 * bar above it names it, marks the first and last, and holds the visibility buttons (not with
 * `mobileView=true`) and the options button, which the page editor island brings to life.
 */
export function PageSections({
  title,
  sections,
  media,
  sectionData,
  apiKeyId,
  language,
  edit = null,
  titled = false,
  ownHeading = false,
  sectionLabel,
}: {
  title: string;
  /** The page shows its title itself (a page with a body above its sections). */
  titled?: boolean;
  sections: PageSection[];
  /** The images the sections name, with their sizes. */
  media: SectionMedia[];
  sectionData: Record<number, SectionData>;
  apiKeyId: number;
  language: UiLanguage;
  /** Edit mode, or null for everyone else. */
  edit?: { mobileView: boolean } | null;
  /** The page has its own h1 (the section tool): no hidden title, every section's title is an h2. */
  ownHeading?: boolean;
  /** Shown above each section inside its wrapper (the section tool names the type). */
  sectionLabel?: (section: PageSection) => ReactNode;
}) {
  const heroIsTitle = !ownHeading && leadingHero(sections);
  const list = sections.map((section, index) => {
    const Component = components[section.type] as ComponentType<SectionProps<SectionType>> | undefined;
    if (!Component) return null;
    const visibility = sectionVisibilityClass(section, edit !== null);
    const first = index === 0;
    const last = index === sections.length - 1;
    return (
      <div
        key={section.id}
        data-section-id={section.id}
        data-section-type={section.type}
        data-section-first={first ? 'true' : undefined}
        data-section-last={last ? 'true' : undefined}
        data-master={section.isMaster ? 'true' : undefined}
        data-hidden-desktop={edit && !section.showDesktop ? 'true' : undefined}
        data-hidden-mobile={edit && !section.showMobile ? 'true' : undefined}
        className={edit ? 'relative outline-1 outline-dashed outline-teal-700/50' : visibility || undefined}
      >
        {edit ? (
          <SectionEditBar section={section} position={index + 1} first={first} last={last} edit={edit} />
        ) : null}
        {sectionLabel?.(section)}
        <Component
          id={section.id}
          settings={section.settings as SectionProps<SectionType>['settings']}
          content={section.content as SectionProps<SectionType>['content']}
          data={sectionData[section.id] ?? {}}
          apiKeyId={apiKeyId}
          language={language}
          headingLevel={index === 0 && heroIsTitle ? 1 : 2}
          first={first}
        />
      </div>
    );
  });
  return (
    <SectionMediaProvider media={media}>
      {edit && !titled ? (
        <PageTitleInPlace title={title} isHeading={!heroIsTitle && !ownHeading} />
      ) : (
        !heroIsTitle && !titled && !ownHeading && <h1 className="sr-only">{title}</h1>
      )}
      {edit ? (
        <EditModeContext value={true}>
          <div data-edit-sections="">{list}</div>
        </EditModeContext>
      ) : (
        list
      )}
    </SectionMediaProvider>
  );
}

const barButton =
  'rounded-full border border-white/70 px-3 py-1 text-xs font-semibold text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white aria-pressed:bg-white aria-pressed:text-teal-900';

/** Edit mode's bar above a section; its buttons work through the page editor island (data-edit-action). */
function SectionEditBar({
  section,
  position,
  first,
  last,
  edit,
}: {
  section: PageSection;
  position: number;
  first: boolean;
  last: boolean;
  edit: { mobileView: boolean };
}) {
  const { t } = useTranslation();
  const type = t(`editor.types.${section.type}`);
  return (
    <div
      data-edit-bar=""
      className="flex flex-wrap items-center gap-2 bg-teal-900 px-4 py-2 text-sm text-white"
    >
      <span className="font-semibold" data-edit-label="">
        {t('editor.sectionLabel', { position, type })}
        {section.isMaster ? ` · ${t('editor.master')}` : ''}
      </span>
      {first ? (
        <span
          data-marker="first"
          className="rounded bg-amber-300 px-2 py-0.5 text-xs font-semibold text-slate-900"
        >
          {t('editor.firstSection')}
        </span>
      ) : null}
      {last ? (
        <span
          data-marker="last"
          className="rounded bg-amber-300 px-2 py-0.5 text-xs font-semibold text-slate-900"
        >
          {t('editor.lastSection')}
        </span>
      ) : null}
      <span className="ml-auto flex flex-wrap gap-2">
        {edit.mobileView ? null : (
          <>
            <button
              type="button"
              className={barButton}
              data-edit-action="desktop"
              aria-pressed={section.showDesktop}
            >
              {t('editor.showOnDesktop')}
            </button>
            <button
              type="button"
              className={barButton}
              data-edit-action="mobile"
              aria-pressed={section.showMobile}
            >
              {t('editor.showOnMobile')}
            </button>
          </>
        )}
        <button type="button" className={barButton} data-edit-action="options" aria-haspopup="dialog">
          {t('editor.options')}
        </button>
      </span>
    </div>
  );
}

/**
 * Edit mode: the page title shown and editable in place (the page editor makes it plain editable
 * text). It is the page's h1 unless a leading hero's title is.
 */
function PageTitleInPlace({ title, isHeading }: { title: string; isHeading: boolean }) {
  const { t } = useTranslation();
  const Tag = isHeading ? 'h1' : 'p';
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6">
      <p className="text-sm font-semibold text-slate-700">{t('editor.inPlace.pageTitle')}</p>
      <Tag className="mt-1 text-3xl font-bold tracking-tight text-slate-900" data-edit-page-title="">
        {title}
      </Tag>
    </div>
  );
}
