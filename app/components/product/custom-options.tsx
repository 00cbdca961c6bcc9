import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { formatMoney } from '../../../core/money.ts';
import type { CustomOption } from '../../../server/modules/catalogue/catalogue.contract.ts';

/**
 * The product's personalisation fields: text or number, titled by option_title, each listing the
 * values (with their SKU and surcharge) it adds to the cart line. Names are `option-{id}` so the
 * add-to-cart form can send them (`form` ties them to it).
 */
export function CustomOptions({
  options,
  language,
  form,
}: {
  options: CustomOption[];
  language: UiLanguage;
  /** The add-to-cart form the fields are sent with (they sit outside it in the panel). */
  form?: string;
}) {
  const { t } = useTranslation();
  if (options.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t('product.options.heading')}</legend>
      {options.map((option) => {
        const id = `option-${option.id}`;
        const hints = [
          option.option_type === 'text' && option.maxLength
            ? t('product.options.maxLength', { count: option.maxLength })
            : null,
          option.option_type === 'number' && option.minValue !== null && option.maxValue !== null
            ? t('product.options.range', { min: option.minValue, max: option.maxValue })
            : null,
          ...option.custom_option_values.map((value) =>
            value.priceDelta > 0
              ? t('product.options.priceDelta', {
                  title: value.title,
                  sku: value.sku,
                  price: formatMoney(
                    { amount: value.priceDelta, currency: value.priceDeltaCurrency },
                    language,
                  ),
                })
              : t('product.options.noCharge', { title: value.title, sku: value.sku }),
          ),
        ].filter((hint): hint is string => hint !== null);
        return (
          <div key={option.id}>
            <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
              {option.option_title}
              {option.isRequired ? (
                <>
                  <span aria-hidden="true" className="text-red-700">
                    {' '}
                    *
                  </span>
                  <span className="sr-only"> ({t('product.options.required')})</span>
                </>
              ) : null}
            </label>
            <input
              id={id}
              name={id}
              form={form}
              type={option.option_type === 'number' ? 'number' : 'text'}
              required={option.isRequired}
              maxLength={option.option_type === 'text' ? (option.maxLength ?? undefined) : undefined}
              min={option.option_type === 'number' ? (option.minValue ?? undefined) : undefined}
              max={option.option_type === 'number' ? (option.maxValue ?? undefined) : undefined}
              aria-describedby={hints.length > 0 ? `${id}-hint` : undefined}
              className="mt-1 block w-full max-w-sm rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-700"
            />
            {hints.length > 0 ? (
              <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
                {hints.join(' ')}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
