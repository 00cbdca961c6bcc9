import { useTranslation } from 'react-i18next';
import { Island } from '../islands/island.tsx';
import type { FormErrors } from '../lib/auth-errors.ts';

/**
 * A labelled input with its error beside it (a password field with its show/hide button): `aria-invalid` and `aria-describedby` point assistive
 * technology at the message; the server renders both, so they work without JavaScript.
 */
export function AuthField({
  name,
  label,
  type = 'text',
  autoComplete,
  errors,
  defaultValue,
  hint,
  required = true,
}: {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  errors?: FormErrors | null;
  defaultValue?: string;
  hint?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const id = `field-${name}`;
  const error = errors?.fields[name];
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="text-rose-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="peer rounded border border-slate-400 px-3 py-2 text-base aria-invalid:border-rose-700 focus-visible:outline-2 focus-visible:outline-teal-700"
      />
      {type === 'password' && <Island name="passwordToggle" props={{ inputId: id }} />}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-700">
          {t(`auth.errors.${error}`)}
        </p>
      )}
    </div>
  );
}

/** The message for the whole form (wrong login, too many attempts), announced when it appears. */
export function FormAlert({ errors }: { errors?: FormErrors | null }) {
  const { t } = useTranslation();
  if (!errors) return null;
  const key = errors.form ?? (Object.keys(errors.fields).length > 0 ? 'summary' : null);
  if (!key) return null;
  return (
    <p role="alert" className="rounded border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-800">
      {t(`auth.errors.${key}`, { minutes: errors.retryMinutes ?? 15 })}
    </p>
  );
}

export const primaryButton =
  'rounded bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';
export const textLink = 'text-teal-800 underline underline-offset-2 hover:text-teal-900';
