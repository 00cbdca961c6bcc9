import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { contentWithRemappedCaptions } from '../../../core/gallery-captions.ts';
import {
  sectionDefaultContent,
  sectionDefaultSettings,
  editableSectionTypes as sectionTypes,
} from '../../../core/section-defaults.ts';
import type { SectionType } from '../../../server/modules/cms/cms.contract.ts';
import { createApiClient, createFetchCaller, fetchWithIdempotencyKey } from '../../lib/api-client.ts';
import type { EditModeData } from '../../lib/edit-mode.server.ts';
import { EDIT_FIELD_ATTRIBUTE, EDIT_HTML_ATTRIBUTE } from '../sections/edit-fields.tsx';
import {
  clearStoredDrafts,
  type DraftSection,
  draftsOf,
  moved,
  newDraft,
  readStoredDraft,
  type StoredDraft,
  saveInput,
  storeDraft,
  withPath,
} from './draft.ts';
import { pageSave } from './editor-calls.ts';
import { type FaqItem, FaqItemsEditor } from './faq-items-editor.tsx';
import { Modal, primaryButton, secondaryButton } from './modal.tsx';
import { NewPageForm } from './new-page-form.tsx';
import { saveErrorText } from './save-errors.ts';
import { SectionManager } from './section-manager.tsx';
import { SectionSettingsForm } from './section-settings-form.tsx';

type Dialog =
  | { kind: 'manager' }
  | { kind: 'settings'; key: string }
  | { kind: 'newPage' }
  | { kind: 'preview' }
  | { kind: 'leave'; href: string }
  | null;

type Status = { tone: 'info' | 'error'; text: string } | null;

const toolbarButton =
  'rounded-full border border-white/70 px-4 py-1.5 text-sm font-semibold text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60';
/** The browser's storage for drafts, or null where it is disabled. */
const draftStorage = () => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** The text at a content path ('items.0.question'), or undefined. */
const textAt = (content: Record<string, unknown>, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, step) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[step] : undefined,
      content,
    );

const TITLE_ATTRIBUTE = 'data-edit-page-title';

const toolbarLink = 'text-sm font-medium text-white underline underline-offset-4 hover:text-teal-100';

/**
 * Edit mode (a back-office user with `?editPage=true`): the admin toolbar, and the page's sections
 * brought to life. Texts are edited in place in the server-rendered sections (plain texts as
 * editable text, rich text with the Tiptap editor, loaded only when a rich text is first focused);
 * the section manager adds, orders, removes and switches sections; one save sends the whole page
 * with the version it was opened at. Nothing of this loads on a visitor's page.
 */
export function PageEditor({ language, state, path, links }: EditModeData) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<DraftSection[]>(() => draftsOf(state.sections));
  const [version, setVersion] = useState(state.version);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [title, setTitle] = useState(state.title);
  const savedTitle = useRef(state.title);
  const titleRef = useRef(title);
  titleRef.current = title;
  // A save that met a newer version: the draft is kept in the browser until it is saved or discarded.
  const [conflicted, setConflicted] = useState(false);
  const conflictedRef = useRef(conflicted);
  conflictedRef.current = conflicted;
  const [restorable, setRestorable] = useState<StoredDraft | null>(null);
  const [faqHosts, setFaqHosts] = useState<{ key: string; host: HTMLElement }[]>([]);
  // Bumped when a kept draft is restored: the FAQ editors start again from the restored items.
  const [generation, setGeneration] = useState(0);
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const nextKey = useRef(0);
  const api = useMemo(
    () => createApiClient(createFetchCaller(fetchWithIdempotencyKey), { language }),
    [language],
  );

  // An unresolved conflict's message stays until a save or a discard resolves it.
  const clearStatus = useCallback(
    () => setStatus((current) => (conflictedRef.current && current?.tone === 'error' ? current : null)),
    [],
  );
  const change = useCallback(
    (update: (current: DraftSection[]) => DraftSection[]) => {
      setDrafts((current) => update(current));
      setDirty(true);
      clearStatus();
    },
    [clearStatus],
  );

  const changeSection = useCallback(
    (key: string, update: (section: DraftSection) => DraftSection) =>
      change((current) => current.map((section) => (section.key === key ? update(section) : section))),
    [change],
  );

  // Texts in place: plain fields become editable text, rich texts get the editor when first focused.
  useEffect(() => {
    const cleanups: (() => void)[] = [];
    for (const wrapper of document.querySelectorAll<HTMLElement>('[data-edit-sections] [data-section-id]')) {
      const key = `s${wrapper.dataset.sectionId}`;
      for (const field of wrapper.querySelectorAll<HTMLElement>(`[${EDIT_FIELD_ATTRIBUTE}]`)) {
        const fieldPath = field.getAttribute(EDIT_FIELD_ATTRIBUTE) ?? '';
        field.classList.add(
          'outline-2',
          'outline-dashed',
          'outline-transparent',
          'hover:outline-amber-400',
          'focus:outline-amber-500',
          'min-h-[1.5em]',
        );
        if (field.hasAttribute(EDIT_HTML_ATTRIBUTE)) {
          field.tabIndex = 0;
          field.setAttribute('role', 'textbox');
          field.setAttribute('aria-multiline', 'true');
          field.setAttribute('aria-label', t('editor.richText.toolbar'));
          let mounted = false;
          const mount = async () => {
            if (mounted) return;
            mounted = true;
            field.removeAttribute('role');
            field.removeAttribute('tabindex');
            field.removeAttribute('aria-multiline');
            field.removeAttribute('aria-label');
            const html = field.innerHTML;
            field.setAttribute('aria-busy', 'true');
            const { mountRichText } = await import('./rich-text-editor.tsx');
            field.removeAttribute('aria-busy');
            mountRichText(field, {
              html,
              language,
              t,
              onChange: (value) =>
                changeSection(key, (section) => ({
                  ...section,
                  content: withPath(section.content, fieldPath, value),
                })),
            });
          };
          field.addEventListener('focus', mount);
          field.addEventListener('click', mount);
          cleanups.push(() => {
            field.removeEventListener('focus', mount);
            field.removeEventListener('click', mount);
          });
        } else {
          // The element keeps its role (a heading stays a heading); contenteditable makes it editable.
          field.contentEditable = 'plaintext-only';
          const caption = /^captions\.(\d+)$/.exec(fieldPath);
          if (caption) {
            // A gallery's caption: a text box named after its image.
            field.setAttribute('role', 'textbox');
            field.setAttribute(
              'aria-label',
              t('editor.inPlace.caption', { position: Number(caption[1]) + 1 }),
            );
          }
          const onInput = () =>
            changeSection(key, (section) => ({
              ...section,
              content: withPath(section.content, fieldPath, field.textContent ?? ''),
            }));
          field.addEventListener('input', onInput);
          cleanups.push(() => field.removeEventListener('input', onInput));
        }
      }
    }
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
    // Wired once (its dependencies never change): the fields are the server's markup, not React's.
  }, [changeSection, language, t]);

  // The page title in place: plain editable text; every copy on the page shows what is typed.
  useEffect(() => {
    const fields = [...document.querySelectorAll<HTMLElement>(`[${TITLE_ATTRIBUTE}]`)];
    const onInput = (event: Event) => {
      const text = (event.currentTarget as HTMLElement).textContent ?? '';
      for (const other of fields) if (other !== event.currentTarget) other.textContent = text;
      setTitle(text);
      setDirty(true);
      clearStatus();
    };
    for (const field of fields) {
      field.contentEditable = 'plaintext-only';
      // A heading stays a heading; the title shown beside a hero's heading becomes a text box.
      if (field.tagName !== 'H1') {
        field.setAttribute('role', 'textbox');
        field.setAttribute('aria-label', t('editor.inPlace.pageTitle'));
      }
      field.classList.add('outline-2', 'outline-dashed', 'outline-transparent', 'hover:outline-amber-400');
      field.addEventListener('input', onInput);
    }
    return () => {
      for (const field of fields) field.removeEventListener('input', onInput);
    };
  }, [t, clearStatus]);

  // FAQ sections: their questions become an editor drawn in place of the server's list.
  useEffect(() => {
    const hosts: { key: string; host: HTMLElement }[] = [];
    for (const host of document.querySelectorAll<HTMLElement>('[data-edit-sections] [data-edit-faq]')) {
      const wrapper = host.closest<HTMLElement>('[data-section-id]');
      if (!wrapper) continue;
      host.replaceChildren();
      hosts.push({ key: `s${wrapper.dataset.sectionId}`, host });
    }
    setFaqHosts(hosts);
  }, []);

  // A draft kept after a conflict (this page, this language) is offered back once the page is open.
  useEffect(() => {
    setRestorable(readStoredDraft(draftStorage(), state.id, language));
  }, [state.id, language]);

  // While a conflict is unresolved, every change is kept in the browser too.
  useEffect(() => {
    if (!conflicted || !dirty) return;
    storeDraft(draftStorage(), state.id, language, { baseVersion: version, title, sections: drafts });
  }, [conflicted, dirty, drafts, title, language, state.id, version]);

  const restoreDraft = (draft: StoredDraft) => {
    setDrafts(draft.sections);
    draftsRef.current = draft.sections;
    setTitle(draft.title);
    for (const field of document.querySelectorAll<HTMLElement>(`[${TITLE_ATTRIBUTE}]`))
      field.textContent = draft.title;
    // The server drew the other editor's texts: put the kept ones in their places.
    for (const wrapper of document.querySelectorAll<HTMLElement>('[data-edit-sections] [data-section-id]')) {
      const section = draft.sections.find((candidate) => candidate.key === `s${wrapper.dataset.sectionId}`);
      if (!section) continue;
      for (const field of wrapper.querySelectorAll<HTMLElement>(`[${EDIT_FIELD_ATTRIBUTE}]`)) {
        const value = textAt(section.content, field.getAttribute(EDIT_FIELD_ATTRIBUTE) ?? '');
        if (typeof value !== 'string') continue;
        if (field.hasAttribute(EDIT_HTML_ATTRIBUTE)) {
          if (!field.querySelector('[data-rich-text-editor]')) field.innerHTML = value;
        } else field.textContent = value;
      }
    }
    setGeneration((current) => current + 1);
    setDirty(true);
    setConflicted(true);
    conflictedRef.current = true;
    setRestorable(null);
    setStatus({ tone: 'error', text: t('editor.inPlace.restored') });
  };

  const discardDraft = () => {
    clearStoredDrafts(draftStorage(), state.id, language);
    setRestorable(null);
    setStatus(null);
  };

  // The section bars' buttons (server-rendered): visibility and options.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.<HTMLElement>('[data-edit-action]');
      const wrapper = button?.closest<HTMLElement>('[data-section-id]');
      if (!button || !wrapper) return;
      const key = `s${wrapper.dataset.sectionId}`;
      switch (button.dataset.editAction) {
        case 'desktop':
          changeSection(key, (section) => ({ ...section, showDesktop: !section.showDesktop }));
          break;
        case 'mobile':
          changeSection(key, (section) => ({ ...section, showMobile: !section.showMobile }));
          break;
        case 'options':
          setDialog({ kind: 'settings', key });
          break;
      }
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [changeSection]);

  // The server-rendered sections follow the drafts: order, removal, visibility, and new ones as notes.
  useEffect(() => {
    const container = document.querySelector<HTMLElement>('[data-edit-sections]');
    if (!container) return;
    const wrappers = new Map(
      [...container.querySelectorAll<HTMLElement>(':scope > [data-section-id]')].map((element) => [
        `s${element.dataset.sectionId}`,
        element,
      ]),
    );
    for (const note of container.querySelectorAll<HTMLElement>(':scope > [data-new-section]'))
      wrappers.set(note.dataset.newSection ?? '', note);
    const shown = new Set<string>();
    let previous: HTMLElement | null = null;
    for (const [index, section] of drafts.entries()) {
      const label = t('editor.sectionLabel', {
        position: index + 1,
        type: t(`editor.types.${section.type}`),
      });
      let element = wrappers.get(section.key);
      if (!element) {
        element = document.createElement('div');
        element.dataset.newSection = section.key;
        element.className =
          'mx-auto my-6 max-w-6xl rounded-xl border-2 border-dashed border-teal-700 bg-teal-50 px-4 py-8 text-center text-teal-900';
      }
      if (element.dataset.newSection) element.textContent = `${label} — ${t('editor.newSectionNote')}`;
      else {
        element.hidden = false;
        element.toggleAttribute('data-hidden-desktop', !section.showDesktop);
        element.toggleAttribute('data-hidden-mobile', !section.showMobile);
        element.style.opacity = section.showDesktop && section.showMobile ? '' : '0.6';
        for (const button of element.querySelectorAll<HTMLElement>('[data-edit-action="desktop"]'))
          button.setAttribute('aria-pressed', String(section.showDesktop));
        for (const button of element.querySelectorAll<HTMLElement>('[data-edit-action="mobile"]'))
          button.setAttribute('aria-pressed', String(section.showMobile));
        const labelElement = element.querySelector('[data-edit-label]');
        if (labelElement)
          labelElement.textContent = `${label}${section.isMaster ? ` · ${t('editor.master')}` : ''}`;
        element.toggleAttribute('data-section-first', index === 0);
        element.toggleAttribute('data-section-last', index === drafts.length - 1);
      }
      // Moved only when out of place: moving a node blurs the editor being typed in.
      if (element.parentElement !== container || element.previousElementSibling !== previous) {
        if (previous) previous.after(element);
        else container.prepend(element);
      }
      previous = element;
      shown.add(section.key);
    }
    // Removed sections go to the end, hidden (a save deletes them); removed new ones simply go.
    for (const [key, element] of wrappers) {
      if (shown.has(key)) continue;
      if (element.dataset.newSection) element.remove();
      else {
        element.hidden = true;
        if (element.nextElementSibling) container.append(element);
      }
    }
  }, [drafts, t]);

  const save = useCallback(async (): Promise<boolean> => {
    const newTitle = titleRef.current.trim();
    if (!newTitle) {
      setStatus({ tone: 'error', text: t('editor.titleRequired') });
      return false;
    }
    setSaving(true);
    setStatus(null);
    const result = await api.call(pageSave, {
      params: { id: state.id },
      body: {
        version,
        language,
        sections: saveInput(draftsRef.current),
        ...(newTitle !== savedTitle.current ? { title: newTitle } : {}),
      },
    });
    setSaving(false);
    if (result.errored) {
      if (result.error.statusCode === 409) {
        setConflicted(true);
        conflictedRef.current = true;
        storeDraft(draftStorage(), state.id, language, {
          baseVersion: version,
          title: titleRef.current,
          sections: draftsRef.current,
        });
      }
      setStatus({
        tone: 'error',
        text:
          result.error.statusCode === 409
            ? t('editor.conflict')
            : saveErrorText(result.error, draftsRef.current, t),
      });
      return false;
    }
    setVersion(result.data.version);
    savedTitle.current = result.data.title;
    clearStoredDrafts(draftStorage(), state.id, language);
    setConflicted(false);
    conflictedRef.current = false;
    setDirty(false);
    dirtyRef.current = false;
    setStatus({ tone: 'info', text: t('editor.saved') });
    return true;
  }, [api, language, state.id, t, version]);

  /**
   * A gallery whose images changed in its settings still shows the saved images until the page is
   * saved and reloaded, while its captions already follow the new list: the captions on screen are
   * locked (typing there would land on another image's caption) and a note says to save.
   */
  const lockGalleryCaptions = (key: string) => {
    const wrapper = document.querySelector<HTMLElement>(
      `[data-edit-sections] > [data-section-id="${CSS.escape(key.slice(1))}"]`,
    );
    if (!wrapper) return;
    for (const field of wrapper.querySelectorAll<HTMLElement>(`[${EDIT_FIELD_ATTRIBUTE}^="captions."]`)) {
      field.contentEditable = 'false';
      field.removeAttribute('role');
      field.removeAttribute('aria-label');
    }
    if (wrapper.querySelector('[data-gallery-changed]')) return;
    const note = document.createElement('p');
    note.dataset.galleryChanged = '';
    note.setAttribute('role', 'status');
    note.className = 'mx-auto mt-4 max-w-6xl rounded-lg bg-amber-50 px-4 py-3 text-amber-950';
    note.textContent = t('editor.inPlace.galleryChanged');
    const list = wrapper.querySelector('ul');
    if (list) list.before(note);
    else wrapper.append(note);
  };

  const saveAndReload = async () => {
    // The server renders what was saved (new sections, settings): the page reloads in edit mode.
    if (await save()) window.location.reload();
  };

  // Leaving with unsaved changes: the browser asks on unload; links on the page ask to save or discard.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!dirtyRef.current || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey)
        return;
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
      if (!link || link.target === '_blank' || link.closest('dialog')) return;
      event.preventDefault();
      setDialog({ kind: 'leave', href: link.href });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  const addSection = (type: SectionType) => {
    nextKey.current += 1;
    const key = `new${nextKey.current}`;
    change((current) => [
      ...current,
      newDraft(
        type,
        structuredClone(sectionDefaultSettings[type]) as Record<string, unknown>,
        sectionDefaultContent(type, t('editor.newSectionTitle'), t('editor.newSectionText')),
        key,
      ),
    ]);
  };

  const addMaster = (id: number) => {
    const master = state.masters.find((candidate) => candidate.id === id);
    if (!master || drafts.some((section) => section.id === id)) return;
    change((current) => [...current, { ...master, key: `s${id}` }]);
  };

  // The toolbar sticks below the site's sticky header, never over its links; anchors scrolled to
  // land below both (scroll padding), whatever height the header and the toolbar wrap to.
  const toolbarRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const toolbar = toolbarRef.current;
    const header = document.querySelector<HTMLElement>('[data-site-header]');
    if (!toolbar) return;
    const root = document.documentElement;
    const place = () => {
      const headerHeight = header?.offsetHeight ?? 0;
      toolbar.style.top = `${headerHeight}px`;
      root.style.scrollPaddingTop = `${headerHeight + toolbar.offsetHeight}px`;
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(toolbar);
    if (header) observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = '';
      toolbar.style.top = '';
    };
  }, []);

  const settingsSection =
    dialog?.kind === 'settings' ? drafts.find((section) => section.key === dialog.key) : undefined;
  const exitHref = `${path}`;

  return (
    <div data-editor-ui="" ref={toolbarRef} className="sticky top-0 z-40">
      <div
        role="toolbar"
        aria-label={t('editor.toolbar')}
        className="flex flex-wrap items-center gap-3 bg-slate-900 px-4 py-2 text-white shadow-lg"
      >
        <span className="font-semibold">{t('editor.editing')}</span>
        <button
          type="button"
          className={toolbarButton}
          onClick={saveAndReload}
          disabled={saving}
          data-testid="editor-save"
        >
          {saving ? t('editor.saving') : t('editor.save')}
        </button>
        <button
          type="button"
          className={toolbarButton}
          onClick={() => setDialog({ kind: 'manager' })}
          aria-haspopup="dialog"
        >
          {t('editor.sections')}
        </button>
        <button
          type="button"
          className={toolbarButton}
          onClick={() => setDialog({ kind: 'newPage' })}
          aria-haspopup="dialog"
        >
          {t('editor.newPage')}
        </button>
        <button
          type="button"
          className={toolbarButton}
          onClick={() => setDialog({ kind: 'preview' })}
          aria-haspopup="dialog"
        >
          {t('editor.mobilePreview')}
        </button>
        {dirty ? (
          <span
            className="rounded bg-amber-300 px-2 py-0.5 text-xs font-semibold text-slate-900"
            data-testid="editor-dirty"
          >
            {t('editor.unsaved')}
          </span>
        ) : null}
        <span className="ml-auto flex flex-wrap gap-4">
          <a className={toolbarLink} href={links.admin}>
            {t('editor.adminPanel')}
          </a>
          {links.changelog ? (
            <a className={toolbarLink} href={links.changelog}>
              {t('devtools.changelog')}
            </a>
          ) : null}
          {links.apiDocs ? (
            <a className={toolbarLink} href={links.apiDocs}>
              {t('editor.apiDocs')}
            </a>
          ) : null}
          <a className={toolbarLink} href={exitHref}>
            {t('editor.exit')}
          </a>
        </span>
      </div>
      {restorable ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 bg-amber-100 px-4 py-3 text-sm text-slate-900"
          data-testid="editor-restore"
        >
          <p className="max-w-3xl font-medium">{t('editor.inPlace.restoreText')}</p>
          <button type="button" className={primaryButton} onClick={() => restoreDraft(restorable)}>
            {t('editor.inPlace.restore')}
          </button>
          <button type="button" className={secondaryButton} onClick={discardDraft}>
            {t('editor.inPlace.discard')}
          </button>
        </div>
      ) : null}
      {faqHosts.map(({ key, host }) => {
        const section = drafts.find((candidate) => candidate.key === key);
        if (!section) return null;
        return createPortal(
          <FaqItemsEditor
            key={`${key}-${generation}`}
            items={(section.content.items as FaqItem[] | undefined) ?? []}
            language={language}
            onChange={(items) =>
              changeSection(key, (current) => ({ ...current, content: { ...current.content, items } }))
            }
          />,
          host,
          key,
        );
      })}
      <div aria-live="polite" role="status" className="empty:hidden">
        {status ? (
          <p
            data-testid="editor-status"
            className={`px-4 py-2 text-sm font-medium ${status.tone === 'error' ? 'bg-red-100 text-red-900' : 'bg-teal-100 text-teal-900'}`}
          >
            {status.text}
          </p>
        ) : null}
      </div>
      {dialog?.kind === 'manager' ? (
        <Modal title={t('editor.managerTitle')} onClose={() => setDialog(null)} wide>
          <SectionManager
            drafts={drafts}
            masters={state.masters.filter((master) => !drafts.some((section) => section.id === master.id))}
            onMove={(from, to) => change((current) => moved(current, from, to))}
            onRemove={(key) => change((current) => current.filter((section) => section.key !== key))}
            onAdd={addSection}
            onAddMaster={addMaster}
            onOptions={(key) => setDialog({ kind: 'settings', key })}
            types={sectionTypes}
          />
        </Modal>
      ) : null}
      {settingsSection ? (
        <Modal
          title={t('editor.settingsTitle', { type: t(`editor.types.${settingsSection.type}`) })}
          onClose={() => setDialog(null)}
        >
          <SectionSettingsForm
            section={settingsSection}
            language={language}
            api={api}
            onApply={(update) => {
              if (
                settingsSection.type === 'gallery' &&
                contentWithRemappedCaptions(
                  settingsSection.content,
                  settingsSection.settings.mediaIds,
                  update.settings.mediaIds,
                ) !== settingsSection.content
              )
                lockGalleryCaptions(settingsSection.key);
              changeSection(settingsSection.key, (section) => ({
                ...section,
                ...update,
                // A gallery's captions follow their images when the image list changes.
                content:
                  section.type === 'gallery'
                    ? contentWithRemappedCaptions(
                        section.content,
                        section.settings.mediaIds,
                        update.settings.mediaIds,
                      )
                    : section.content,
              }));
              setDialog(null);
            }}
            onCancel={() => setDialog(null)}
          />
        </Modal>
      ) : null}
      {dialog?.kind === 'newPage' ? (
        <Modal title={t('editor.newPage')} onClose={() => setDialog(null)}>
          <NewPageForm language={language} api={api} types={sectionTypes} />
        </Modal>
      ) : null}
      {dialog?.kind === 'preview' ? (
        <Modal title={t('editor.mobilePreview')} onClose={() => setDialog(null)}>
          <iframe
            title={t('editor.mobilePreview')}
            src={path}
            className="mx-auto h-[70vh] w-[390px] max-w-full rounded-xl border border-slate-300"
          />
        </Modal>
      ) : null}
      {dialog?.kind === 'leave' ? (
        <Modal title={t('editor.leaveTitle')} onClose={() => setDialog(null)}>
          <p className="text-slate-800">{t('editor.leaveText')}</p>
          <LeaveButtons
            onSave={async () => {
              if (await save()) window.location.href = dialog.href;
              else setDialog(null);
            }}
            onDiscard={() => {
              dirtyRef.current = false;
              clearStoredDrafts(draftStorage(), state.id, language);
              window.location.href = dialog.href;
            }}
            onCancel={() => setDialog(null)}
          />
        </Modal>
      ) : null}
    </div>
  );
}

function LeaveButtons({
  onSave,
  onDiscard,
  onCancel,
}: {
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <button type="button" className={primaryButton} onClick={onSave}>
        {t('editor.leaveSave')}
      </button>
      <button type="button" className={secondaryButton} onClick={onDiscard}>
        {t('editor.leaveDiscard')}
      </button>
      <button type="button" className={secondaryButton} onClick={onCancel}>
        {t('editor.cancel')}
      </button>
    </div>
  );
}
