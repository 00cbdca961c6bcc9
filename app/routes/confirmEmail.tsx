import { useTranslation } from 'react-i18next';
import { data, isRouteErrorResponse, useLocation } from 'react-router';
import { languageOfPath } from '../../core/languages.ts';
import { safeRedirectTarget } from '../../core/links.ts';
import { localizedPath } from '../../core/route-table.ts';
import { formConfirmEmail } from '../../server/modules/forms/forms.contract.ts';
import { newsletterConfirm } from '../../server/modules/marketing/marketing.contract.ts';
import { verifyEmail } from '../../server/modules/users/users.contract.ts';
import { downloadName } from '../components/confirm-email-action.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { Island } from '../islands/island.tsx';
import { privatePageHeaders } from '../lib/account.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/confirmEmail';

export { downloadName, EMAIL_CONFIRMED_EVENT } from '../components/confirm-email-action.tsx';

export const goalTypes = ['message', 'url', 'file'] as const;
export type GoalType = (typeof goalTypes)[number];
export type ConfirmationGoal = { goalType: GoalType; goal: string; confirmedEmail: string };

/** The specification's text for a confirmation link without its goal. */
export const MISSING_GOAL = 'goal or goalType were not defined';

const INTERNAL_FILE = /^\/(?![/\\])[^\s\\<>"']*$/;

/**
 * The double-opt-in result the confirmation link carries in its query (goalType, goal,
 * confirmedEmail), or null when any part is missing or unusable. Redirect and download targets must
 * stay on this site, so a crafted link cannot send a visitor elsewhere.
 */
export function confirmationGoal(query: URLSearchParams): ConfirmationGoal | null {
  const goalType = query.get('goalType')?.trim() ?? '';
  const goal = query.get('goal')?.trim() ?? '';
  const confirmedEmail = query.get('confirmedEmail')?.trim() ?? '';
  if (!goal || !confirmedEmail || confirmedEmail.length > 254 || goal.length > 2000) return null;
  if (!(goalTypes as readonly string[]).includes(goalType)) return null;
  if (goalType === 'url' && safeRedirectTarget(goal, '') === '') return null;
  if (goalType === 'file' && !INTERNAL_FILE.test(goal)) return null;
  return { goalType: goalType as GoalType, goal, confirmedEmail };
}

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const query = new URL(args.request.url).searchParams;
  let goal = confirmationGoal(query);
  // The link of the registration e-mail: `?token=` confirms the account's address (GET web/verify/{token}).
  const token = query.get('token');
  if (token !== null) {
    const result = /^[A-Za-z0-9_-]{10,200}$/.test(token)
      ? await api.call(verifyEmail, { params: { token } })
      : null;
    if (!result || result.errored) throw data({ message: 'invalidToken' }, { status: 400 });
    goal = { goalType: 'message', goal: 'blog.confirm.confirmed', confirmedEmail: result.data.email };
  }
  // The link of the newsletter's confirmation mail: `?subscription=` confirms the sign-up (double opt-in).
  const subscription = query.get('subscription');
  if (subscription !== null) {
    const result = /^[A-Za-z0-9_-]{10,200}$/.test(subscription)
      ? await api.call(newsletterConfirm, { params: { token: subscription } })
      : null;
    if (!result || result.errored) throw data({ message: 'invalidToken' }, { status: 400 });
    goal = result.data;
  }
  // The link of a double-opt-in form's mail: `?form=` confirms the submission (GET form/confirmEmail/{token}).
  const formToken = query.get('form');
  if (formToken !== null) {
    const result = /^[A-Za-z0-9_-]{10,200}$/.test(formToken)
      ? await api.call(formConfirmEmail, { params: { token: formToken } })
      : null;
    if (!result || result.errored) throw data({ message: 'invalidToken' }, { status: 400 });
    goal = result.data;
  }
  if (!goal) throw data({ message: MISSING_GOAL }, { status: 404 });
  const seo: PageSeo = {
    title: catalogs[language].blog.confirm.title,
    alternates: routeAlternates('confirmEmail'),
    noindex: true,
  };
  return { language, goal, seo };
}

/** A confirmation acts on its token: the answer is this visitor's, never a shared cache's. */
export const headers: Route.HeadersFunction = () => privatePageHeaders();

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const tags = seoMeta(matches, loaderData?.seo);
  return loaderData ? tags : [...tags, { name: 'robots', content: 'noindex, follow' }];
};

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { language, goal } = loaderData;
  // A `message` goal names a catalog text; anything else gets the standard confirmation text.
  const message =
    goal.goalType === 'message' && i18n.exists(goal.goal) && goal.goal !== 'blog.confirm.confirmed'
      ? t(goal.goal)
      : null;

  return (
    <main id="main" className="mx-auto flex max-w-2xl flex-col items-center px-6 py-20 text-center">
      <div
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-8 w-8"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">{t('blog.confirm.title')}</h1>
      {/* Said at once, in the page: a status message instead of a toast that might vanish unread. */}
      <div role="status" className="mt-4 text-lg text-slate-700">
        <p data-testid="confirmed-text">{t('blog.confirm.confirmed', { email: goal.confirmedEmail })}</p>
        {message ? <p className="mt-2">{message}</p> : null}
      </div>
      <Island
        name="confirmEmail"
        props={{ goalType: goal.goalType, goal: goal.goal, email: goal.confirmedEmail }}
      />
      {goal.goalType === 'url' && (
        <>
          <p className="mt-2 text-slate-600">{t('blog.confirm.redirecting')}</p>
          <a
            href={goal.goal}
            className="mt-8 inline-block rounded-full bg-teal-700 px-6 py-3 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
          >
            {t('blog.confirm.continue')}
          </a>
        </>
      )}
      {goal.goalType === 'file' && (
        <a
          href={goal.goal}
          download={downloadName(goal.goal)}
          className="mt-8 inline-block rounded-full bg-teal-700 px-6 py-3 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
        >
          {t('blog.confirm.downloadAgain')}
        </a>
      )}
      {goal.goalType === 'message' && (
        <a
          href={localizedPath('home', language)}
          className="mt-8 inline-block rounded-full bg-teal-700 px-6 py-3 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
        >
          {t('blog.confirm.backHome')}
        </a>
      )}
    </main>
  );
}

/** A link without its goal is a 404 that says what is missing. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const missingGoal = isRouteErrorResponse(error) && status === 404;
  const language = languageOfPath(location.pathname);
  return (
    <main id="main" className="mx-auto max-w-2xl px-6 py-24 text-center">
      <p className="text-6xl font-bold text-teal-700">{status}</p>
      <h1 className="mt-4 text-3xl font-semibold">
        {status === 404 ? t('errors.notFoundTitle') : t('errors.genericTitle')}
      </h1>
      {status === 400 && (
        <p className="mt-4 text-lg" data-testid="confirm-error">
          {t('auth.errors.invalidToken')}
        </p>
      )}
      {missingGoal && (
        <p className="mt-4 text-lg" data-testid="confirm-error">
          {t('blog.confirm.missingGoal')}
        </p>
      )}
      <a
        className="mt-8 inline-block rounded-full bg-teal-700 px-6 py-3 font-medium text-white hover:bg-teal-800"
        href={localizedPath('home', language)}
      >
        {t('errors.backHome')}
      </a>
    </main>
  );
}
