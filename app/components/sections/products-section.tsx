import { useTranslation } from 'react-i18next';
import { ProductCard } from '../catalogue/product-card.tsx';
import { useEditField, useEditing } from './edit-fields.tsx';
import { type SectionProps, sectionContainer, sectionSpacing, sectionTitle } from './section-props.ts';

/**
 * Featured products: the products the editor chose, in their order, as the shop's product cards
 * (loaded by the page loader; hidden and inactive products are already left out). Without any product
 * to show a visitor sees nothing; edit mode says how to choose them.
 */
export function ProductsSection({ content, data, apiKeyId }: SectionProps<'products'>) {
  const { t } = useTranslation();
  const field = useEditField();
  const editing = useEditing();
  const products = data.products ?? [];
  if (products.length === 0 && !editing) return null;
  return (
    <section className={`${sectionContainer} ${sectionSpacing}`}>
      {(content.title || editing) && (
        <h2 className={sectionTitle} {...field('title')}>
          {content.title}
        </h2>
      )}
      {products.length > 0 ? (
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4" data-testid="featured-products">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} apiKeyId={apiKeyId} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-600">{t('editor.productsEmpty')}</p>
      )}
    </section>
  );
}
