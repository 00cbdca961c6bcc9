import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  sectionDefaultContent,
  sectionDefaultSettings,
  editableSectionTypes as sectionTypes,
} from '../../../core/section-defaults.ts';
import type { SectionType } from '../../../server/modules/cms/cms.contract.ts';
import { createApiClient, createFetchCaller, fetchWithIdempotencyKey } from '../../lib/api-client.ts';
import type { EditModeData } from '../../lib/edit-mode.server.ts';
import { EDIT_FIELD_ATTRIBUTE, EDIT_HTML_ATTRIBUTE } from '../sections/edit-fields.tsx';
import { type DraftSection, draftsOf, moved, newDraft, saveInput, withPath } from './draft.ts';
import { pageSave } from './editor-calls.ts';
import { Modal, primaryButton, secondaryButton } from './modal.tsx';
import { NewPageForm } from './new-page-form.tsx';
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
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const nextKey = useRef(0);
  const api = useMemo(
    () => createApiClient(createFetchCaller(fetchWithIdempotencyKey), { language }),
    [language],
  );

  const change = useCallback((update: (current: DraftSection[]) => DraftSection[]) => {
    setDrafts((current) => update(current));
    setDirty(true);
    setStatus(null);
  }, []);

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
    setSaving(true);
    setStatus(null);
    const result = await api.call(pageSave, {
      params: { id: state.id },
      body: { version, language, sections: saveInput(draftsRef.current) },
    });
    setSaving(false);
    if (result.errored) {
      setStatus({
        tone: 'error',
        text:
          result.error.statusCode === 409
            ? t('editor.conflict')
            : t('editor.failed', { message: result.error.message }),
      });
      return false;
    }
    setVersion(result.data.version);
    setDirty(false);
    dirtyRef.current = false;
    setStatus({ tone: 'info', text: t('editor.saved') });
    return true;
  }, [api, language, state.id, t, version]);

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

  const settingsSection =
    dialog?.kind === 'settings' ? drafts.find((section) => section.key === dialog.key) : undefined;
  const exitHref = `${path}`;

  return (
    <div data-editor-ui="" className="sticky top-0 z-40">
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
              changeSection(settingsSection.key, (section) => ({ ...section, ...update }));
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
