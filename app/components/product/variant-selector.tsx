import { useTranslation } from 'react-i18next';
import { type Selection, valueState } from '../../../core/variant-selection.ts';
import type { Variant, VariantAttribute } from '../../../server/modules/catalogue/catalogue.contract.ts';
import { imageAt } from './product-media.ts';

type Props = {
  attributes: VariantAttribute[];
  variants: Variant[];
  selection: Selection;
  onChange: (selection: Selection) => void;
  /** Prefix of the inputs' names (the URL parameters) and ids, for bundle members. */
  prefix?: string;
};

/**
 * One control per attribute: a select, or image swatches when the attribute's values are media. The
 * inputs are named after the URL parameters, so inside a GET form they work without JavaScript; with
 * it, every change is reported at once. Values that lead to no variant or a sold-out one are disabled.
 */
export function VariantSelector({ attributes, variants, selection, onChange, prefix = '' }: Props) {
  const { t } = useTranslation();
  const choose = (attributeId: number, valueId: number | undefined) => {
    const next = { ...selection };
    if (valueId === undefined) delete next[attributeId];
    else next[attributeId] = valueId;
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-5">
      {attributes.map((attribute) => {
        const name = `${prefix}${attribute.attributeCode}`;
        const id = `attribute-${name}`;
        const states = attribute.values.map((value) => ({
          value,
          state: valueState(variants, selection, attribute.id, value.id),
        }));
        const chosen = attribute.values.find((value) => value.id === selection[attribute.id]);
        const swatches = attribute.values.length > 0 && attribute.values.every((value) => value.isMedia);
        if (swatches) {
          return (
            <fieldset key={attribute.id} className={attribute.customClass ?? undefined}>
              <legend className="text-sm font-semibold text-slate-900">
                {attribute.label}
                {chosen ? <span className="ml-2 font-normal text-slate-700">{chosen.value}</span> : null}
              </legend>
              <div className="mt-2 flex flex-wrap gap-3">
                {states.map(({ value, state }) => {
                  const disabled = state !== 'available' && value.id !== selection[attribute.id];
                  const label =
                    state === 'missing'
                      ? t('product.variants.missing', { value: value.value })
                      : state === 'outOfStock'
                        ? t('product.variants.soldOut', { value: value.value })
                        : value.value;
                  return (
                    <label
                      key={value.id}
                      className={`relative block ${disabled ? 'cursor-not-allowed' : 'cursor-pointer'}`}
                      title={label}
                    >
                      <input
                        type="radio"
                        name={name}
                        value={value.valueCode}
                        checked={value.id === selection[attribute.id]}
                        disabled={disabled}
                        onChange={() => choose(attribute.id, value.id)}
                        className="peer sr-only"
                        data-value-state={state}
                      />
                      <span className="block h-12 w-12 overflow-hidden rounded-full border-2 border-slate-300 ring-offset-2 peer-checked:border-teal-700 peer-checked:ring-2 peer-checked:ring-teal-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-teal-700 peer-disabled:opacity-40">
                        {value.media ? (
                          <img
                            src={imageAt(value.media, 'SmallSize')}
                            alt=""
                            width={48}
                            height={48}
                            loading="lazy"
                            decoding="async"
                            className="h-full w-full object-cover"
                          />
                        ) : (
                          <span
                            className="block h-full w-full"
                            style={{ backgroundColor: value.swatchColor ?? undefined }}
                          />
                        )}
                      </span>
                      {disabled ? (
                        <span
                          aria-hidden="true"
                          className="pointer-events-none absolute left-1/2 top-1/2 h-0.5 w-14 -translate-x-1/2 -translate-y-1/2 -rotate-45 bg-slate-600"
                        />
                      ) : null}
                      <span className="sr-only">{label}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          );
        }
        return (
          <div key={attribute.id} className={attribute.customClass ?? undefined}>
            <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
              {attribute.label}
            </label>
            <select
              id={id}
              name={name}
              value={chosen?.valueCode ?? ''}
              onChange={(event) => {
                const value = attribute.values.find(
                  (candidate) => candidate.valueCode === event.target.value,
                );
                choose(attribute.id, value?.id);
              }}
              className="mt-1 block w-full max-w-xs rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-700"
            >
              <option value="">{t('product.variants.choose')}</option>
              {states.map(({ value, state }) => (
                <option
                  key={value.id}
                  value={value.valueCode}
                  disabled={state !== 'available' && value.id !== selection[attribute.id]}
                  data-value-state={state}
                >
                  {state === 'missing'
                    ? t('product.variants.missing', { value: value.value })
                    : state === 'outOfStock'
                      ? t('product.variants.soldOut', { value: value.value })
                      : value.value}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
  );
}
