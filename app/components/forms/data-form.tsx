import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { FormFieldRule } from '../../../core/forms.ts';
import { languageOfPath } from '../../../core/languages.ts';
import type { FormView } from '../../../server/modules/forms/forms.contract.ts';
import { Island } from '../../islands/island.tsx';

/** Query parameters of a form post's outcome (the visitor comes back to the page with them). */
export const FORM_PARAMS = { id: 'formId', status: 'formStatus', errors: 'formErrors' } as const;
export const formStatuses = [
  'sent',
  'pending',
  'invalid',
  'captcha',
  'consent',
  'inStock',
  'tooMany',
  'failed',
] as const;
export type FormStatus = (typeof formStatuses)[number];

/** `name:rule[:length]` pairs, comma-separated: which field failed which section 5 rule. */
export function encodeFieldErrors(errors: { name: string; rule: FormFieldRule; length?: number }[]): string {
  return errors
    .map((error) => [error.name, error.rule, error.length].filter((part) => part !== undefined).join(':'))
    .join(',');
}

export function decodeFieldErrors(
  value: string | null,
): Map<string, { rule: FormFieldRule; length?: number }> {
  const errors = new Map<string, { rule: FormFieldRule; length?: number }>();
  for (const part of (value ?? '').split(',').slice(0, 40)) {
    const [name, rule, length] = part.split(':');
    if (!name || !/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(name)) continue;
    if (
      rule !== 'required' &&
      rule !== 'email' &&
      rule !== 'minLength' &&
      rule !== 'maxLength' &&
      rule !== 'alphaSpecialChars' &&
      rule !== 'option'
    )
      continue;
    errors.set(name, { rule, ...(length && /^\d{1,5}$/.test(length) ? { length: Number(length) } : {}) });
  }
  return errors;
}

/** The page to come back to: the current one without a previous form post's outcome. */
export function formReturnTo(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const name of Object.values(FORM_PARAMS)) params.delete(name);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-teal-700 focus:outline-none focus:ring-2 focus:ring-teal-700 aria-[invalid=true]:border-red-700';

/**
 * Any form an editor defined (docs/decisions/0420), rendered on the server from its definition: one
 * control per field with its label, the consents of the form's type, and the captcha island. It posts
 * to /form-submit with or without JavaScript; the visitor comes back here with the outcome and the
 * failed fields in the query (section 5's messages under each field).
 */
export function DataForm({
  form,
  anchorId,
  productId,
}: {
  form: FormView;
  /** The element the visitor is brought back to. */
  anchorId: string;
  /** An availability request's product. */
  productId?: number;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const mine = params.get(FORM_PARAMS.id) === String(form.id);
  const status = mine ? (params.get(FORM_PARAMS.status) as FormStatus | null) : null;
  const errors = mine ? decodeFieldErrors(params.get(FORM_PARAMS.errors)) : new Map();
  const prefix = `form-${anchorId}`;
  const fieldMessage = (name: string) => {
    const error = errors.get(name);
    return error ? t(`forms.field.${error.rule}`, { length: error.length ?? '' }) : null;
  };
  const outcome =
    status === 'sent'
      ? form.successMessage || t('forms.sent')
      : status && (formStatuses as readonly string[]).includes(status)
        ? t(
            status === 'invalid'
              ? 'forms.errorSummary'
              : status === 'consent'
                ? 'forms.consentRequired'
                : `forms.${status}`,
          )
        : null;
  const good = status === 'sent' || status === 'pending';

  return (
    <form method="post" action="/form-submit" className="flex flex-col gap-4">
      <input type="hidden" name="formId" value={form.id} />
      <input type="hidden" name="returnTo" value={formReturnTo(location.pathname, location.search)} />
      <input type="hidden" name="anchor" value={anchorId} />
      {productId ? <input type="hidden" name="productId" value={productId} /> : null}
      {outcome ? (
        <p
          role={good ? 'status' : 'alert'}
          data-testid="form-outcome"
          className={`rounded-md px-4 py-3 text-sm font-medium ${good ? 'bg-teal-50 text-teal-900' : 'bg-red-50 text-red-800'}`}
        >
          {outcome}
        </p>
      ) : null}
      {form.fields.some((field) => field.required) ? (
        <p className="text-sm text-slate-700">{t('forms.requiredNote')}</p>
      ) : null}
      {form.fields.map((field) => {
        const id = `${prefix}-${field.name}`;
        const message = fieldMessage(field.name);
        const described = message ? `${id}-error` : undefined;
        const common = {
          id,
          name: `data.${field.name}`,
          required: field.required,
          'aria-invalid': message ? true : undefined,
          'aria-describedby': described,
        } as const;
        const label = (
          <>
            {field.label}
            {field.required ? (
              <span aria-hidden="true" className="text-red-800">
                {' '}
                *
              </span>
            ) : null}
          </>
        );
        const error = message ? (
          <p id={described} className="mt-1 text-sm font-medium text-red-800">
            {message}
          </p>
        ) : null;
        if (field.type === 'checkbox')
          return (
            <div key={field.name}>
              <label htmlFor={id} className="flex items-start gap-2 text-slate-800">
                <input {...common} type="checkbox" value="true" className="mt-1 h-4 w-4 accent-teal-700" />
                <span>{label}</span>
              </label>
              {error}
            </div>
          );
        return (
          <div key={field.name}>
            <label htmlFor={id} className="block font-medium text-slate-800">
              {label}
            </label>
            {field.type === 'textarea' ? (
              <textarea
                {...common}
                rows={6}
                maxLength={field.maxLength}
                minLength={field.minLength ?? undefined}
                placeholder={field.placeholder || undefined}
                className={inputClass}
              />
            ) : field.type === 'select' ? (
              <select {...common} defaultValue="" className={inputClass}>
                <option value="" disabled>
                  {t('forms.choose')}
                </option>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={field.type === 'phone' ? 'tel' : field.type === 'number' ? 'text' : field.type}
                inputMode={field.type === 'number' ? 'decimal' : undefined}
                autoComplete={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : undefined}
                maxLength={field.maxLength}
                minLength={field.minLength ?? undefined}
                placeholder={field.placeholder || undefined}
                className={inputClass}
              />
            )}
            {error}
          </div>
        );
      })}
      {form.consents.length > 0 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium text-slate-800">{t('forms.consentsLegend')}</legend>
          {form.consents.map((consent) => (
            <label key={consent.id} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="consents"
                value={consent.id}
                required={consent.required}
                className="mt-0.5 h-4 w-4 accent-teal-700"
              />
              <span>
                {consent.displayName}
                {consent.required ? (
                  <span aria-hidden="true" className="text-red-800">
                    {' '}
                    *
                  </span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <Island name="captcha" props={{ language: languageOfPath(location.pathname) }} />
      <div>
        <button
          type="submit"
          className="rounded-md bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
        >
          {form.submitLabel || t('forms.submit')}
        </button>
      </div>
    </form>
  );
}
