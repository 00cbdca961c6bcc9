import type { TFunction } from 'i18next';
import { EDITOR_MESSAGES, type EditorMessageKey } from '../../../core/editor-messages.ts';
import { MAX_FEATURED_PRODUCTS } from '../../../core/section-data.ts';
import type { DraftSection } from './draft.ts';

/** What a failed `page/save` answered (the api client's failure). */
export type SaveFailure = { message: string; statusCode: number; field?: string };

const keyOf = (message: string): EditorMessageKey | null => {
  for (const [key, text] of Object.entries(EDITOR_MESSAGES))
    if (message === text || message.endsWith(`: ${text}`)) return key as EditorMessageKey;
  return null;
};

/**
 * The editor's own words for a refused save, in the page's language: the server's known refusals
 * (EDITOR_MESSAGES) by their catalog text, any other by a general one, and where it happened: the
 * section by position and name (or type) and the field by its settings label (a logo by its number).
 */
export function saveErrorText(failure: SaveFailure, sections: readonly DraftSection[], t: TFunction): string {
  if (failure.statusCode === 0) return t('editor.saveErrors.network');
  if (failure.statusCode >= 500) return t('editor.saveErrors.server');
  const key = keyOf(failure.message);
  const message = key
    ? t(`editor.saveErrors.messages.${key}`, { max: MAX_FEATURED_PRODUCTS })
    : t('editor.saveErrors.messages.invalid');
  const where = failure.field?.match(/^sections\.(\d+)(?:\.(.+))?$/);
  if (!where) {
    const field = failure.field === 'title' || failure.field === 'slug' ? failure.field : null;
    return field
      ? t('editor.saveErrors.atPage', { field: t(`editor.saveErrors.fields.${field}`), message })
      : t('editor.failed', { message });
  }
  const index = Number(where[1]);
  const section = sections[index];
  if (!section) return t('editor.failed', { message });
  const name = section.name.trim() || t(`editor.types.${section.type}`);
  const field = fieldLabel(where[2], t);
  return field
    ? t('editor.saveErrors.atField', { position: index + 1, section: name, field, message })
    : t('editor.saveErrors.atSection', { position: index + 1, section: name, message });
}

/** A path inside a section ('settings.logos.1.url', 'content.title') in the editor's words. */
function fieldLabel(path: string | undefined, t: TFunction): string | null {
  if (!path) return null;
  const [area, key, item, leaf] = path.split('.');
  if (area === 'content') return t('editor.saveErrors.fields.content');
  if (area !== 'settings') return area === 'name' ? t('editor.name') : null;
  if (!key) return t('editor.saveErrors.fields.settings');
  const known = t(`editor.settings.${key}`);
  const setting = known === `editor.settings.${key}` ? t('editor.saveErrors.fields.settings') : known;
  if (key !== 'logos' || item === undefined || !/^\d+$/.test(item)) return setting;
  const logo = t('editor.pickers.logoNumber', { number: Number(item) + 1 });
  const part =
    leaf === 'name'
      ? t('editor.pickers.logoName')
      : leaf === 'url'
        ? t('editor.pickers.logoUrl')
        : t('editor.settings.mediaId');
  return t('editor.saveErrors.logoField', { logo, field: part });
}
