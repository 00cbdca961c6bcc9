import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { PostView } from '../../../server/modules/cms/cms.contract.ts';

export type SectionMedia = NonNullable<PostView['sectionMedia']>[number];

const SectionMediaContext = createContext<ReadonlyMap<number, SectionMedia>>(new Map());

/** The images a page's sections show, by id, for every `SectionImage` below. */
export function SectionMediaProvider({ media, children }: { media: SectionMedia[]; children: ReactNode }) {
  const byId = useMemo(() => new Map(media.map((item) => [item.id, item])), [media]);
  return <SectionMediaContext value={byId}>{children}</SectionMediaContext>;
}

/** What the page knows of one image (its hashed address and original size), if anything. */
export const useSectionMedia = (mediaId: number) => useContext(SectionMediaContext).get(mediaId);
