import { useTranslation } from 'react-i18next';

export type BreadcrumbItem = { label: string; href?: string };

/**
 * Where the page sits: Home / Blog / title. Marked up as a schema.org BreadcrumbList so search
 * engines can show the trail; the last item is the current page and is not a link.
 * `inverted` is for dark backgrounds (title banners).
 */
export function Breadcrumb({
  items,
  inverted = false,
  className = '',
}: {
  items: BreadcrumbItem[];
  inverted?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const linkClass = inverted
    ? 'text-white underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white'
    : 'text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700';
  return (
    <nav aria-label={t('content.breadcrumb')} className={className}>
      <ol
        itemScope
        itemType="https://schema.org/BreadcrumbList"
        className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm ${inverted ? 'text-white/90' : 'text-slate-600'}`}
      >
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li
              key={item.href ?? item.label}
              itemProp="itemListElement"
              itemScope
              itemType="https://schema.org/ListItem"
              className="flex items-center gap-2"
            >
              {item.href && !last ? (
                <a href={item.href} itemProp="item" className={`rounded-sm ${linkClass}`}>
                  <span itemProp="name">{item.label}</span>
                </a>
              ) : (
                <span itemProp="name" aria-current={last ? 'page' : undefined} className="font-medium">
                  {item.label}
                </span>
              )}
              <meta itemProp="position" content={String(index + 1)} />
              {!last && (
                <span aria-hidden="true" className={inverted ? 'text-white/70' : 'text-slate-400'}>
                  /
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
