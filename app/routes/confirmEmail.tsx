import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { data, isRouteErrorResponse, Link, useLocation } from 'react-router';
import { languageOfPath } from '../../core/languages.ts';
import { safeRedirectTarget } from '../../core/links.ts';
import { localizedPath } from '../../core/route-table.ts';
import { useToast } from '../components/toasts.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/confirmEmail';

export const goalTypes = ['message', 'url', 'file'] as const;
export type GoalType = (typeof goalTypes)[number];
export type ConfirmationGoal = { goalType: GoalType; goal: string; confirmedEmail: string };

/** The specification's text for a confirmation link without its goal. */
export const MISSING_GOAL = 'goal or goalType were not defined';

/** The window event analytics listens to once an address is confirmed. */
export const EMAIL_CONFIRMED_EVENT = 'email-confirmed';

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

/** The file name a download is saved under: the goal path's last segment that looks like a file. */
export function downloadName(goal: string): string {
  const segments = goal.split(/[?#]/)[0]!.split('/').filter(Boolean).map(decodeURIComponent);
  return segments.reverse().find((segment) => /\.[a-z0-9]{2,5}$/i.test(segment)) ?? 'download';
}

export async function loader(args: Route.LoaderArgs) {
  const { language } = requestApi(args);
  const goal = confirmationGoal(new URL(args.request.url).searchParams);
  if (!goal) throw data({ message: MISSING_GOAL }, { status: 404 });
  const seo: PageSeo = {
    title: catalogs[language].blog.confirm.title,
    alternates: routeAlternates('confirmEmail'),
    noindex: true,
  };
  return { language, goal, seo };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const tags = seoMeta(matches, loaderData?.seo);
  return loaderData ? tags : [...tags, { name: 'robots', content: 'noindex, follow' }];
};

async function download(goal: string) {
  const response = await fetch(goal, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = downloadName(goal);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start reading the blob only after the click returns.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { language, goal } = loaderData;
  const acted = useRef(false);

  useEffect(() => {
    if (acted.current) return;
    acted.current = true;
    window.dispatchEvent(
      new CustomEvent(EMAIL_CONFIRMED_EVENT, {
        detail: { email: goal.confirmedEmail, goalType: goal.goalType },
      }),
    );
    if (goal.goalType === 'message') {
      // The goal names a catalog text; anything else gets the standard confirmation text.
      toast(
        i18n.exists(goal.goal) ? t(goal.goal) : t('blog.confirm.confirmed', { email: goal.confirmedEmail }),
        { kind: 'success' },
      );
    } else if (goal.goalType === 'url') {
      window.location.assign(goal.goal);
    } else {
      download(goal.goal).then(
        () => toast(t('blog.confirm.downloading'), { kind: 'success' }),
        (error: unknown) => {
          console.error('error.downloadFailed', error);
          toast(t('blog.confirm.downloadFailed'), { kind: 'error' });
        },
      );
    }
  }, [goal, i18n, t, toast]);

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
      <p className="mt-4 text-lg text-slate-700" data-testid="confirmed-text">
        {t('blog.confirm.confirmed', { email: goal.confirmedEmail })}
      </p>
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
        <Link
          to={localizedPath('home', language)}
          className="mt-8 inline-block rounded-full bg-teal-700 px-6 py-3 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
        >
          {t('blog.confirm.backHome')}
        </Link>
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
      {missingGoal && (
        <p className="mt-4 text-lg" data-testid="confirm-error">
          {t('blog.confirm.missingGoal')}
        </p>
      )}
      <Link
        className="mt-8 inline-block rounded-full bg-teal-700 px-6 py-3 font-medium text-white hover:bg-teal-800"
        to={localizedPath('home', language)}
      >
        {t('errors.backHome')}
      </Link>
    </main>
  );
}
