import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  type ConsentCategory,
  serializeConsent,
} from '../../core/cookie-consent.ts';
import { serializeCookie } from '../../core/cookies.ts';
import type { TrackingIds } from '../../core/tracking.ts';
import { acceptConsent, useConsentState } from '../islands/consent-store.ts';
import { TrackingScripts } from './tracking-scripts.tsx';

/**
 * The consent island: the banner while the visitor has not chosen, then the tracking scripts they
 * accepted (at once, without a reload). `consent` is what the server read from the cookie.
 */
export function ConsentIsland({
  consent: initial,
  tracking,
  returnTo,
}: {
  consent: ConsentCategory[] | null;
  tracking: TrackingIds;
  returnTo: string;
}) {
  const consent = useConsentState(initial);
  if (consent === null) return <CookieBanner returnTo={returnTo} onAccept={acceptConsent} />;
  return <TrackingScripts ids={tracking} consent={consent} />;
}

/**
 * Fixed banner with one accept button, shown until a consent cookie exists. Without JavaScript the
 * form posts to /cookie-consent; with it the cookie is written here and the banner hides at once.
 */
export function CookieBanner({
  text,
  returnTo,
  onAccept,
}: {
  text?: string;
  /** The page the form returns to without JavaScript. */
  returnTo: string;
  onAccept: (categories: ConsentCategory[]) => void;
}) {
  const { t } = useTranslation();
  const [optional, setOptional] = useState<Record<'analytics' | 'marketing', boolean>>({
    // Optional categories are opt-in: nothing beyond the necessary is pre-selected.
    analytics: false,
    marketing: false,
  });
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const categories: ConsentCategory[] = ['necessary'];
    if (optional.analytics) categories.push('analytics');
    if (optional.marketing) categories.push('marketing');
    // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie; the Cookie Store API is not everywhere yet
    document.cookie = serializeCookie(CONSENT_COOKIE, serializeConsent(categories), {
      maxAgeSeconds: CONSENT_MAX_AGE_SECONDS,
      secure: window.location.protocol === 'https:',
    });
    onAccept(categories);
    // The server records the choice under the visitor's anonymous id (the no-JS post does the same).
    const record = new URLSearchParams([
      ...categories.map((category) => ['categories', category]),
      ['mode', 'js'],
    ]);
    fetch('/cookie-consent', { method: 'POST', body: record }).catch(() => undefined);
  };
  return (
    <section
      aria-label={t('cookies.label')}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white px-4 py-4 shadow-2xl"
    >
      <form
        method="post"
        action="/cookie-consent"
        onSubmit={submit}
        className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center"
      >
        <input type="hidden" name="returnTo" value={returnTo} />
        <input type="hidden" name="categories" value="necessary" />
        <p className="flex-1 text-sm text-slate-700">{text || t('cookies.text')}</p>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">{t('cookies.label')}</legend>
          <label className="flex items-center gap-2 text-slate-500">
            <input type="checkbox" checked disabled /> {t('cookies.necessary')}
          </label>
          {(['analytics', 'marketing'] as const).map((category) => (
            <label key={category} className="flex items-center gap-2">
              <input
                type="checkbox"
                name="categories"
                value={category}
                checked={optional[category]}
                onChange={(event) => setOptional({ ...optional, [category]: event.target.checked })}
              />
              {t(`cookies.${category}`)}
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          className="rounded-full bg-teal-700 px-6 py-2 font-semibold text-white hover:bg-teal-800"
        >
          {t('cookies.accept')}
        </button>
      </form>
    </section>
  );
}
