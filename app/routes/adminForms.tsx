import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { localized } from '../../core/forms.ts';
import { localizedPath } from '../../core/route-table.ts';
import { formAdminCreate, formAdminFilter } from '../../server/modules/forms/forms-admin.contract.ts';
import { type DefinitionValues, FormDefinitionInputs } from '../components/admin-form-definition.tsx';
import { AdminLayout, AdminRefusal } from '../components/admin-layout.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { adminRefusal, requireBackoffice } from '../lib/admin.ts';
import { definitionIssues, parseFields, readDefinitionPost } from '../lib/admin-forms.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/adminForms';

/** What the create form starts with: one field, as an example of the format. */
const STARTER_FIELDS = JSON.stringify(
  [
    {
      name: 'email',
      type: 'email',
      required: true,
      label: { hr: 'E-mail adresa', en: 'E-mail address', de: 'E-Mail-Adresse' },
    },
  ],
  null,
  2,
);

export async function loader(args: Route.LoaderArgs) {
  const { language, api, adminPanel, returnTo } = await requireBackoffice(args, 'adminForms');
  const result = await api.call(formAdminFilter, { query: { limit: 100 } });
  if (result.errored) adminRefusal(language, returnTo, result.error.statusCode, result.error.message);
  const seo: PageSeo = {
    title: catalogs[language].forms.admin.title,
    alternates: routeAlternates('adminForms'),
    description: catalogs[language].forms.admin.intro,
    noindex: true,
  };
  return { language, list: result.data, seo, adminPanel };
}

export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const post = readDefinitionPost(await args.request.formData());
  const values = { key: post.key, type: post.type, title: post.title, fieldsJson: post.fieldsJson };
  const parsed = parseFields(post.fieldsJson);
  if ('jsonError' in parsed) return { values, issues: [], jsonError: parsed.jsonError, fields: null };
  const created = await api.call(formAdminCreate, {
    body: { key: post.key, type: post.type, title: post.title, fields: parsed.fields as never },
  });
  if (!created.errored)
    return redirect(`${localizedPath('adminForm', language, { id: created.data.id })}?done=created`, 303);
  const { statusCode, message } = created.error;
  if (statusCode === 401 || statusCode === 403)
    adminRefusal(language, localizedPath('adminForms', language), statusCode, message);
  return { values, issues: definitionIssues(created.error), jsonError: null, fields: parsed.fields };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

const cell = 'px-3 py-2 text-left align-top';

export default function AdminForms({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, list } = loaderData;
  const values: DefinitionValues & { key: string } = actionData?.values ?? {
    key: '',
    type: 'contactForm',
    title: {},
    fieldsJson: STARTER_FIELDS,
  };
  const keyInvalid = actionData?.issues.some((issue) => issue.field === 'key') ?? false;
  return (
    <AdminLayout>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('forms.admin.title')}</h1>
      <p className="mt-2 text-slate-700">{t('forms.admin.intro')}</p>
      <section className="mt-6" aria-labelledby="forms-list-heading">
        <h2 id="forms-list-heading" className="text-xl font-semibold text-slate-900">
          {t('forms.admin.listHeading')}
        </h2>
        {list.records.length === 0 ? (
          <p className="mt-2 text-slate-700">{t('forms.admin.empty')}</p>
        ) : (
          <div className="mt-3 overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-sm" data-testid="forms-list">
              <thead className="bg-slate-50 text-slate-900">
                <tr>
                  <th scope="col" className={cell}>
                    {t('forms.admin.colTitle')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('forms.admin.colKey')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('forms.admin.colType')}
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    {t('forms.admin.colSubmissions')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('forms.admin.colStatus')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 text-slate-800">
                {list.records.map((record) => {
                  const title = localized(record.title, language) || record.key;
                  return (
                    <tr key={record.id} data-form={record.key}>
                      <td className={cell}>
                        <a
                          href={localizedPath('adminForm', language, { id: record.id })}
                          aria-label={t('forms.admin.edit', { title })}
                          className="font-medium text-teal-800 underline underline-offset-2"
                        >
                          {title}
                        </a>
                      </td>
                      <td className={`${cell} font-mono`}>{record.key}</td>
                      <td className={`${cell} font-mono`}>{record.type}</td>
                      <td className={`${cell} text-right`} data-testid="submission-count">
                        {record.submissionCount}
                      </td>
                      <td className={cell}>
                        {record.active ? t('forms.admin.active') : t('forms.admin.inactive')}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="mt-8" aria-labelledby="forms-create-heading">
        <h2 id="forms-create-heading" className="text-xl font-semibold text-slate-900">
          {t('forms.admin.createHeading')}
        </h2>
        <form method="post" className="mt-3 space-y-4" data-testid="form-create">
          <div>
            <label htmlFor="form-create-key" className="block font-medium text-slate-900">
              {t('forms.admin.key')}
            </label>
            <input
              type="text"
              id="form-create-key"
              name="key"
              required
              maxLength={60}
              pattern="[a-z0-9][a-z0-9\-]*"
              defaultValue={values.key}
              aria-invalid={keyInvalid || undefined}
              aria-describedby={keyInvalid ? 'form-create-errors' : undefined}
              className={`mt-1 block w-full rounded border px-3 py-2 font-mono text-slate-900 sm:w-80 ${keyInvalid ? 'border-red-700' : 'border-slate-400'}`}
            />
          </div>
          <FormDefinitionInputs
            idPrefix="form-create"
            values={values}
            issues={actionData?.issues ?? []}
            jsonError={actionData?.jsonError ?? null}
            fields={actionData?.fields ?? null}
          />
          <button
            type="submit"
            className="rounded-full bg-teal-700 px-5 py-2 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
            data-testid="form-create-submit"
          >
            {t('forms.admin.create')}
          </button>
        </form>
      </section>
    </AdminLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRefusal error={error} />;
}
