import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { menuLinkAttributes } from '../../core/links.ts';
import type { NavItem } from '../lib/shell-data.ts';

/** The site's icon set: the icons of the social links, also chosen for sections in edit mode. */
export const socialIcons = ['facebook', 'instagram', 'youtube', 'linkedin', 'x', 'link'] as const;
export type SocialIcon = (typeof socialIcons)[number];
export const isSocialIcon = (name: unknown): name is SocialIcon =>
  typeof name === 'string' && (socialIcons as readonly string[]).includes(name);
/** The specification's colours: one provider orange, another red, every other the primary colour. */
export type SocialTone = 'orange' | 'red' | 'primary';

const iconByTitle: Record<string, SocialIcon> = {
  facebook: 'facebook',
  instagram: 'instagram',
  youtube: 'youtube',
  linkedin: 'linkedin',
  x: 'x',
  twitter: 'x',
};

const toneByIcon: Partial<Record<SocialIcon, SocialTone>> = { instagram: 'orange', youtube: 'red' };

/** A social menu entry's title in lower case selects its icon (a neutral link icon when unknown) and colour. */
export function socialIconFor(title: string): { icon: SocialIcon; tone: SocialTone } {
  const icon = iconByTitle[title.trim().toLowerCase()] ?? 'link';
  return { icon, tone: toneByIcon[icon] ?? 'primary' };
}

// Shades that keep 3:1 against the white chip, as icons that carry meaning need.
const toneClass: Record<SocialTone, string> = {
  orange: 'text-orange-600',
  red: 'text-red-600',
  primary: 'text-teal-700',
};

const glyphs: Record<SocialIcon, ReactNode> = {
  facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  instagram: (
    <>
      <rect x="2.5" y="2.5" width="19" height="19" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
    </>
  ),
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="M10 9l5 3-5 3z" fill="currentColor" />
    </>
  ),
  linkedin: (
    <>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect x="2" y="9" width="4" height="12" />
      <circle cx="4" cy="4" r="2" />
    </>
  ),
  x: (
    <>
      <path d="M4 4h4.5L20 20h-4.5z" />
      <path d="M20 4l-6.6 7.3M4 20l6.6-7.3" />
    </>
  ),
  link: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M2.5 12h19M12 2.5c2.6 2.7 3.8 5.9 3.8 9.5s-1.2 6.8-3.8 9.5c-2.6-2.7-3.8-5.9-3.8-9.5s1.2-6.8 3.8-9.5z" />
    </>
  ),
};

/** One icon of the set, decorative (its meaning is in the text beside it). */
export function Glyph({ icon, className = 'h-5 w-5' }: { icon: SocialIcon; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-icon={icon}
    >
      {glyphs[icon]}
    </svg>
  );
}

/** A social network link as a round icon chip; the title is its accessible name. */
export function SocialLink({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const { icon, tone } = socialIconFor(item.title);
  const attributes = menuLinkAttributes({
    href: item.link,
    isExternal: item.isExternal,
    rel: item.rel,
    target: item.target,
  });
  const className = `flex h-10 w-10 items-center justify-center rounded-full bg-white shadow-sm transition hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${toneClass[tone]}`;
  const content = (
    <>
      <Glyph icon={icon} />
      <span className="sr-only">
        {item.title}
        {attributes.target === '_blank' ? ` ${t('content.newTab')}` : null}
      </span>
    </>
  );
  if (!attributes.external) {
    return (
      <a href={attributes.href} className={className}>
        {content}
      </a>
    );
  }
  return (
    <a href={attributes.href} rel={attributes.rel} target={attributes.target} className={className}>
      {content}
    </a>
  );
}
