import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The show/hide button of a password field (the `passwordToggle` island): a toggle button whose
 * state is `aria-pressed`, switching the field between hidden and plain text. It stays hidden until
 * the island has hydrated, so without JavaScript the page has a plain password field and no button
 * that does nothing.
 */
export function PasswordToggle({ inputId }: { inputId: string }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => setReady(true), []);
  const toggle = () => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement)) return;
    const show = !shown;
    input.type = show ? 'text' : 'password';
    setShown(show);
  };
  return (
    <button
      type="button"
      hidden={!ready}
      aria-pressed={shown}
      aria-controls={inputId}
      onClick={toggle}
      className="self-end rounded px-1 text-sm text-teal-800 underline underline-offset-2 hover:text-teal-900 focus-visible:outline-2 focus-visible:outline-teal-700"
    >
      {t('auth.showPassword')}
    </button>
  );
}
