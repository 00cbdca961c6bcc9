import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { isUiLanguage, languageName, type UiLanguage, uiLanguages } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import type { ElementWrite } from '../../server/modules/cms/page-editor.contract.ts';
import { elementList, elementUpdate } from '../../server/modules/cms/page-editor.contract.ts';
import { AdminTable } from '../components/admin/admin-table.tsx';
import {
  applyElementForm,
  type ElementField,
  type ElementPart,
  elementFields,
  elementParts,
} from '../components/admin/element-fields.ts';
import { AdminLayout, AdminRefusal } from '../components/admin-layout.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { privatePageHeaders } from '../lib/account.ts';
import { adminRefusal, requireBackoffice } from '../lib/admin.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/adminElements';

const TITLE_MAX = 300;

const screenHref = (language: UiLanguage, query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query);
  const path = localizedPath('adminElements', language);
  return search.size > 0 ? `${path}?${search}` : path;
};

export async function loader(args: Route.LoaderArgs) {
  const { language, api, adminPanel, returnTo } = await requireBackoffice(args, 'adminElements');
  const result = await api.call(elementList, {});
  if (result.errored) adminRefusal(language, returnTo, result.error.statusCode, result.error.message);
  const url = new URL(args.request.url);
  const id = Number(url.searchParams.get('id'));
  const seo: PageSeo = {
    title: catalogs[language].elements.title,
    alternates: routeAlternates('adminElements'),
    description: catalogs[language].elements.intro,
    noindex: true,
  };
  return {
    language,
    elements: result.data,
    editing: result.data.find((element) => element.id === id) ?? null,
    asked: url.searchParams.has('id'),
    saved: url.searchParams.get('saved') === '1',
    seo,
    adminPanel,
  };
}

export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const form = await args.request.formData();
  const id = Number(form.get('id'));
  const version = Number(form.get('version'));
  const here = screenHref(language, { id: String(id) });
  const refused = (statusCode: number, message: string) => {
    if (statusCode === 401 || statusCode === 403) adminRefusal(language, here, statusCode, message);
  };
  const current = await api.call(elementList, {});
  if (current.errored) {
    refused(current.error.statusCode, current.error.message);
    throw new Response(current.error.message, { status: current.error.statusCode });
  }
  const element = current.data.find((candidate) => candidate.id === id);
  if (!element) throw new Response(catalogs[language].elements.notFound, { status: 404 });
  const read = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : null;
  };
  const title = read('title') ?? element.title;
  const changes = applyElementForm(element, read);
  const posted = { ...element, ...changes, title };
  const saved = await api.call(elementUpdate, {
    params: { id },
    body: { version: Number.isInteger(version) && version > 0 ? version : 1, title, ...changes },
  });
  if (!saved.errored) return redirect(`${screenHref(language, { id: String(id), saved: '1' })}`, 303);
  refused(saved.error.statusCode, saved.error.message);
  const conflict = saved.error.statusCode === 409;
  return {
    // The editor's values stay in the form; after a conflict the form carries the version saved
    // meanwhile, so saving again is a deliberate choice to replace it.
    posted,
    version: conflict ? element.version : version,
    theirs: conflict ? element : null,
    error: saved.error.message,
    field: saved.error.field ?? null,
  };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

const primaryButton =
  'rounded-full bg-teal-700 px-5 py-2 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2';
const fieldClass =
  'mt-1 block w-full rounded border border-slate-400 px-3 py-2 text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700';
const linkClass = 'font-medium text-teal-800 underline underline-offset-2';

export default function AdminElements({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, elements, editing, asked, saved } = loaderData;
  const handlerName = (element: ElementWrite) => t(`elements.handlers.${element.handler}`);
  const languages = [
    ...uiLanguages.filter((code) => elements.some((element) => element.language_code === code)),
    ...new Set(elements.map((element) => element.language_code).filter((code) => !isUiLanguage(code))),
  ];
  return (
    <AdminLayout>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('elements.title')}</h1>
      <p className="mt-2 text-slate-700">{t('elements.intro')}</p>
      {elements.length === 0 ? (
        <p className="mt-6 text-slate-700" data-testid="elements-empty">
          {t('elements.empty')}
        </p>
      ) : null}
      {languages.map((code) => (
        <AdminTable
          key={code}
          caption={t('elements.languageCaption', { language: languageName(code, language) })}
          showCaption
          framed
          testId={`elements-${code}`}
          rows={elements.filter((element) => element.language_code === code)}
          rowKey={(element) => element.id}
          rowProps={(element) => ({ 'data-testid': 'element-row', 'data-handler': element.handler })}
          columns={[
            { id: 'element', header: t('elements.element'), rowHeader: true, cell: handlerName },
            { id: 'title', header: t('elements.elementTitle'), cell: (element) => element.title },
            {
              id: 'version',
              header: t('elements.version'),
              align: 'end',
              cell: (element) => element.version,
            },
          ]}
          actions={{
            header: t('elements.actions'),
            cell: (element) => (
              <a
                href={screenHref(language, { id: String(element.id) })}
                className={linkClass}
                aria-label={t('elements.editLabel', {
                  element: handlerName(element),
                  language: languageName(element.language_code, language),
                })}
                data-testid={`edit-${element.handler}-${element.language_code}`}
              >
                {t('elements.edit')}
              </a>
            ),
          }}
        />
      ))}
      {asked && !editing ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 px-4 py-3 text-red-800">
          {t('elements.notFound')}
        </p>
      ) : null}
      {editing ? (
        <ElementForm
          key={editing.id}
          element={editing}
          language={language}
          saved={saved && !actionData}
          outcome={actionData ?? null}
        />
      ) : null}
    </AdminLayout>
  );
}

type Outcome = {
  posted: ElementWrite;
  version: number;
  theirs: ElementWrite | null;
  error: string;
  field: string | null;
};

function ElementForm({
  element,
  language,
  saved,
  outcome,
}: {
  element: ElementWrite;
  language: UiLanguage;
  saved: boolean;
  outcome: Outcome | null;
}) {
  const { t, i18n } = useTranslation();
  const shown = outcome?.posted ?? element;
  const fields = elementFields(shown);
  const theirs = outcome?.theirs
    ? new Map(elementFields(outcome.theirs).map((f) => [f.name, f.value]))
    : null;
  const heading = t('elements.editTitle', {
    element: t(`elements.handlers.${element.handler}`),
    language: languageName(element.language_code, language),
  });
  const label = (field: ElementField) =>
    field.path
      .map((step) =>
        typeof step === 'number'
          ? String(step + 1)
          : i18n.exists(`elements.fields.${step}`)
            ? t(`elements.fields.${step}`)
            : step,
      )
      .join(' › ');
  const errorOf = (name: string) => outcome?.field === name || outcome?.field?.startsWith(`${name}.`);
  return (
    <section className="mt-10" aria-labelledby="element-heading" data-testid="element-editor">
      <h2 id="element-heading" className="text-2xl font-semibold text-slate-900">
        {heading}
      </h2>
      {saved ? (
        <p
          role="status"
          className="mt-3 rounded-lg bg-teal-50 px-4 py-3 text-teal-900"
          data-testid="element-saved"
        >
          {t('elements.saved')}
        </p>
      ) : null}
      {outcome ? (
        <div
          role="alert"
          className="mt-3 rounded-lg bg-red-50 px-4 py-3 text-red-800"
          data-testid="element-error"
        >
          <p>{outcome.theirs ? t('elements.conflict') : t('elements.failed', { message: outcome.error })}</p>
          {outcome.theirs ? (
            <p className="mt-2">
              <a href={screenHref(language, { id: String(element.id) })} className={linkClass}>
                {t('elements.reload')}
              </a>
            </p>
          ) : null}
        </div>
      ) : null}
      <form method="post" className="mt-4 space-y-6" data-testid="element-form">
        <input type="hidden" name="id" value={element.id} />
        <input type="hidden" name="version" value={outcome?.version ?? element.version} />
        <label className="block font-medium text-slate-900">
          {t('elements.elementTitle')}
          <input
            name="title"
            defaultValue={shown.title}
            maxLength={TITLE_MAX}
            className={fieldClass}
            aria-invalid={errorOf('title') || undefined}
          />
        </label>
        {elementParts.map((part) => (
          <PartFields
            key={part}
            part={part}
            fields={fields.filter((field) => field.part === part)}
            label={label}
            theirs={theirs}
            invalid={errorOf(part) ?? false}
          />
        ))}
        <button type="submit" className={primaryButton} data-testid="element-save">
          {t('elements.save')}
        </button>
      </form>
      <p className="mt-6">
        <a href={screenHref(language)} className={linkClass}>
          {t('elements.back')}
        </a>
      </p>
    </section>
  );
}

function PartFields({
  part,
  fields,
  label,
  theirs,
  invalid,
}: {
  part: ElementPart;
  fields: ElementField[];
  label: (field: ElementField) => string;
  theirs: Map<string, string | boolean> | null;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  const show = (value: string | boolean) =>
    typeof value === 'boolean' ? (value ? t('elements.on') : t('elements.off')) : value;
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 font-semibold text-slate-900">{t(`elements.parts.${part}`)}</legend>
      <div className="grid gap-4 md:grid-cols-2">
        {fields.map((field) => {
          const other = theirs?.get(field.name);
          const changed = other !== undefined && other !== field.value;
          const id = `field-${field.name}`;
          const note = changed ? (
            <p id={`${id}-theirs`} className="mt-1 text-sm text-amber-900" data-testid="element-theirs">
              {t('elements.theirs', { value: show(other) })}
            </p>
          ) : null;
          const common = {
            id,
            name: field.name,
            'aria-invalid': invalid || undefined,
            'aria-describedby': changed ? `${id}-theirs` : undefined,
            'data-testid': `element-field-${field.name}`,
          };
          if (field.kind === 'switch')
            return (
              <div key={field.name}>
                <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    value="true"
                    defaultChecked={field.value === true}
                    className="h-5 w-5"
                    {...common}
                  />
                  {label(field)}
                </label>
                {note}
              </div>
            );
          const wide = field.kind !== 'text';
          return (
            <div key={field.name} className={wide ? 'md:col-span-2' : ''}>
              <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                {label(field)}
              </label>
              {wide ? (
                <textarea
                  rows={field.kind === 'html' ? 6 : 3}
                  defaultValue={String(field.value)}
                  className={`${fieldClass} ${field.kind === 'html' ? 'font-mono' : ''}`}
                  {...common}
                />
              ) : (
                <input type="text" defaultValue={String(field.value)} className={fieldClass} {...common} />
              )}
              {note}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRefusal error={error} />;
}
