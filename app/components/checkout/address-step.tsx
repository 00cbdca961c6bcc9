import { useTranslation } from 'react-i18next';
import { ADDRESS_MAXIMA } from '../../../core/address-rules.ts';
import {
  CHECKOUT_ADDRESS_FIELDS,
  type CheckoutAddress,
  type CheckoutForm,
  type CheckoutFormErrors,
} from '../../../core/checkout-address.ts';
import type { Audience } from '../../../core/checkout-steps.ts';
import { primaryButton, secondaryButton } from '../cart/cart-view.tsx';
import { AddressField, CompanyFields } from '../ui/address-field.tsx';

export type CheckoutConsent = { id: number; displayName: string; text: string; required: boolean };
export type Country = { iso: string; name: string };

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700" data-testid={`error-${id.replace(/-error$/, '')}`}>
      {t(`checkout.errors.${error}`)}
    </p>
  );
}

function AddressFields({
  prefix,
  values,
  errors,
  countries,
  section,
}: {
  prefix: 'delivery' | 'billing';
  values: CheckoutAddress;
  errors: CheckoutFormErrors;
  countries: Country[];
  section: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 grid gap-4 sm:grid-cols-2">
      {CHECKOUT_ADDRESS_FIELDS.map((field) => {
        const name = `${prefix}.${field}`;
        const id = `checkout-${prefix}-${field}`;
        const error = errors[name];
        return (
          <AddressField
            key={field}
            field={field}
            id={id}
            name={name}
            label={t(`checkout.address.fields.${field}`)}
            defaultValue={values[field]}
            error={error ? t(`checkout.errors.${error}`) : undefined}
            errorTestId={`error-${id}`}
            countries={countries}
            autoCompleteSection={section}
            maxLength={field === 'country' ? undefined : ADDRESS_MAXIMA[field]}
          />
        );
      })}
    </div>
  );
}

/**
 * Step 1: the delivery address, the billing address (copied from delivery unless "bill to another
 * address" is ticked), company mode with name and OIB, and the consents of the checkout form. A plain
 * form that posts to the checkout route (intent `address`); the billing and company fields show and
 * hide with CSS on their checkbox (`:has(:checked)`), so no script is needed.
 */
export function AddressStep({
  action,
  backHref,
  audience,
  values,
  errors,
  countries,
  allowedCountries,
  consents,
}: {
  action: string;
  backHref: string;
  audience: Audience;
  values: CheckoutForm;
  errors: CheckoutFormErrors;
  countries: Country[];
  /** ISO codes of the allowed countries (null: every country). */
  allowedCountries: string[] | null;
  consents: CheckoutConsent[];
}) {
  const { t } = useTranslation();
  const hasErrors = Object.keys(errors).length > 0;
  const refused = Object.values(errors).includes('countryNotAllowed');
  const shown = allowedCountries
    ? countries.filter(
        (country) =>
          allowedCountries.includes(country.iso) ||
          country.iso === values.delivery.country ||
          country.iso === values.billing.country,
      )
    : countries;
  const allowedNames = allowedCountries
    ? countries.filter((country) => allowedCountries.includes(country.iso)).map((country) => country.name)
    : [];
  return (
    <form method="post" action={action} noValidate data-testid="checkout-address-form">
      <input type="hidden" name="intent" value="address" />
      <p className="text-slate-700" data-testid="checkout-step-intro">
        {t(`checkout.address.intro.${audience}`)}
      </p>
      {hasErrors ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-4 py-3 font-medium text-red-900">
          {t('checkout.errors.formInvalid')}
        </p>
      ) : null}
      {allowedNames.length > 0 ? (
        <p
          className={`mt-3 text-sm ${refused ? 'rounded-md bg-amber-50 px-4 py-3 font-medium text-amber-900' : 'text-slate-700'}`}
          data-testid="checkout-allowed-countries"
        >
          {t('checkout.address.allowedCountries', { countries: allowedNames.join(', ') })}
        </p>
      ) : null}
      <fieldset className="mt-4">
        <legend className="text-lg font-semibold text-slate-900">{t('checkout.address.delivery')}</legend>
        <AddressFields
          prefix="delivery"
          values={values.delivery}
          errors={errors}
          countries={shown}
          section="section-delivery shipping"
        />
      </fieldset>

      <CompanyFields
        idPrefix="checkout"
        checkboxLabel={t('checkout.address.isCompany')}
        label={(field) => t(`checkout.address.${field}`)}
        isCompany={values.isCompany}
        values={values}
        error={(field) => (errors[field] ? t(`checkout.errors.${errors[field]}`) : undefined)}
        errorTestId={(field) => `error-checkout-${field}`}
        oibMaxLength={20}
        companyNameMaxLength={ADDRESS_MAXIMA.companyName}
        fieldsClassName="mt-4 hidden gap-4 group-has-[#checkout-isCompany:checked]/company:grid sm:grid-cols-2"
      />

      <div className="group/billing mt-6 rounded-md border border-slate-200 p-4">
        <div className="flex items-center gap-2">
          <input
            id="checkout-separateBilling"
            name="separateBilling"
            type="checkbox"
            defaultChecked={values.separateBilling}
            className="h-4 w-4 accent-teal-700"
          />
          <label htmlFor="checkout-separateBilling" className="text-slate-800">
            {t('checkout.address.separateBilling')}
          </label>
        </div>
        <fieldset className="mt-4 hidden group-has-[#checkout-separateBilling:checked]/billing:block">
          <legend className="text-lg font-semibold text-slate-900">{t('checkout.address.billing')}</legend>
          <AddressFields
            prefix="billing"
            values={values.billing}
            errors={errors}
            countries={shown}
            section="section-billing billing"
          />
        </fieldset>
      </div>

      {consents.length > 0 ? (
        <fieldset className="mt-6" data-testid="checkout-consents">
          <legend className="text-lg font-semibold text-slate-900">{t('checkout.address.consents')}</legend>
          <ul className="mt-3 flex flex-col gap-3">
            {consents.map((consent) => {
              const id = `checkout-consent-${consent.id}`;
              const error = errors[`consent.${consent.id}`];
              return (
                <li key={consent.id}>
                  <div className="flex items-start gap-2">
                    <input
                      id={id}
                      name="consent"
                      value={consent.id}
                      type="checkbox"
                      defaultChecked={values.acceptedConsents.includes(consent.id)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-error` : undefined}
                      className="mt-1 h-4 w-4 shrink-0 accent-teal-700"
                    />
                    <label htmlFor={id} className="text-slate-800">
                      {consent.displayName}
                      {consent.required ? (
                        <span className="ml-1 text-sm text-slate-700">
                          {t('checkout.address.requiredMark')}
                        </span>
                      ) : null}
                    </label>
                  </div>
                  <FieldError id={`${id}-error`} error={error} />
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <a href={backHref} className={secondaryButton} data-testid="checkout-back">
          {t('checkout.backToCart')}
        </a>
        <button type="submit" className={primaryButton} data-testid="checkout-continue">
          {t('checkout.continue')}
        </button>
      </div>
    </form>
  );
}
