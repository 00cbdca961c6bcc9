import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { localized } from '../../core/forms.ts';
import { formatDate } from '../../core/money.ts';
import { localizedPath } from '../../core/route-table.ts';
import {
  formAdminDelete,
  formAdminGet,
  formAdminSubmissions,
  formAdminUpdate,
} from '../../server/modules/forms/forms-admin.contract.ts';
import { type DefinitionValues, FormDefinitionInputs } from '../components/admin-form-definition.tsx';
import { AdminLayout, AdminRefusal } from '../components/admin-layout.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { adminRefusal, requireBackoffice } from '../lib/admin.ts';
import { definitionIssues, parseFields, readDefinitionPost } from '../lib/admin-forms.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/adminForm';

const SUBMISSIONS_PER_PAGE = 20;
const doneKeys = ['created', 'saved', 'deactivated'] as const;

/** The form's id from the URL; anything else is the API's 404 (id 0 is never a form). */
const idOf = (params: { id?: string }) => (/^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0);

export async function loader(args: Route.LoaderArgs) {
  const { language, api, adminPanel, returnTo } = await requireBackoffice(args, 'adminForms');
  const id = idOf(args.params);
  if (id === 0) throw new Response('Not found', { status: 404, headers: privatePageHeaders() });
  const url = new URL(args.request.url);
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1, 1), 10_000);
  const [form, submissions] = await Promise.all([
    api.call(formAdminGet, { params: { id } }),
    api.call(formAdminSubmissions, { params: { id }, query: { page, limit: SUBMISSIONS_PER_PAGE } }),
  ]);
  if (form.errored) adminRefusal(language, returnTo, form.error.statusCode, form.error.message);
  if (submissions.errored)
    adminRefusal(language, returnTo, submissions.error.statusCode, submissions.error.message);
  const doneParam = url.searchParams.get('done');
  const title = localized(form.data.title, language) || form.data.key;
  const seo: PageSeo = {
    title: catalogs[language].forms.admin.editTitle.replace('{{title}}', title),
    alternates: routeAlternates('adminForm', { id }),
    description: catalogs[language].forms.admin.intro,
    noindex: true,
  };
  return {
    language,
    form: form.data,
    submissions: submissions.data,
    done: doneKeys.find((candidate) => candidate === doneParam) ?? null,
    seo,
    adminPanel,
  };
}

export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const id = idOf(args.params);
  const here = localizedPath('adminForm', language, { id });
  const formData = await args.request.formData();
  const refused = (statusCode: number, message: string) => {
    if (statusCode === 401 || statusCode === 403) adminRefusal(language, here, statusCode, message);
  };
  if (formData.get('intent') === 'deactivate') {
    const removed = await api.call(formAdminDelete, { params: { id } });
    if (!removed.errored) return redirect(`${here}?done=deactivated`, 303);
    refused(removed.error.statusCode, removed.error.message);
    throw new Response(removed.error.message, { status: removed.error.statusCode || 500 });
  }
  const post = readDefinitionPost(formData);
  const active = formData.get('active') === 'on';
  const values = { type: post.type, title: post.title, fieldsJson: post.fieldsJson, active };
  const parsed = parseFields(post.fieldsJson);
  if ('jsonError' in parsed) return { values, issues: [], jsonError: parsed.jsonError, fields: null };
  const saved = await api.call(formAdminUpdate, {
    params: { id },
    body: { type: post.type, title: post.title, fields: parsed.fields as never, active },
  });
  if (!saved.errored) return redirect(`${here}?done=saved`, 303);
  refused(saved.error.statusCode, saved.error.message);
  return { values, issues: definitionIssues(saved.error), jsonError: null, fields: parsed.fields };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

const buttonClass =
  'rounded-full px-5 py-2 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2';
const cell = 'px-3 py-2 text-left align-top';

export default function AdminForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, form, submissions, done } = loaderData;
  const values: DefinitionValues & { active: boolean } = actionData?.values ?? {
    type: form.type,
    title: form.title,
    fieldsJson: JSON.stringify(form.fields, null, 2),
    active: form.active,
  };
  const title = localized(form.title, language) || form.key;
  // A submission's values in the order of the form's fields (jsonb keeps its own key order), then any
  // value of a field since removed; a select shows its option's label.
  const order = new Map(form.fields.map((field, index) => [field.name, index]));
  const fieldOf = new Map(form.fields.map((field) => [field.name, field]));
  const rowsOf = (data: Record<string, string | boolean>) =>
    Object.entries(data)
      .sort(([a], [b]) => (order.get(a) ?? order.size) - (order.get(b) ?? order.size))
      .map(([name, value]) => {
        const field = fieldOf.get(name);
        const option = field?.options?.find((candidate) => candidate.value === value);
        const shown =
          typeof value === 'boolean'
            ? value
              ? t('forms.admin.yes')
              : t('forms.admin.no')
            : option
              ? localized(option.label, language) || value
              : value;
        return { name, label: (field && localized(field.label, language)) || name, shown };
      });
  const pageHref = (page: number) => `${localizedPath('adminForm', language, { id: form.id })}?page=${page}`;
  return (
    <AdminLayout>
      <p>
        <a
          href={localizedPath('adminForms', language)}
          className="text-sm font-medium text-teal-800 underline underline-offset-2"
        >
          {t('forms.admin.back')}
        </a>
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
        {t('forms.admin.editTitle', { title })}
      </h1>
      <p className="mt-1 font-mono text-sm text-slate-700">
        {form.key} · {form.active ? t('forms.admin.active') : t('forms.admin.inactive')}
      </p>
      {done && !actionData ? (
        <p
          role="status"
          className="mt-4 rounded-lg bg-teal-50 px-4 py-3 text-teal-900"
          data-testid="form-done"
        >
          {t(`forms.admin.${done}`)}
        </p>
      ) : null}
      <form method="post" className="mt-6 space-y-4" data-testid="form-edit">
        <FormDefinitionInputs
          idPrefix="form-edit"
          values={values}
          issues={actionData?.issues ?? []}
          jsonError={actionData?.jsonError ?? null}
          fields={actionData?.fields ?? null}
        />
        <div className="flex items-center gap-2">
          <input
            type="checkbox"
            id="form-edit-active"
            name="active"
            defaultChecked={values.active}
            className="h-4 w-4 accent-teal-700"
          />
          <label htmlFor="form-edit-active" className="text-slate-900">
            {t('forms.admin.activeLabel')}
          </label>
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="save"
            className={`${buttonClass} bg-teal-700 text-white hover:bg-teal-800`}
            data-testid="form-save"
          >
            {t('forms.admin.save')}
          </button>
          {form.active ? (
            <button
              type="submit"
              name="intent"
              value="deactivate"
              formNoValidate
              className={`${buttonClass} border border-red-700 text-red-800 hover:bg-red-50`}
              data-testid="form-deactivate"
            >
              {t('forms.admin.deactivate')}
            </button>
          ) : null}
        </div>
      </form>
      <section className="mt-10" aria-labelledby="submissions-heading">
        <h2 id="submissions-heading" className="text-xl font-semibold text-slate-900">
          {t('forms.admin.submissionsHeading', { count: submissions.totalRecords })}
        </h2>
        {submissions.records.length === 0 ? (
          <p className="mt-2 text-slate-700">{t('forms.admin.noSubmissions')}</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-sm" data-testid="form-submissions">
              <thead className="bg-slate-50 text-slate-900">
                <tr>
                  <th scope="col" className={cell}>
                    {t('forms.admin.colDate')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('forms.admin.colStatus')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('forms.admin.colLanguage')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('forms.admin.colValues')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 text-slate-800">
                {submissions.records.map((submission) => (
                  <tr key={submission.id} data-submission={submission.id}>
                    <td className={`${cell} whitespace-nowrap`}>
                      {formatDate(submission.createdAt, language, { dateStyle: 'short', timeStyle: 'short' })}
                    </td>
                    <td className={cell}>{t(`forms.admin.status_${submission.status}`)}</td>
                    <td className={`${cell} uppercase`}>{submission.languageCode}</td>
                    <td className={cell}>
                      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                        {rowsOf(submission.data).map((row) => (
                          <div key={row.name} className="contents">
                            <dt className="font-medium text-slate-900">{row.label}</dt>
                            <dd className="whitespace-pre-line break-words">{row.shown}</dd>
                          </div>
                        ))}
                      </dl>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {submissions.totalPages > 1 ? (
          <nav
            className="mt-3 flex gap-4 text-sm"
            aria-label={t('forms.admin.submissionsHeading', { count: submissions.totalRecords })}
          >
            {submissions.page > 1 ? (
              <a href={pageHref(submissions.page - 1)} className="font-medium text-teal-800 underline">
                {t('forms.admin.newerSubmissions')}
              </a>
            ) : null}
            {submissions.page < submissions.totalPages ? (
              <a href={pageHref(submissions.page + 1)} className="font-medium text-teal-800 underline">
                {t('forms.admin.olderSubmissions')}
              </a>
            ) : null}
          </nav>
        ) : null}
      </section>
    </AdminLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRefusal error={error} />;
}
