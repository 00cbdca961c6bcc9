import { useTranslation } from 'react-i18next';
import type { SectionLink } from '../../../server/modules/cms/cms.contract.ts';

const styles = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800 focus-visible:outline-teal-700',
  light: 'bg-white text-teal-800 hover:bg-teal-50 focus-visible:outline-white',
  outline: 'border border-teal-700 text-teal-800 hover:bg-teal-50 focus-visible:outline-teal-700',
  text: 'px-0! py-0! text-teal-800 underline-offset-4 hover:underline focus-visible:outline-teal-700',
} as const;

/**
 * A link an editor put in a section: a path on this site opens in the same tab, anything else is an
 * external address and opens in a new tab.
 */
export function SectionButton({
  link,
  variant = 'primary',
  context,
  className = '',
}: {
  link: SectionLink | undefined;
  variant?: keyof typeof styles;
  /** Said after the label to screen readers, for short labels such as 'Learn more' in a list of cards. */
  context?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!link?.label || !link.href) return null;
  const suffix = context ? <span className="sr-only">: {context}</span> : null;
  const classes = `inline-flex items-center gap-2 rounded-full px-6 py-3 font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 ${styles[variant]} ${className}`;
  if (link.href.startsWith('/') && !link.href.startsWith('//'))
    return (
      <a href={link.href} className={classes}>
        {link.label}
        {suffix}
      </a>
    );
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={classes}>
      {link.label}
      {suffix}
      <span className="sr-only"> {t('content.newTab')}</span>
    </a>
  );
}
