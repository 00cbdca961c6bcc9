import { useTranslation } from 'react-i18next';
import { data, redirect, useRouteLoaderData } from 'react-router';
import { isUiLanguage, languageName, type UiLanguage, uiLanguages } from '../../core/languages.ts';
import { isRefusalCode } from '../../core/media-library.ts';
import { localizedPath } from '../../core/route-table.ts';
import { adminPanel } from '../../server/modules/caches/caches.contract.ts';
import {
  directoryItemCreate,
  directoryItemDelete,
  directoryItemFilter,
  type MediaFolder,
  type MediaItemView,
  type MediaUploadResult,
  mediaCreate,
  mediaDelete,
  mediaFilterStandard,
  mediaGet,
  mediaUpdate,
  mediaUpload,
} from '../../server/modules/media/media.contract.ts';
import { AdminLayout, AdminRefusal } from '../components/admin-layout.tsx';
import { formatFileSize } from '../components/media/format-size.ts';
import { Pagination } from '../components/pagination.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { Island } from '../islands/island.tsx';
import { loginRedirect, privatePageHeaders } from '../lib/account.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { RootData } from '../root.tsx';
import type { Route } from './+types/adminMedia';

const PAGE_SIZE = 24;
const doneKeys = [
  'uploaded',
  'updated',
  'published',
  'deleted',
  'folderCreated',
  'folderDeleted',
  'failed',
] as const;
type Done = (typeof doneKeys)[number];

/** `all`: every folder; `top`: files in no folder; else a folder id. */
type FolderFilter = 'all' | 'top' | number;

type ScreenState = { q: string; folder: FolderFilter; page: number };

function screenHref(language: UiLanguage, state: ScreenState, extra: Record<string, string> = {}) {
  const query = new URLSearchParams();
  if (state.q) query.set('q', state.q);
  if (state.folder !== 'all') query.set('folder', String(state.folder));
  if (state.page > 1) query.set('page', String(state.page));
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  const path = localizedPath('adminMedia', language);
  return query.size > 0 ? `${path}?${query}` : path;
}

function stateOf(params: URLSearchParams | FormData): ScreenState {
  const q = String(params.get('q') ?? '').slice(0, 200);
  const folderValue = String(params.get('folder') ?? '');
  const folder: FolderFilter =
    folderValue === 'top' ? 'top' : /^[1-9]\d{0,8}$/.test(folderValue) ? Number(folderValue) : 'all';
  const pageValue = String(params.get('page') ?? '');
  const page = /^\d{1,5}$/.test(pageValue) ? Math.max(1, Number(pageValue)) : 1;
  return { q, folder, page };
}

const idOf = (value: unknown) =>
  typeof value === 'string' && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;

/** A visitor is sent to log in (and back here), a user without the back-office role gets 403. */
function refusal(language: UiLanguage, statusCode: number, message: string): Response {
  if (statusCode === 401) return loginRedirect(language, localizedPath('adminMedia', language));
  if (statusCode === 403) throw data({ forbidden: true }, { status: 403, headers: privatePageHeaders() });
  throw new Response(message, { status: statusCode || 500 });
}

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const panel = api.call(adminPanel, {});
  const url = new URL(args.request.url);
  const state = stateOf(url.searchParams);
  const list = await api.call(mediaFilterStandard, {
    body: {
      ...(state.q ? { query: state.q } : {}),
      ...(state.folder === 'all' ? {} : { folderId: state.folder === 'top' ? null : state.folder }),
      page: state.page,
      limit: PAGE_SIZE,
    },
  });
  if (list.errored) throw refusal(language, list.error.statusCode, list.error.message);
  const folders = await api.call(directoryItemFilter, {});
  if (folders.errored) throw refusal(language, folders.error.statusCode, folders.error.message);
  const editId = idOf(url.searchParams.get('edit'));
  const confirmId = idOf(url.searchParams.get('confirm'));
  const focusId = editId ?? confirmId;
  const focused = focusId ? await api.call(mediaGet, { params: { id: focusId } }) : null;
  const doneParam = url.searchParams.get('done');
  const adminPanelInfo = await panel;
  const seo: PageSeo = {
    title: catalogs[language].media.title,
    description: catalogs[language].media.intro,
    alternates: routeAlternates('adminMedia'),
    noindex: true,
  };
  return {
    language,
    state,
    list: list.data,
    folders: folders.data.records,
    editing: editId && focused && !focused.errored ? focused.data : null,
    confirming: confirmId && focused && !focused.errored ? focused.data : null,
    done: doneKeys.find((candidate) => candidate === doneParam) ?? null,
    seo,
    adminPanel: adminPanelInfo.errored ? { cacheServer: false } : adminPanelInfo.data,
  };
}

export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const form = await args.request.formData();
  const state = stateOf(form);
  const intent = String(form.get('intent') ?? '');
  const back = (done: Done) => redirect(screenHref(language, state, { done }), 303);
  const folderValue = String(form.get('folderId') ?? '');
  const folderId = idOf(folderValue);

  if (intent === 'upload') {
    const files = form
      .getAll('file')
      .filter((value): value is File => value instanceof File && value.name !== '');
    const result = await api.call(mediaUpload, { body: { file: files, ...(folderId ? { folderId } : {}) } });
    if (result.errored) {
      if (result.error.statusCode === 401 || result.error.statusCode === 403)
        throw refusal(language, result.error.statusCode, result.error.message);
      return { upload: null, uploadError: result.error.message };
    }
    return { upload: result.data, uploadError: null };
  }

  const id = idOf(form.get('id'));
  let result: { errored: boolean; error?: { statusCode: number; message: string } } | null = null;
  let done: Done = 'failed';
  if (intent === 'update' && id) {
    const translations: Record<string, { title: string; alt: string; description: string }> = {};
    // The form has fields for each of the site's languages (the default first); the call refuses others.
    for (const text of uiLanguages.filter((code) => form.has(`title.${code}`)))
      translations[text] = {
        title: String(form.get(`title.${text}`) ?? ''),
        alt: String(form.get(`alt.${text}`) ?? ''),
        description: String(form.get(`description.${text}`) ?? ''),
      };
    result = await api.call(mediaUpdate, {
      params: { id },
      body: { translations, folderId: folderValue === '' ? null : folderId },
    });
    done = 'updated';
  } else if (intent === 'publish' && id) {
    // media/create {driveId}: a public entry for a file in the drive (a visitor's upload stays private).
    const created = await api.call(mediaCreate, { body: { driveId: id } });
    if (!created.errored)
      return redirect(screenHref(language, state, { edit: String(created.data.id), done: 'published' }), 303);
    result = created;
  } else if (intent === 'delete' && id) {
    result = await api.call(mediaDelete, { params: { id } });
    done = 'deleted';
  } else if (intent === 'createFolder') {
    const parentId = idOf(form.get('parentId'));
    result = await api.call(directoryItemCreate, {
      body: { name: String(form.get('name') ?? ''), ...(parentId ? { parentId } : {}) },
    });
    done = 'folderCreated';
  } else if (intent === 'deleteFolder' && id) {
    result = await api.call(directoryItemDelete, { body: { targetIds: [id] } });
    done = 'folderDeleted';
    if (state.folder === id) state.folder = 'all';
  }
  if (result?.errored && (result.error?.statusCode === 401 || result.error?.statusCode === 403))
    throw refusal(language, result.error.statusCode, result.error.message);
  return back(!result || result.errored ? 'failed' : done);
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

const buttonClass =
  'rounded-full border px-4 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2';
const primaryButton = `${buttonClass} border-teal-700 bg-teal-700 text-white hover:bg-teal-800`;
const plainButton = `${buttonClass} border-slate-400 bg-white text-slate-800 hover:bg-slate-50`;
const dangerButton = `${buttonClass} border-red-700 text-red-800 hover:bg-red-50`;
const fieldClass = 'mt-1 w-full rounded border border-slate-400 bg-white px-3 py-2 text-slate-900';

/** Folder names with their parents ("Events / 2026"), in a stable order. */
function folderPaths(folders: MediaFolder[]): { id: number; path: string; files: number; name: string }[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const pathOf = (folder: MediaFolder): string => {
    const names = [folder.name];
    let parent = folder.parentId === null ? undefined : byId.get(folder.parentId);
    for (let hops = 0; parent && hops < 20; hops++) {
      names.unshift(parent.name);
      parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
    }
    return names.join(' / ');
  };
  return folders
    .map((folder) => ({ id: folder.id, path: pathOf(folder), files: folder.files, name: folder.name }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

export default function AdminMedia({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, state, list, folders, editing, confirming, done } = loaderData;
  const paths = folderPaths(folders);
  const currentFolderId = typeof state.folder === 'number' ? state.folder : null;
  return (
    <AdminLayout>
      <p>
        <a
          href={localizedPath('admin', language)}
          className="text-sm font-medium text-teal-800 underline underline-offset-2"
        >
          {t('media.back')}
        </a>
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{t('media.title')}</h1>
      <p className="mt-2 text-slate-700">{t('media.intro')}</p>
      {done ? (
        <p
          role={done === 'failed' ? 'alert' : 'status'}
          className={`mt-4 rounded-lg px-4 py-3 ${done === 'failed' ? 'bg-red-50 text-red-800' : 'bg-teal-50 text-teal-900'}`}
          data-testid="media-done"
        >
          {t(`media.done.${done}`)}
        </p>
      ) : null}

      <section
        aria-labelledby="media-upload-heading"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-5"
      >
        <h2 id="media-upload-heading" className="text-xl font-semibold text-slate-900">
          {t('media.uploadHeading')}
        </h2>
        <div className="mt-3">
          <Island
            name="mediaUploader"
            props={{
              language,
              folderId: currentFolderId,
              maxFiles: list.limits.maxFiles,
              maxFileBytes: list.limits.maxFileBytes,
            }}
          />
        </div>
        {actionData ? (
          <UploadReport language={language} upload={actionData.upload} error={actionData.uploadError} />
        ) : null}
      </section>

      {editing ? <EditPanel item={editing} state={state} language={language} folders={paths} /> : null}
      {confirming ? <ConfirmDelete item={confirming} state={state} language={language} /> : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="media-folders-heading">
          <h2 id="media-folders-heading" className="text-lg font-semibold text-slate-900">
            {t('media.foldersHeading')}
          </h2>
          <ul className="mt-3 space-y-1 text-sm" data-testid="media-folders">
            {[
              { key: 'all' as const, label: t('media.allFiles') },
              { key: 'top' as const, label: t('media.topLevel') },
            ].map(({ key, label }) => (
              <li key={key}>
                <a
                  href={screenHref(language, { q: state.q, folder: key, page: 1 })}
                  aria-current={state.folder === key ? 'page' : undefined}
                  className={`block rounded px-2 py-1 ${state.folder === key ? 'bg-teal-700 text-white' : 'text-slate-800 hover:bg-white'}`}
                >
                  {label}
                </a>
              </li>
            ))}
            {paths.map((folder) => (
              <li key={folder.id} className="flex items-center gap-1">
                <a
                  href={screenHref(language, { q: state.q, folder: folder.id, page: 1 })}
                  aria-current={state.folder === folder.id ? 'page' : undefined}
                  className={`block flex-1 rounded px-2 py-1 ${state.folder === folder.id ? 'bg-teal-700 text-white' : 'text-slate-800 hover:bg-white'}`}
                >
                  {folder.path}{' '}
                  <span className="text-xs opacity-80">
                    ({t('media.fileCount', { count: folder.files })})
                  </span>
                </a>
                <form method="post">
                  <input type="hidden" name="intent" value="deleteFolder" />
                  <input type="hidden" name="id" value={folder.id} />
                  <StateFields state={state} />
                  <button
                    type="submit"
                    className="rounded px-2 py-1 text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-teal-700"
                    aria-label={t('media.deleteFolder', { name: folder.path })}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </form>
              </li>
            ))}
          </ul>
          <form method="post" className="mt-4">
            <input type="hidden" name="intent" value="createFolder" />
            {currentFolderId ? <input type="hidden" name="parentId" value={currentFolderId} /> : null}
            <StateFields state={state} />
            <label className="block text-sm font-medium text-slate-800">
              {t('media.newFolderLabel')}
              <input
                name="name"
                required
                maxLength={120}
                className={fieldClass}
                data-testid="media-folder-name"
              />
            </label>
            <button type="submit" className={`${plainButton} mt-2`} data-testid="media-folder-create">
              {t('media.createFolder')}
            </button>
          </form>
        </nav>

        <section aria-labelledby="media-list-heading">
          <h2 id="media-list-heading" className="sr-only">
            {t('media.title')}
          </h2>
          <form method="get" className="flex flex-wrap items-end gap-2">
            {state.folder !== 'all' ? (
              <input type="hidden" name="folder" value={String(state.folder)} />
            ) : null}
            <label className="flex-1 text-sm font-medium text-slate-800">
              {t('media.searchLabel')}
              <input
                type="search"
                name="q"
                defaultValue={state.q}
                maxLength={200}
                className={fieldClass}
                data-testid="media-search"
              />
            </label>
            <button type="submit" className={primaryButton} data-testid="media-search-submit">
              {t('media.searchButton')}
            </button>
            {state.q ? (
              <a
                href={screenHref(language, { ...state, q: '', page: 1 })}
                className="text-sm text-teal-800 underline"
              >
                {t('media.clearSearch')}
              </a>
            ) : null}
          </form>
          <p className="mt-4 text-sm text-slate-700" data-testid="media-total">
            {t('media.total', { count: list.totalRecords })}
          </p>
          {list.records.length === 0 ? (
            <p className="mt-6 text-slate-700" data-testid="media-empty">
              {t('media.empty')}
            </p>
          ) : (
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="media-list">
              {list.records.map((item) => (
                <MediaCard key={item.id} item={item} state={state} language={language} />
              ))}
            </ul>
          )}
          <Pagination
            page={list.page}
            totalPages={list.totalPages}
            hrefFor={(page) => screenHref(language, { ...state, page })}
          />
        </section>
      </div>
    </AdminLayout>
  );
}

/** The screen's place (search, folder, page), carried through a form post so the answer returns there. */
function StateFields({ state }: { state: ScreenState }) {
  return (
    <>
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {state.folder !== 'all' ? <input type="hidden" name="folder" value={String(state.folder)} /> : null}
      {state.page > 1 ? <input type="hidden" name="page" value={state.page} /> : null}
    </>
  );
}

function MediaCard({
  item,
  state,
  language,
}: {
  item: MediaItemView;
  state: ScreenState;
  language: UiLanguage;
}) {
  const { t } = useTranslation();
  return (
    <li
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-3"
      data-testid="media-item"
      data-media-id={item.id}
    >
      <div className="flex h-36 items-center justify-center overflow-hidden rounded bg-slate-100">
        {item.thumbnailUrl ? (
          <img src={item.thumbnailUrl} alt="" loading="lazy" className="max-h-36 max-w-full object-contain" />
        ) : (
          <span className="text-2xl font-bold uppercase text-slate-600">{item.extension}</span>
        )}
      </div>
      <p className="mt-2 break-words font-medium text-slate-900" data-testid="media-title">
        {item.title || item.originalName}
      </p>
      <p className="text-xs text-slate-700">
        {item.originalName} · {formatFileSize(item.size, language)}
        {item.width && item.height
          ? ` · ${t('media.dimensions', { width: item.width, height: item.height })}`
          : ''}
      </p>
      {item.fromPublic ? <p className="text-xs font-medium text-amber-900">{t('media.fromPublic')}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={screenHref(language, state, { edit: String(item.id) })}
          className={plainButton}
          data-testid="media-edit"
        >
          {t('media.edit')}
        </a>
        <a
          href={screenHref(language, state, { confirm: String(item.id) })}
          className={dangerButton}
          data-testid="media-delete"
        >
          {t('media.delete')}
        </a>
        {item.access === 'public' ? (
          <a
            href={item.url}
            className="self-center text-sm text-teal-800 underline underline-offset-2"
            data-testid="media-open"
          >
            {t('media.open')}
          </a>
        ) : null}
      </div>
    </li>
  );
}

function EditPanel({
  item,
  state,
  language,
  folders,
}: {
  item: MediaItemView;
  state: ScreenState;
  language: UiLanguage;
  folders: { id: number; path: string }[];
}) {
  const { t } = useTranslation();
  const name = item.title || item.originalName;
  const root = useRouteLoaderData('root') as RootData | undefined;
  // Every language of the site (the default first) that has texts to write.
  const textLanguages = (root?.site.allowedLanguages ?? [language]).filter(isUiLanguage);
  return (
    <section
      aria-labelledby="media-edit-heading"
      className="mt-8 rounded-xl border border-teal-700 bg-white p-5"
      data-testid="media-edit-panel"
    >
      <h2 id="media-edit-heading" className="text-xl font-semibold text-slate-900">
        {t('media.editHeading', { name })}
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-[12rem_1fr]">
        <div className="flex h-40 items-center justify-center overflow-hidden rounded bg-slate-100">
          {item.thumbnailUrl ? (
            <img src={item.thumbnailUrl} alt="" className="max-h-40 max-w-full object-contain" />
          ) : (
            <span className="text-2xl font-bold uppercase text-slate-600">{item.extension}</span>
          )}
        </div>
        <form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={item.id} />
          <StateFields state={state} />
          <div className="grid gap-4 md:grid-cols-2">
            {textLanguages.map((text) => (
              <fieldset key={text} className="rounded border border-slate-200 p-3" lang={text}>
                <legend className="px-1 text-sm font-semibold text-slate-900">
                  {t('media.languageLegend', { language: languageName(text, language) })}
                </legend>
                <label className="block text-sm font-medium text-slate-800">
                  {t('media.titleLabel')}
                  <input
                    name={`title.${text}`}
                    defaultValue={item.texts[text]?.title ?? ''}
                    maxLength={200}
                    className={fieldClass}
                    data-testid={`media-title-${text}`}
                  />
                </label>
                <label className="mt-3 block text-sm font-medium text-slate-800">
                  {t('media.altLabel')}
                  <input
                    name={`alt.${text}`}
                    defaultValue={item.texts[text]?.alt ?? ''}
                    maxLength={300}
                    className={fieldClass}
                    data-testid={`media-alt-${text}`}
                  />
                </label>
                <label className="mt-3 block text-sm font-medium text-slate-800">
                  {t('media.descriptionLabel')}
                  <textarea
                    name={`description.${text}`}
                    defaultValue={item.texts[text]?.description ?? ''}
                    maxLength={2000}
                    rows={3}
                    className={fieldClass}
                  />
                </label>
              </fieldset>
            ))}
          </div>
          <label className="block max-w-sm text-sm font-medium text-slate-800">
            {t('media.folderLabel')}
            <select name="folderId" defaultValue={item.folderId ?? ''} className={fieldClass}>
              <option value="">{t('media.topLevel')}</option>
              {folders.map((folder) => (
                <option key={folder.id} value={folder.id}>
                  {folder.path}
                </option>
              ))}
            </select>
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryButton} data-testid="media-save">
              {t('media.save')}
            </button>
            <a href={screenHref(language, state)} className={plainButton}>
              {t('media.cancel')}
            </a>
          </div>
        </form>
      </div>
      {item.access === 'private' ? (
        <form method="post" className="mt-6 border-t border-slate-200 pt-4" data-testid="media-publish">
          <input type="hidden" name="intent" value="publish" />
          <input type="hidden" name="id" value={item.id} />
          <StateFields state={state} />
          <p className="text-sm text-slate-700">{t('media.publishHint')}</p>
          <button type="submit" className={`${plainButton} mt-2`} data-testid="media-publish-button">
            {t('media.publish')}
          </button>
        </form>
      ) : null}
    </section>
  );
}

function ConfirmDelete({
  item,
  state,
  language,
}: {
  item: MediaItemView;
  state: ScreenState;
  language: UiLanguage;
}) {
  const { t } = useTranslation();
  return (
    <section
      role="alertdialog"
      aria-labelledby="media-confirm-text"
      className="mt-8 rounded-xl border border-red-700 bg-red-50 p-5"
      data-testid="media-confirm"
    >
      <p id="media-confirm-text" className="font-medium text-red-900">
        {t('media.confirmDelete', { name: item.title || item.originalName })}
      </p>
      <form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={item.id} />
        <StateFields state={state} />
        <button
          type="submit"
          className={`${buttonClass} border-red-700 bg-red-700 text-white hover:bg-red-800`}
          data-testid="media-confirm-delete"
        >
          {t('media.confirmDeleteButton')}
        </button>
        <a href={screenHref(language, state)} className={plainButton}>
          {t('media.cancel')}
        </a>
      </form>
    </section>
  );
}

/** What a plain (no JavaScript) upload did, file by file. */
function UploadReport({
  language,
  upload,
  error,
}: {
  language: UiLanguage;
  upload: MediaUploadResult | null;
  error: string | null;
}) {
  const { t } = useTranslation();
  if (!upload)
    return (
      <p role="alert" className="mt-3 text-sm font-medium text-red-800">
        {t('media.uploadFailed', { message: error ?? '' })}
      </p>
    );
  return (
    <div role="status" className="mt-3 text-sm" data-testid="media-upload-report">
      <p className="font-medium text-slate-900">{t('media.uploadDone', { count: upload.stored.length })}</p>
      <ul className="mt-1 list-disc pl-5">
        {upload.stored.map((item) => (
          <li key={item.id}>
            {item.originalName} ({formatFileSize(item.size, language)}): {t('media.fileStored')}
          </li>
        ))}
        {upload.failed.map((failure) => (
          <li key={`${failure.name}-${failure.code}`} className="text-red-800">
            {failure.name}:{' '}
            {t('media.fileFailed', {
              reason: t(`media.reasons.${isRefusalCode(failure.code) ? failure.code : 'other'}`),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 403 for users without the back-office role; other failures show the generic error. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRefusal error={error} />;
}
