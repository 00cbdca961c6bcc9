import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import type { UiLanguage } from '../../core/languages.ts';
import { productLink } from '../../core/links.ts';
import { formatDate } from '../../core/money.ts';
import { localizedPath } from '../../core/route-table.ts';
import { adminPanel } from '../../server/modules/caches/caches.contract.ts';
import {
  type ModerationRecord,
  moderationDelete,
  moderationFilter,
  moderationPublish,
  moderationUnpublish,
} from '../../server/modules/engagement/engagement.contract.ts';
import { AdminLayout, AdminRefusal } from '../components/admin-layout.tsx';
import { RatingStars } from '../components/comments/rating-stars.tsx';
import { Pagination } from '../components/pagination.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { loginRedirect, privatePageHeaders } from '../lib/account.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/adminComments';

const statuses = ['pending', 'published', 'unpublished', 'all'] as const;
type StatusFilter = (typeof statuses)[number];
const doneKeys = ['published', 'unpublished', 'deleted', 'failed'] as const;
type Done = (typeof doneKeys)[number];
const PAGE_SIZE = 20;

/** The screen's own address with its filter, page and the outcome of the last action. */
function screenHref(language: UiLanguage, status: StatusFilter, page = 1, done?: Done) {
  const query = new URLSearchParams();
  if (status !== 'pending') query.set('status', status);
  if (page > 1) query.set('page', String(page));
  if (done) query.set('done', done);
  const path = localizedPath('adminComments', language);
  return query.size > 0 ? `${path}?${query}` : path;
}

/** A visitor is sent to log in (and back here), a user without the back-office role gets 403. */
function refusal(language: UiLanguage, statusCode: number, message: string): Response {
  if (statusCode === 401) return loginRedirect(language, localizedPath('adminComments', language));
  if (statusCode === 403) throw data({ forbidden: true }, { status: 403, headers: privatePageHeaders() });
  throw new Response(message, { status: statusCode || 500 });
}

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const url = new URL(args.request.url);
  const statusParam = url.searchParams.get('status');
  const status: StatusFilter = statuses.find((candidate) => candidate === statusParam) ?? 'pending';
  const pageParam = url.searchParams.get('page') ?? '';
  const page = /^\d{1,5}$/.test(pageParam) ? Math.max(1, Number(pageParam)) : 1;
  const doneParam = url.searchParams.get('done');
  const done = doneKeys.find((candidate) => candidate === doneParam) ?? null;
  const [result, panel] = await Promise.all([
    api.call(moderationFilter, { query: { status, page, limit: PAGE_SIZE } }),
    api.call(adminPanel, {}),
  ]);
  if (result.errored) throw refusal(language, result.error.statusCode, result.error.message);
  const adminPanelInfo = panel.errored ? { cacheServer: false } : panel.data;
  const seo: PageSeo = {
    title: catalogs[language].comments.admin.title,
    alternates: routeAlternates('adminComments'),
    description: catalogs[language].comments.admin.intro,
    noindex: true,
  };
  return { language, status, done, list: result.data, seo, adminPanel: adminPanelInfo };
}

export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const form = await args.request.formData();
  const id = String(form.get('id') ?? '');
  const intent = String(form.get('intent') ?? '');
  const statusValue = String(form.get('status') ?? '');
  const status: StatusFilter = statuses.find((candidate) => candidate === statusValue) ?? 'pending';
  const pageValue = Number(form.get('page') ?? 1);
  const page = Number.isInteger(pageValue) && pageValue > 0 ? pageValue : 1;
  const params = { params: { id } };
  const result =
    intent === 'publish'
      ? await api.call(moderationPublish, params)
      : intent === 'unpublish'
        ? await api.call(moderationUnpublish, params)
        : intent === 'delete'
          ? await api.call(moderationDelete, params)
          : null;
  if (result?.errored && (result.error.statusCode === 401 || result.error.statusCode === 403))
    throw refusal(language, result.error.statusCode, result.error.message);
  const done: Done =
    !result || result.errored
      ? 'failed'
      : intent === 'publish'
        ? 'published'
        : intent === 'unpublish'
          ? 'unpublished'
          : 'deleted';
  return redirect(screenHref(language, status, page, done), 303);
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

const buttonClass =
  'rounded-full border px-4 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2';

export default function AdminComments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, status, done, list } = loaderData;
  return (
    <AdminLayout>
      <p>
        <a
          href={localizedPath('admin', language)}
          className="text-sm font-medium text-teal-800 underline underline-offset-2"
        >
          {t('comments.admin.back')}
        </a>
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{t('comments.admin.title')}</h1>
      <p className="mt-2 text-slate-700">{t('comments.admin.intro')}</p>
      {done ? (
        <p
          role={done === 'failed' ? 'alert' : 'status'}
          className={`mt-4 rounded-lg px-4 py-3 ${done === 'failed' ? 'bg-red-50 text-red-800' : 'bg-teal-50 text-teal-900'}`}
          data-testid="moderation-done"
        >
          {t(`comments.admin.done.${done}`)}
        </p>
      ) : null}
      <nav aria-label={t('comments.admin.filterLabel')} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {statuses.map((candidate) => (
            <li key={candidate}>
              <a
                href={screenHref(language, candidate)}
                aria-current={candidate === status ? 'page' : undefined}
                className={`inline-block rounded-full border px-4 py-1.5 text-sm font-medium ${candidate === status ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-400 text-slate-800 hover:bg-white'}`}
              >
                {t(`comments.admin.status.${candidate}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-4 text-sm text-slate-600">{t('comments.admin.total', { count: list.totalRecords })}</p>
      {list.records.length === 0 ? (
        <p className="mt-6 text-slate-700" data-testid="moderation-empty">
          {t('comments.admin.empty')}
        </p>
      ) : (
        <ul className="mt-4 space-y-4" data-testid="moderation-list">
          {list.records.map((record) => (
            <ModerationItem
              key={record.id}
              record={record}
              language={language}
              status={status}
              page={list.page}
            />
          ))}
        </ul>
      )}
      <Pagination
        page={list.page}
        totalPages={list.totalPages}
        hrefFor={(page) => screenHref(language, status, page)}
      />
    </AdminLayout>
  );
}

function ModerationItem({
  record,
  language,
  status,
  page,
}: {
  record: ModerationRecord;
  language: UiLanguage;
  status: StatusFilter;
  page: number;
}) {
  const { t } = useTranslation();
  const href =
    record.target.slug === null
      ? null
      : record.target.type === 'product'
        ? productLink(record.target.slug, language)
        : localizedPath('page', language, { slug: record.target.slug });
  const action = (intent: 'publish' | 'unpublish' | 'delete', label: string, style: string) => (
    <form method="post">
      <input type="hidden" name="id" value={record.id} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="page" value={page} />
      <button type="submit" className={`${buttonClass} ${style}`} data-testid={`moderation-${intent}`}>
        {label}
      </button>
    </form>
  );
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4"
      data-testid="moderation-item"
      data-comment-id={record.id}
    >
      <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('comments.admin.on')}</dt>
        <dd>
          {t(record.target.type === 'product' ? 'comments.admin.product' : 'comments.admin.post')}:{' '}
          {href ? (
            <a href={href} className="font-medium text-teal-800 underline underline-offset-2">
              {record.target.title}
            </a>
          ) : (
            record.target.title
          )}
        </dd>
        <dt className="font-medium">{t('comments.admin.author')}</dt>
        <dd>{record.author.displayName || t('comments.anonymous')}</dd>
        <dt className="font-medium">{t('comments.admin.date')}</dt>
        <dd>
          <time dateTime={record.created_at}>{formatDate(record.created_at, language)}</time>{' '}
          <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
            {t(`comments.admin.status.${record.status}`)}
          </span>
        </dd>
      </dl>
      {record.rating !== null ? <RatingStars rating={record.rating} className="mt-2" /> : null}
      {record.comment ? (
        <p className="mt-2 whitespace-pre-line break-words text-slate-900" data-testid="moderation-text">
          {record.comment}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {record.status !== 'published'
          ? action(
              'publish',
              t('comments.admin.publish'),
              'border-teal-700 bg-teal-700 text-white hover:bg-teal-800',
            )
          : null}
        {record.status === 'published'
          ? action(
              'unpublish',
              t('comments.admin.unpublish'),
              'border-slate-400 text-slate-800 hover:bg-slate-50',
            )
          : null}
        {action('delete', t('comments.admin.delete'), 'border-red-700 text-red-800 hover:bg-red-50')}
      </div>
    </li>
  );
}

/** 403 for users without the back-office role; other failures show the generic error. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRefusal error={error} />;
}
