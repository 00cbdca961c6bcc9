import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { languageOfPath } from '../../../core/languages.ts';
import { Island } from '../../islands/island.tsx';

const outcomeKey = {
  subscribed: 'newsletter.subscribed',
  already: 'newsletter.alreadySubscribed',
  invalid: 'newsletter.invalidEmail',
  failed: 'newsletter.failed',
  captcha: 'newsletter.captcha',
} as const;

/** Which form on the page sent the sign-up; the footer's is the default and leaves no trace in the URL. */
export const NEWSLETTER_FORM_PARAM = 'newsletterForm';
export const FOOTER_FORM_ID = 'footer';

/** The page to come back to: the current one without a previous sign-up's outcome. */
export function newsletterReturnTo(pathname: string, search: string, formId: string): string {
  const params = new URLSearchParams(search);
  params.delete('newsletter');
  params.delete(NEWSLETTER_FORM_PARAM);
  if (formId !== FOOTER_FORM_ID) params.set(NEWSLETTER_FORM_PARAM, formId);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The e-mail-only newsletter sign-up, a plain form rendered on the server; its only island is the
 * captcha (decision 0410), which fills a hidden field before the form goes. It posts to /newsletter-signup and the visitor comes back to this page with the outcome in
 * the query; only the form that sent it shows the outcome. `anchorId` is the element the visitor is brought back to. The dark tone (footer)
 * stacks the field over the button; the light one puts them side by side on wider screens.
 */
export function NewsletterForm({
  formId,
  anchorId,
  placeholder,
  buttonLabel,
  tone,
}: {
  formId: string;
  anchorId: string;
  placeholder: string;
  buttonLabel: string;
  tone: 'dark' | 'light';
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const searchParams = new URLSearchParams(location.search);
  const outcome = searchParams.get('newsletter');
  const sender = searchParams.get(NEWSLETTER_FORM_PARAM) ?? FOOTER_FORM_ID;
  const inputId = `${formId}-newsletter-email`;
  return (
    <>
      <form
        method="post"
        action="/newsletter-signup"
        className={`mt-3 flex flex-col gap-2 ${tone === 'light' ? 'sm:flex-row' : ''}`}
      >
        <input
          type="hidden"
          name="returnTo"
          value={newsletterReturnTo(location.pathname, location.search, formId)}
        />
        <input type="hidden" name="anchor" value={anchorId} />
        <Island name="captcha" props={{ language: languageOfPath(location.pathname) }} />
        <label htmlFor={inputId} className="sr-only">
          {t('newsletter.emailLabel')}
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder={placeholder}
          className={`min-w-0 flex-1 rounded-md px-3 py-2 text-slate-900 placeholder:text-slate-500 ${
            tone === 'light' ? 'border border-slate-300 bg-white' : 'border-0 bg-white'
          }`}
        />
        <button
          type="submit"
          className="rounded-md bg-amber-400 px-4 py-2 font-semibold text-slate-900 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
        >
          {buttonLabel}
        </button>
      </form>
      {outcome && outcome in outcomeKey && sender === formId && (
        <p
          role="status"
          className={`mt-2 text-sm ${tone === 'dark' ? 'text-amber-200' : 'font-medium text-teal-900'}`}
        >
          {t(outcomeKey[outcome as keyof typeof outcomeKey])}
        </p>
      )}
    </>
  );
}
