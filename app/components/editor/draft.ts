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
