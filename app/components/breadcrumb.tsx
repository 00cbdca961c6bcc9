import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterDataContext } from 'react-router';
import { breadcrumbJsonLd } from '../lib/structured-data.ts';
import type { loader as rootLoader } from '../root';
import { JsonLd } from './json-ld.tsx';

export type BreadcrumbItem = { label: string; href?: string };

/**
 * Where the page sits: Home / Blog / title. A schema.org BreadcrumbList in JSON-LD (absolute
 * addresses on the site's origin) lets search engines show the trail; the last item is the current
 * page and is not a link.
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
  const origin = useSiteOrigin();
  const linkClass = inverted
    ? 'text-white underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-white'
    : 'text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700';
  return (
    <nav aria-label={t('content.breadcrumb')} className={className}>
      {origin !== null ? <JsonLd data={breadcrumbJsonLd(items, origin)} /> : null}
      <ol
        className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm ${inverted ? 'text-white/90' : 'text-slate-600'}`}
      >
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.href ?? item.label} className="flex items-center gap-2">
              {item.href && !last ? (
                <a href={item.href} className={`rounded-sm ${linkClass}`}>
                  {item.label}
                </a>
              ) : (
                <span aria-current={last ? 'page' : undefined} className="font-medium">
                  {item.label}
                </span>
              )}
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

/** The site's origin from the root loader; null when rendered outside the app's router (unit tests). */
function useSiteOrigin(): string | null {
  const state = useContext(UNSAFE_DataRouterDataContext);
  const root = state?.loaderData.root as Awaited<ReturnType<typeof rootLoader>> | undefined;
  return root && typeof root === 'object' && 'origin' in root ? root.origin : null;
}
