import type { UiLanguage } from '../../../core/languages.ts';
import type {
  SectionContent,
  SectionSettings,
  SectionType,
} from '../../../server/modules/cms/cms.contract.ts';
import type { SectionData } from '../../lib/page-content.ts';

/**
 * What every section component gets. Texts may be missing for a language the section was never
 * translated to, so `content` is partial and components fall back to showing less.
 */
export type SectionProps<T extends SectionType> = {
  id: number;
  settings: SectionSettings<T>;
  content: Partial<SectionContent<T>>;
  data: SectionData;
  apiKeyId: number;
  language: UiLanguage;
  /** The level of the section's own title: 1 for a leading hero, else 2. */
  headingLevel: 1 | 2;
  /** The first section of the page loads its image eagerly. */
  first: boolean;
};

export const sectionContainer = 'mx-auto max-w-6xl px-4';
export const sectionSpacing = 'py-12 md:py-16';
export const sectionTitle = 'text-2xl font-bold tracking-tight text-slate-900 md:text-3xl';
