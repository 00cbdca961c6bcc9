import { useTranslation } from 'react-i18next';
import { data, isRouteErrorResponse, redirect, useLocation } from 'react-router';
import { languageOfPath, type UiLanguage, uiLanguages } from '../../core/languages.ts';
import { formatDate } from '../../core/money.ts';
import { localizedPath } from '../../core/route-table.ts';
import { adminPanel } from '../../server/modules/caches/caches.contract.ts';
import {
  type ConsentAssignment,
  type ConsentEntity,
  consentCreate,
  consentEntityCreate,
  consentEntityFilter,
  consentFilter,
  consentFormNames,
  consentUpdate,
  consentVersionCreate,
} from '../../server/modules/consent/consent.contract.ts';
import { AdminTable } from '../components/admin/admin-table.tsx';
import { AdminLayout, AdminRefusal } from '../components/admin-layout.tsx';
import { HtmlContent } from '../components/sections/html-content.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { loginRedirect, privatePageHeaders } from '../lib/account.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/adminConsent';

type FormName = (typeof consentFormNames)[number];
const doneKeys = ['created', 'version', 'assignment', 'conflict', 'failed'] as const;
type Done = (typeof doneKeys)[number];
const isFormName = (value: string): value is FormName =>
  (consentFormNames as readonly string[]).includes(value);

/** The screen's address: the list, or one consent (by id) or one form's assignment (by form name). */
const screenHref = (language: UiLanguage, slug?: string | number, done?: Done) => {
  const path = localizedPath('adminConsent', language, { slug });
  return done ? `${path}?done=${done}` : path;
};

/** A visitor is sent to log in (and back here), a user without the back-office role gets 403. */
function refusal(language: UiLanguage, statusCode: number, message: string, slug?: string): never {
  if (statusCode === 401) throw loginRedirect(language, screenHref(language, slug));
  if (statusCode === 403) throw data({ forbidden: true }, { status: 403, headers: privatePageHeaders() });
  throw new Response(message, { status: statusCode || 500 });
}

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const panel = api.call(adminPanel, {});
  const slug = args.params.slug;
  const [entities, assignments] = await Promise.all([
    api.call(consentEntityFilter, { body: { limit: 100 } }),
    api.call(consentFilter, { body: { perPage: 50 } }),
  ]);
  if (entities.errored) refusal(language, entities.error.statusCode, entities.error.message, slug);
  if (assignments.errored) refusal(language, assignments.error.statusCode, assignments.error.message, slug);
  const consents = entities.data.records;
  const list = assignments.data.data;
  const doneParam = new URL(args.request.url).searchParams.get('done');
  const done = doneKeys.find((key) => key === doneParam) ?? null;
  let view: { kind: 'list' } | { kind: 'consent'; consent: ConsentEntity } | { kind: 'form'; form: FormName };
  if (slug === undefined) view = { kind: 'list' };
  else if (isFormName(slug)) view = { kind: 'form', form: slug };
  else {
    const consent = /^\d{1,9}$/.test(slug) ? consents.find((entry) => entry.id === Number(slug)) : undefined;
    if (!consent) throw data({ notFound: true }, { status: 404, headers: privatePageHeaders() });
    view = { kind: 'consent', consent };
  }
  const seo: PageSeo = {
    title: catalogs[language].consent.admin.title,
    alternates: routeAlternates('adminConsent', slug ? { slug } : {}),
    description: catalogs[language].consent.admin.intro,
    noindex: true,
  };
  const adminPanelInfo = await panel;
  return {
    language,
    consents,
    assignments: list,
    view,
    done,
    seo,
    adminPanel: adminPanelInfo.errored ? { cacheServer: false } : adminPanelInfo.data,
  };
}

/** The texts of a consent form: one per language whose name is filled in. */
function textsOf(form: FormData) {
  return uiLanguages.flatMap((languageCode) => {
    const displayName = String(form.get(`displayName.${languageCode}`) ?? '').trim();
    if (!displayName) return [];
    return [{ languageCode, displayName, text: String(form.get(`text.${languageCode}`) ?? '') }];
  });
}

const ids = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map((value) => Number(value))
    .filter((value) => Number.isInteger(value) && value > 0);

export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '');
  const failed = (statusCode: number, message: string, field?: string) => {
    if (statusCode === 401 || statusCode === 403) refusal(language, statusCode, message, args.params.slug);
    return data(
      { done: (statusCode === 409 ? 'conflict' : 'failed') as Done, field: field ?? null },
      { status: statusCode === 409 ? 409 : 400, headers: privatePageHeaders() },
    );
  };
  if (intent === 'createConsent') {
    const result = await api.call(consentEntityCreate, {
      body: { uniqueNumber: String(form.get('uniqueNumber') ?? ''), texts: textsOf(form) },
    });
    if (result.errored) return failed(result.error.statusCode, result.error.message, result.error.field);
    return redirect(screenHref(language, result.data.id, 'created'), 303);
  }
  if (intent === 'newVersion') {
    const id = Number(form.get('id'));
    const result = await api.call(consentVersionCreate, { params: { id }, body: { texts: textsOf(form) } });
    if (result.errored) return failed(result.error.statusCode, result.error.message, result.error.field);
    return redirect(screenHref(language, id, 'version'), 303);
  }
  if (intent === 'saveAssignment') {
    const assignedTo = String(form.get('assigned_to') ?? '');
    const consents = ids(form, 'consents');
    // A required consent is also shown: ticking "required" alone is enough.
    const requiredConsents = ids(form, 'requiredConsents');
    const body = {
      assigned_to: assignedTo as FormName,
      consents: [...new Set([...consents, ...requiredConsents])],
      requiredConsents,
    };
    const id = Number(form.get('id'));
    const result =
      Number.isInteger(id) && id > 0
        ? await api.call(consentUpdate, { params: { id }, body })
        : await api.call(consentCreate, { body });
    if (result.errored) return failed(result.error.statusCode, result.error.message, result.error.field);
    return redirect(screenHref(language, assignedTo, 'assignment'), 303);
  }
  return failed(400, 'Unknown action.');
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

const linkClass = 'font-medium text-teal-800 underline underline-offset-2';
const primaryButton =
  'rounded-full bg-teal-700 px-5 py-2 font-semibold text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2';
const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-teal-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700';

const nameOf = (consent: ConsentEntity, language: UiLanguage) => {
  const texts = consent.versions[0]?.texts ?? [];
  return (
    (texts.find((text) => text.languageCode === language) ?? texts[0])?.displayName ?? consent.uniqueNumber
  );
};

export default function AdminConsent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, consents, assignments, view } = loaderData;
  const done = actionData?.done ?? loaderData.done;
  return (
    <AdminLayout>
      <p>
        <a
          href={view.kind === 'list' ? localizedPath('admin', language) : screenHref(language)}
          className="text-sm font-medium text-teal-800 underline underline-offset-2"
        >
          {view.kind === 'list' ? t('consent.admin.back') : t('consent.admin.backToList')}
        </a>
      </p>
      {done ? (
        <p
          role={done === 'failed' || done === 'conflict' ? 'alert' : 'status'}
          className={`mt-4 rounded-lg px-4 py-3 ${done === 'failed' || done === 'conflict' ? 'bg-red-50 text-red-800' : 'bg-teal-50 text-teal-900'}`}
          data-testid="consent-admin-done"
        >
          {t(`consent.admin.done.${done}`)}
        </p>
      ) : null}
      {view.kind === 'list' ? (
        <ConsentList language={language} consents={consents} assignments={assignments} />
      ) : view.kind === 'consent' ? (
        <ConsentScreen language={language} consent={view.consent} />
      ) : (
        <AssignmentScreen
          language={language}
          form={view.form}
          consents={consents}
          assignment={assignments.find((assignment) => assignment.assigned_to === view.form)}
        />
      )}
    </AdminLayout>
  );
}

function ConsentList({
  language,
  consents,
  assignments,
}: {
  language: UiLanguage;
  consents: ConsentEntity[];
  assignments: ConsentAssignment[];
}) {
  const { t } = useTranslation();
  const byId = new Map(consents.map((consent) => [consent.id, consent]));
  const names = (list: number[]) =>
    list.length === 0
      ? t('consent.admin.none')
      : list.map((id) => (byId.get(id) ? nameOf(byId.get(id)!, language) : `#${id}`)).join(', ');
  return (
    <>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{t('consent.admin.title')}</h1>
      <p className="mt-2 text-slate-700">{t('consent.admin.intro')}</p>

      <h2 className="mt-8 text-2xl font-semibold text-slate-900">{t('consent.admin.assignmentsTitle')}</h2>
      <AdminTable
        caption={t('consent.admin.assignmentsTitle')}
        framed
        testId="assignment-list"
        rows={consentFormNames}
        rowKey={(form) => form}
        rowProps={(form) => ({ 'data-testid': 'assignment-row', 'data-form': form })}
        columns={[
          {
            id: 'form',
            header: t('consent.admin.form'),
            rowHeader: true,
            cell: (form) => (
              <a href={screenHref(language, form)} className={linkClass}>
                {t(`consent.admin.forms.${form}`)}
              </a>
            ),
          },
          {
            id: 'consents',
            header: t('consent.admin.consents'),
            cell: (form) => names(assignments.find((entry) => entry.assigned_to === form)?.consents ?? []),
          },
          {
            id: 'required',
            header: t('consent.admin.required'),
            cell: (form) =>
              names(assignments.find((entry) => entry.assigned_to === form)?.requiredConsents ?? []),
          },
        ]}
      />

      <h2 className="mt-10 text-2xl font-semibold text-slate-900">{t('consent.admin.consentsTitle')}</h2>
      <ul className="mt-3 space-y-3" data-testid="consent-list">
        {consents.map((consent) => (
          <li
            key={consent.id}
            className="rounded-xl border border-slate-200 bg-white p-4"
            data-testid="consent-item"
            data-consent-id={consent.id}
          >
            <p className="font-semibold text-slate-900">
              <a href={screenHref(language, consent.id)} className={linkClass}>
                {nameOf(consent, language)}
              </a>{' '}
              <span className="text-sm font-normal text-slate-700">
                ({consent.uniqueNumber}, {t('consent.admin.currentVersion', { version: consent.version })})
              </span>
            </p>
            <Versions consent={consent} language={language} />
          </li>
        ))}
      </ul>

      <section
        aria-labelledby="new-consent"
        className="mt-10 rounded-xl border border-slate-200 bg-white p-5"
      >
        <h2 id="new-consent" className="text-xl font-semibold text-slate-900">
          {t('consent.admin.newConsent')}
        </h2>
        <form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="createConsent" />
          <label className="block text-sm font-medium text-slate-800">
            {t('consent.admin.uniqueNumber')}
            <input
              name="uniqueNumber"
              required
              maxLength={60}
              pattern="[A-Za-z0-9._\-]+"
              className={inputClass}
              data-testid="new-unique-number"
            />
          </label>
          <TextFields />
          <button type="submit" className={primaryButton}>
            {t('consent.admin.create')}
          </button>
        </form>
      </section>
    </>
  );
}

/** Every version of a consent's text, newest first; each in a disclosure so the list stays short. */
function Versions({ consent, language }: { consent: ConsentEntity; language: UiLanguage }) {
  const { t } = useTranslation();
  return (
    <div className="mt-2 space-y-1">
      {consent.versions.map((version) => (
        <details key={version.version} data-testid="consent-version" data-version={version.version}>
          <summary className="cursor-pointer text-sm font-medium text-slate-800">
            {t('consent.admin.versionTitle', {
              version: version.version,
              date: formatDate(version.createdAt, language, { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </summary>
          <dl className="mt-2 space-y-2 pl-4 text-sm text-slate-800">
            {version.texts.map((text) => (
              <div key={text.languageCode}>
                <dt className="font-semibold">
                  {text.languageCode.toUpperCase()}: {text.displayName}
                </dt>
                <dd>
                  <HtmlContent html={text.text} />
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ))}
    </div>
  );
}

/** Name and text inputs per language, filled with the current texts when there are any. */
function TextFields({
  texts = [],
}: {
  texts?: { languageCode: string; displayName: string; text: string }[];
}) {
  const { t } = useTranslation();
  return (
    <>
      {uiLanguages.map((code) => {
        const current = texts.find((text) => text.languageCode === code);
        const label = code.toUpperCase();
        return (
          <fieldset key={code} className="rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
            <label className="block text-sm font-medium text-slate-800">
              {t('consent.admin.displayName', { language: label })}
              <input
                name={`displayName.${code}`}
                defaultValue={current?.displayName ?? ''}
                maxLength={300}
                required={code === 'hr'}
                className={inputClass}
                data-testid={`display-name-${code}`}
              />
            </label>
            <label className="mt-3 block text-sm font-medium text-slate-800">
              {t('consent.admin.text', { language: label })}
              <textarea
                name={`text.${code}`}
                defaultValue={current?.text ?? ''}
                rows={3}
                maxLength={20_000}
                className={inputClass}
                data-testid={`text-${code}`}
              />
            </label>
          </fieldset>
        );
      })}
    </>
  );
}

function ConsentScreen({ language, consent }: { language: UiLanguage; consent: ConsentEntity }) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
        {t('consent.admin.editConsent', { name: nameOf(consent, language) })}
      </h1>
      <p className="mt-2 text-slate-700">
        {consent.uniqueNumber}, {t('consent.admin.currentVersion', { version: consent.version })}
      </p>
      <section aria-labelledby="new-version" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="new-version" className="text-xl font-semibold text-slate-900">
          {t('consent.admin.newVersion')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('consent.admin.newVersionIntro')}</p>
        <form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="newVersion" />
          <input type="hidden" name="id" value={consent.id} />
          <TextFields texts={consent.versions[0]?.texts} />
          <button type="submit" className={primaryButton} data-testid="save-version">
            {t('consent.admin.saveVersion')}
          </button>
        </form>
      </section>
      <h2 className="mt-8 text-xl font-semibold text-slate-900">{t('consent.admin.consentsTitle')}</h2>
      <Versions consent={consent} language={language} />
    </>
  );
}

function AssignmentScreen({
  language,
  form,
  consents,
  assignment,
}: {
  language: UiLanguage;
  form: FormName;
  consents: ConsentEntity[];
  assignment: ConsentAssignment | undefined;
}) {
  const { t } = useTranslation();
  const title = t(`consent.admin.forms.${form}`);
  return (
    <>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
        {t('consent.admin.editAssignment', { form: title })}
      </h1>
      <p className="mt-2 text-slate-700">{t('consent.admin.assignmentIntro')}</p>
      <form method="post" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
        <input type="hidden" name="intent" value="saveAssignment" />
        <input type="hidden" name="assigned_to" value={form} />
        {assignment ? <input type="hidden" name="id" value={assignment.id} /> : null}
        <AdminTable
          caption={t('consent.admin.editAssignment', { form: title })}
          testId="assignment-form"
          rows={consents}
          rowKey={(consent) => consent.id}
          rowProps={() => ({ 'data-testid': 'assignment-consent' })}
          columns={[
            {
              id: 'consent',
              header: t('consent.admin.consents'),
              rowHeader: true,
              cell: (consent) => `${nameOf(consent, language)} (${consent.uniqueNumber})`,
            },
            ...(['consents', 'requiredConsents'] as const).map((field) => {
              const label = field === 'consents' ? t('consent.admin.shown') : t('consent.admin.required');
              return {
                id: field,
                header: label,
                cell: (consent: ConsentEntity) => (
                  <input
                    type="checkbox"
                    name={field}
                    value={consent.id}
                    defaultChecked={assignment?.[field].includes(consent.id) ?? false}
                    aria-label={`${label}: ${nameOf(consent, language)} (${consent.uniqueNumber})`}
                    className="h-5 w-5"
                    data-testid={`${field === 'consents' ? 'shown' : 'required'}-${consent.uniqueNumber}`}
                  />
                ),
              };
            }),
          ]}
        />
        <button type="submit" className={`${primaryButton} mt-4`} data-testid="save-assignment">
          {assignment ? t('consent.admin.saveAssignment') : t('consent.admin.createAssignment')}
        </button>
      </form>
    </>
  );
}

/** 403 for users without the back-office role, 404 for an unknown slug; other failures the generic error. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
  if (!isRouteErrorResponse(error) || error.status !== 404) return <AdminRefusal error={error} />;
  return (
    <AdminLayout>
      <p className="text-6xl font-bold text-teal-700">404</p>
      <h1 className="mt-4 text-3xl font-semibold" data-testid="consent-not-found">
        {t('consent.admin.notFound')}
      </h1>
      <p className="mt-4">
        <a href={screenHref(language)} className={linkClass}>
          {t('consent.admin.backToList')}
        </a>
      </p>
    </AdminLayout>
  );
}
