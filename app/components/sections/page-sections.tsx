import type { ComponentType, ReactNode } from 'react';
import type { UiLanguage } from '../../../core/languages.ts';
import type { SectionType } from '../../../server/modules/cms/cms.contract.ts';
import { type PageSection, type SectionData, sectionVisibilityClass } from '../../lib/page-content.ts';
import { CallToActionSection } from './call-to-action-section.tsx';
import { CardGridSection } from './card-grid-section.tsx';
import { FaqSection } from './faq-section.tsx';
import { GallerySection } from './gallery-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { ImageTextSection } from './image-text-section.tsx';
import { InstagramSection } from './instagram-section.tsx';
import { LatestPostsSection } from './latest-posts-section.tsx';
import { NewsletterSection } from './newsletter-section.tsx';
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
  'call-to-action': CallToActionSection,
  faq: FaqSection,
  gallery: GallerySection,
  video: VideoSection,
  sponsors: SponsorsSection,
  newsletter: NewsletterSection,
  instagram: InstagramSection,
};

/** The page title is the h1 of the first section when that is a hero seen everywhere. */
export const leadingHero = (sections: PageSection[]) =>
  sections[0]?.type === 'hero' && sections[0].showDesktop && sections[0].showMobile;

/**
 * A page's sections in order. Each wrapper says which section it is (id, type, first/last, master)
 * for edit mode, and shows the section only on the screens it is meant for.
 */
export function PageSections({
  title,
  sections,
  media,
  sectionData,
  apiKeyId,
  language,
  mobileView,
  ownHeading = false,
  sectionLabel,
}: {
  title: string;
  sections: PageSection[];
  /** The images the sections name, with their sizes. */
  media: SectionMedia[];
  sectionData: Record<number, SectionData>;
  apiKeyId: number;
  language: UiLanguage;
  mobileView: boolean;
  /** The page has its own h1 (the section tool): no hidden title, every section's title is an h2. */
  ownHeading?: boolean;
  /** Shown above each section inside its wrapper (the section tool names the type). */
  sectionLabel?: (section: PageSection) => ReactNode;
}) {
  const heroIsTitle = !ownHeading && leadingHero(sections);
  return (
    <SectionMediaProvider media={media}>
      {!heroIsTitle && !ownHeading && <h1 className="sr-only">{title}</h1>}
      {sections.map((section, index) => {
        const Component = components[section.type] as ComponentType<SectionProps<SectionType>> | undefined;
        if (!Component) return null;
        const visibility = sectionVisibilityClass(section, mobileView);
        return (
          <div
            key={section.id}
            data-section-id={section.id}
            data-section-type={section.type}
            data-section-first={index === 0 ? 'true' : undefined}
            data-section-last={index === sections.length - 1 ? 'true' : undefined}
            data-master={section.isMaster ? 'true' : undefined}
            className={visibility || undefined}
          >
            {sectionLabel?.(section)}
            <Component
              id={section.id}
              settings={section.settings as SectionProps<SectionType>['settings']}
              content={section.content as SectionProps<SectionType>['content']}
              data={sectionData[section.id] ?? {}}
              apiKeyId={apiKeyId}
              language={language}
              headingLevel={index === 0 && heroIsTitle ? 1 : 2}
              first={index === 0}
            />
          </div>
        );
      })}
    </SectionMediaProvider>
  );
}
