import { redirect } from 'react-router';
import { languageOfPath } from '../../core/languages.ts';
import { safeRedirectTarget } from '../../core/links.ts';
import { newsletterSubscribe } from '../../server/modules/marketing/marketing.contract.ts';
import { createApiClient } from '../lib/api-client.ts';
import { contractCallerContext } from '../lib/context.ts';
import type { Route } from './+types/newsletter-signup';

export type NewsletterOutcome = 'subscribed' | 'already' | 'invalid' | 'captcha' | 'failed';

/**
 * The footer's sign-up form posts here, with or without JavaScript; the visitor returns to the page
 * they were on, and the outcome travels in the query so the footer can say what happened.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = safeRedirectTarget(String(form.get('returnTo') ?? '/'));
  const api = createApiClient(context.get(contractCallerContext), { language: languageOfPath(returnTo) });
  const captcha = form.get('captcha');
  const result = await api.call(newsletterSubscribe, {
    body: {
      email: String(form.get('email') ?? ''),
      captcha: typeof captcha === 'string' ? captcha.slice(0, 4000) : undefined,
    },
  });
  let outcome: NewsletterOutcome;
  // `subscribed` says "check your inbox": the sign-up waits for its confirmation (double opt-in).
  if (!result.errored) outcome = result.data.alreadySubscribed ? 'already' : 'subscribed';
  else if (result.error.field === 'captcha') outcome = 'captcha';
  else outcome = result.error.statusCode === 400 ? 'invalid' : 'failed';
  const target = new URL(returnTo, 'http://local');
  target.searchParams.set('newsletter', outcome);
  // Back to the form that was used: the footer's (#newsletter) or a page section's.
  const anchor = String(form.get('anchor') ?? '');
  return redirect(
    `${target.pathname}${target.search}#${/^[a-z0-9-]{1,40}$/.test(anchor) ? anchor : 'newsletter'}`,
    303,
  );
}

export function loader() {
  return redirect('/', 303);
}
