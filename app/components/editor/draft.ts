import type { SectionType } from '../../../server/modules/cms/cms.contract.ts';
import type { EditSection, EditSectionInput } from '../../../server/modules/cms/page-editor.contract.ts';

/** A section as the editor holds it until the save: stored ones keep their id, new ones have only a key. */
export type DraftSection = Omit<EditSection, 'id'> & { id?: number; key: string };

export const draftsOf = (sections: EditSection[]): DraftSection[] =>
  sections.map((section) => ({ ...section, key: `s${section.id}` }));

/** A copy of `value` with the text at `path` ('title', 'items.0.answerHtml') replaced. */
export function withPath(
  value: Record<string, unknown>,
  path: string,
  text: string,
): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return value;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  const inner = (copy as Record<string, unknown>)[head];
  (copy as Record<string, unknown>)[head] =
    rest.length === 0
      ? text
      : withPath(
          (inner && typeof inner === 'object' ? inner : {}) as Record<string, unknown>,
          rest.join('.'),
          text,
        );
  return copy as Record<string, unknown>;
}

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from === target || from < 0 || from >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

/** What `page/save` takes for the drafts. */
export const saveInput = (drafts: DraftSection[]): EditSectionInput[] =>
  drafts.map(({ key: _key, ...section }) => section);

/** A new section of a type, with its default settings and placeholder texts. */
export function newDraft(
  type: SectionType,
  settings: Record<string, unknown>,
  content: Record<string, unknown>,
  key: string,
): DraftSection {
  return { key, type, isMaster: false, name: '', showDesktop: true, showMobile: true, settings, content };
}

/** An editor's unsaved page kept in the browser after a save conflict, to be offered back after a reload. */
export type StoredDraft = { baseVersion: number; title: string; sections: DraftSection[] };
type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const draftPrefix = (pageId: number, language: string) => `page-draft:${pageId}:${language}:`;

/** The storage key of a draft: page, language and the version the editor started from. */
export const draftStorageKey = (pageId: number, language: string, baseVersion: number) =>
  `${draftPrefix(pageId, language)}${baseVersion}`;

const storedKeys = (storage: DraftStorage, pageId: number, language: string) => {
  const prefix = draftPrefix(pageId, language);
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
};

const isDraftSection = (value: unknown): value is DraftSection => {
  const section = value as Partial<DraftSection> | null;
  return (
    !!section &&
    typeof section.key === 'string' &&
    typeof section.type === 'string' &&
    typeof section.content === 'object' &&
    typeof section.settings === 'object'
  );
};

/** Keeps the draft (replacing an older one of the same page and language). Storage may refuse: then nothing is kept. */
export function storeDraft(
  storage: DraftStorage | null,
  pageId: number,
  language: string,
  draft: StoredDraft,
) {
  if (!storage) return;
  try {
    for (const key of storedKeys(storage, pageId, language)) storage.removeItem(key);
    storage.setItem(draftStorageKey(pageId, language, draft.baseVersion), JSON.stringify(draft));
  } catch {
    // Full or disabled storage: the draft stays in the open editor only.
  }
}

/** The kept draft of the page in the language (the newest base version), or null; an unreadable one is dropped. */
export function readStoredDraft(
  storage: DraftStorage | null,
  pageId: number,
  language: string,
): StoredDraft | null {
  if (!storage) return null;
  try {
    const keys = storedKeys(storage, pageId, language);
    const newest = keys
      .map((key) => ({ key, version: Number(key.slice(draftPrefix(pageId, language).length)) }))
      .sort((a, b) => b.version - a.version)[0];
    if (!newest) return null;
    const parsed = JSON.parse(storage.getItem(newest.key) ?? 'null') as Partial<StoredDraft> | null;
    if (
      parsed &&
      parsed.baseVersion === newest.version &&
      typeof parsed.title === 'string' &&
      Array.isArray(parsed.sections) &&
      parsed.sections.length > 0 &&
      parsed.sections.every(isDraftSection)
    )
      return parsed as StoredDraft;
    storage.removeItem(newest.key);
    return null;
  } catch {
    return null;
  }
}

/** Forgets every kept draft of the page in the language (after a save, or when the editor discards it). */
export function clearStoredDrafts(storage: DraftStorage | null, pageId: number, language: string) {
  if (!storage) return;
  try {
    for (const key of storedKeys(storage, pageId, language)) storage.removeItem(key);
  } catch {
    // Nothing to forget when storage is disabled.
  }
}
