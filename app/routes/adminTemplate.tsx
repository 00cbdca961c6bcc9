import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { localizedPath } from '../../core/route-table.ts';
import {
  MAIL_TEMPLATE_LIMITS,
  mailTemplateGet,
  mailTemplatePreview,
  mailTemplateTestSend,
  mailTemplateUpdate,
} from '../../server/modules/mail/mail-admin.contract.ts';
import { AdminLayout, AdminRefusal } from '../components/admin-layout.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { adminRefusal, requireBackoffice } from '../lib/admin.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/adminTemplate';

type Fields = { subject: string; bodyHtml: string; bodyText: string };
const fieldNames = ['subject', 'bodyHtml', 'bodyText'] as const;
const doneKeys = ['saved', 'sent'] as const;
type Done = (typeof doneKeys)[number];

/** The template's key and language from the URL (the API validates them; this only passes them on). */
const refOf = (params: { key?: string; language?: string }) => ({
  key: params.key ?? '',
  language: params.language ?? '',
});

export async function loader(args: Route.LoaderArgs) {
  const { language, api, adminPanel, returnTo, user } = await requireBackoffice(args, 'adminTemplates');
  const ref = refOf(args.params);
  const result = await api.call(mailTemplateGet, { query: ref });
  if (result.errored) adminRefusal(language, returnTo, result.error.statusCode, result.error.message);
  const template = result.data;
  // The stored text rendered with the sample data, as a mail would look now.
  const preview = await api.call(mailTemplatePreview, { body: ref });
  const doneParam = new URL(args.request.url).searchParams.get('done');
  const done = doneKeys.find((candidate) => candidate === doneParam) ?? null;
  const seo: PageSeo = {
    title: catalogs[language].adminPanel.templates.editTitle
      .replace('{{key}}', template.key)
      .replace('{{language}}', template.languageCode),
    alternates: routeAlternates('adminTemplate', ref),
    description: catalogs[language].adminPanel.templates.intro,
    noindex: true,
  };
  return {
    language,
    template,
    preview: preview.errored ? null : preview.data,
    previewError: preview.errored ? preview.error.message : null,
    done,
    email: user.email,
    seo,
    adminPanel,
  };
}

export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const ref = refOf(args.params);
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '');
  const fields: Fields = {
    subject: String(form.get('subject') ?? ''),
    bodyHtml: String(form.get('bodyHtml') ?? ''),
    bodyText: String(form.get('bodyText') ?? ''),
  };
  const here = localizedPath('adminTemplate', language, ref);
  const refused = (statusCode: number, message: string) => {
    if (statusCode === 401 || statusCode === 403) adminRefusal(language, here, statusCode, message);
  };
  if (intent === 'testSend') {
    const sent = await api.call(mailTemplateTestSend, { body: ref });
    if (!sent.errored) return redirect(`${here}?done=sent`, 303);
    refused(sent.error.statusCode, sent.error.message);
    return { intent, fields, error: sent.error.message, field: sent.error.field ?? null, preview: null };
  }
  if (intent === 'save') {
    const saved = await api.call(mailTemplateUpdate, { body: { ...ref, ...fields } });
    if (!saved.errored) return redirect(`${here}?done=saved`, 303);
    refused(saved.error.statusCode, saved.error.message);
    return { intent, fields, error: saved.error.message, field: saved.error.field ?? null, preview: null };
  }
  const preview = await api.call(mailTemplatePreview, { body: { ...ref, ...fields } });
  if (preview.errored) {
    refused(preview.error.statusCode, preview.error.message);
    return {
      intent: 'preview',
      fields,
      error: preview.error.message,
      field: preview.error.field ?? null,
      preview: null,
    };
  }
  return { intent: 'preview', fields, error: null, field: null, preview: preview.data };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

const buttonClass =
  'rounded-full px-5 py-2 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2';

export default function AdminTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, template, done, email } = loaderData;
  const fields: Fields = actionData?.fields ?? template;
  const preview = actionData ? actionData.preview : loaderData.preview;
  const errorField = actionData?.field ?? null;
  const labels: Record<(typeof fieldNames)[number], string> = {
    subject: t('adminPanel.templates.subject'),
    bodyHtml: t('adminPanel.templates.bodyHtml'),
    bodyText: t('adminPanel.templates.bodyText'),
  };
  const notice = (done: Done) =>
    done === 'saved' ? t('adminPanel.templates.saved') : t('adminPanel.templates.sent', { to: email });
  return (
    <AdminLayout>
      <p>
        <a
          href={localizedPath('adminTemplates', language)}
          className="text-sm font-medium text-teal-800 underline underline-offset-2"
        >
          {t('adminPanel.templates.back')}
        </a>
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
        {t('adminPanel.templates.editTitle', { key: template.key, language: template.languageCode })}
      </h1>
      {done && !actionData ? (
        <p
          role="status"
          className="mt-4 rounded-lg bg-teal-50 px-4 py-3 text-teal-900"
          data-testid="template-done"
        >
          {notice(done)}
        </p>
      ) : null}
      {actionData?.error ? (
        <p
          role="alert"
          id="template-error"
          className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800"
          data-testid="template-error"
        >
          {actionData.intent === 'save'
            ? t('adminPanel.templates.invalid', { message: actionData.error })
            : t('adminPanel.templates.failed', { message: actionData.error })}
        </p>
      ) : null}
      {template.source === 'none' ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-amber-900">
          {t('adminPanel.templates.notSavedYet')}
        </p>
      ) : null}
      <section
        className="mt-6 rounded-lg border border-slate-200 bg-white p-4"
        aria-labelledby="variables-heading"
      >
        <h2 id="variables-heading" className="font-semibold text-slate-900">
          {t('adminPanel.templates.variables')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('adminPanel.templates.variablesHelp')}</p>
        <dl
          className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
          data-testid="template-variables"
        >
          {template.variables.map((variable) => (
            <div key={variable.name} className="contents">
              <dt>
                <code className="rounded bg-slate-100 px-1 text-slate-900">{`{{ ${variable.name} }}`}</code>
              </dt>
              <dd className="whitespace-pre-line text-slate-700">{variable.sample}</dd>
            </div>
          ))}
        </dl>
      </section>
      <form method="post" className="mt-6 space-y-4" data-testid="template-form">
        <p className="text-sm text-slate-700">
          {t('adminPanel.templates.syntaxHelp', { example: '{{ firstName }}' })}
        </p>
        {fieldNames.map((name) => {
          const invalid = errorField === name;
          const common = {
            id: `template-${name}`,
            name,
            defaultValue: fields[name],
            maxLength: MAIL_TEMPLATE_LIMITS[name],
            required: true,
            'aria-invalid': invalid || undefined,
            'aria-describedby': invalid ? 'template-error' : undefined,
            className: `mt-1 block w-full rounded border px-3 py-2 font-mono text-sm text-slate-900 ${invalid ? 'border-red-700' : 'border-slate-400'}`,
          };
          return (
            <div key={name}>
              <label htmlFor={`template-${name}`} className="block font-medium text-slate-900">
                {labels[name]}
              </label>
              {name === 'subject' ? (
                <input type="text" {...common} />
              ) : (
                <textarea rows={name === 'bodyHtml' ? 12 : 8} spellCheck={false} {...common} />
              )}
            </div>
          );
        })}
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="preview"
            className={`${buttonClass} border border-slate-500 text-slate-900 hover:bg-white`}
            data-testid="template-preview"
          >
            {t('adminPanel.templates.preview')}
          </button>
          <button
            type="submit"
            name="intent"
            value="save"
            className={`${buttonClass} bg-teal-700 text-white hover:bg-teal-800`}
            data-testid="template-save"
          >
            {t('adminPanel.templates.save')}
          </button>
          <button
            type="submit"
            name="intent"
            value="testSend"
            formNoValidate
            className={`${buttonClass} border border-teal-700 text-teal-800 hover:bg-white`}
            data-testid="template-test-send"
          >
            {t('adminPanel.templates.testSend')}
          </button>
        </div>
      </form>
      {preview ? (
        <section className="mt-8" aria-labelledby="preview-heading" data-testid="template-preview-result">
          <h2 id="preview-heading" className="text-xl font-semibold text-slate-900">
            {t('adminPanel.templates.previewHeading')}
          </h2>
          {actionData?.intent === 'preview' ? (
            <p className="mt-1 text-sm text-slate-700">{t('adminPanel.templates.unsavedPreview')}</p>
          ) : null}
          <p className="mt-3 font-medium text-slate-900" data-testid="preview-subject">
            {t('adminPanel.templates.previewSubject', { subject: preview.subject })}
          </p>
          {/* The mail's HTML in a sandbox: no script runs in it, and it cannot reach this page. */}
          <iframe
            title={t('adminPanel.templates.previewFrame')}
            sandbox=""
            srcDoc={preview.html}
            className="mt-3 h-80 w-full rounded border border-slate-300 bg-white"
            data-testid="preview-html"
          />
          <h3 className="mt-4 font-semibold text-slate-900">{t('adminPanel.templates.previewText')}</h3>
          <pre
            className="mt-2 whitespace-pre-wrap rounded border border-slate-300 bg-white p-3 text-sm text-slate-900"
            data-testid="preview-text"
          >
            {preview.text}
          </pre>
        </section>
      ) : null}
    </AdminLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRefusal error={error} />;
}
