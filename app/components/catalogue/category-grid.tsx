import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { localizedPath } from '../../../core/route-table.ts';
import type { CategoryNode } from '../../../server/modules/catalogue/catalogue.contract.ts';
import { cardSrcSet, fittedSize, mediaAtSize } from './product-card.tsx';

/** The image a category without one of its own shows: a soft shop illustration, no request needed. */
export function DefaultCategoryImage({ className = '' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 320 240"
      preserveAspectRatio="xMidYMid slice"
      className={className}
      data-testid="category-default-image"
    >
      <rect width="320" height="240" fill="#ccfbf1" />
      <circle cx="260" cy="50" r="70" fill="#99f6e4" />
      <circle cx="40" cy="220" r="60" fill="#5eead4" opacity="0.6" />
      <g fill="none" stroke="#0f766e" strokeWidth="6" strokeLinejoin="round" strokeLinecap="round">
        <path d="M118 100h84l-8 70h-68z" />
        <path d="M138 100v-10a22 22 0 0 1 44 0v10" />
      </g>
    </svg>
  );
}

export function CategoryImage({
  category,
  className,
}: {
  category: Pick<CategoryNode, 'image' | 'name'>;
  className: string;
}) {
  if (!category.image) return <DefaultCategoryImage className={className} />;
  const size = fittedSize(category.image, 'MediumSize');
  return (
    <img
      src={mediaAtSize(category.image, 'MediumSize')}
      srcSet={cardSrcSet(category.image)}
      sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
      width={size.width}
      height={size.height}
      loading="lazy"
      decoding="async"
      alt=""
      className={className}
    />
  );
}

/** Links to the subcategories of a category, as chips; nothing when it has none. */
export function SubcategoryLinks({
  categories,
  language,
  label,
  className,
}: {
  categories: CategoryNode[];
  language: UiLanguage;
  label: string;
  className: string;
}) {
  if (categories.length === 0) return null;
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap gap-2">
        {categories.map((child) => (
          <li key={child.id}>
            <a
              href={localizedPath('shop', language, { slug: child.slug })}
              className="inline-block rounded-full bg-teal-50 px-3 py-1 text-sm text-teal-900 hover:bg-teal-100 focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              {child.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The shop's front page: every top-level category as a card, its subcategories as links below it. */
export function CategoryGrid({ categories, language }: { categories: CategoryNode[]; language: UiLanguage }) {
  const { t } = useTranslation();
  if (categories.length === 0) return <p className="text-slate-700">{t('shop.noCategories')}</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="category-grid">
      {categories.map((category) => (
        <li
          key={category.id}
          className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
          data-testid="category-card"
        >
          <a
            href={localizedPath('shop', language, { slug: category.slug })}
            className="group block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
          >
            <div className="aspect-[4/3] overflow-hidden bg-slate-100">
              <CategoryImage
                category={category}
                className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
              />
            </div>
            <div className="px-4 pt-4">
              <h2 className="text-lg font-semibold text-slate-900 group-hover:text-teal-800">
                {category.name}
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {t('shop.productCount', { count: category.productCount })}
              </p>
            </div>
          </a>
          <SubcategoryLinks
            categories={category.children}
            language={language}
            label={`${t('shop.subcategories')}: ${category.name}`}
            className="px-4 pt-3"
          />
          <div className="pb-4" />
        </li>
      ))}
    </ul>
  );
}
