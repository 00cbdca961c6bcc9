import { createContext, use } from 'react';

/**
 * Edit mode on the server: section components mark the texts an editor may change in place. Outside
 * edit mode (every visitor's page) the context is off and the markup carries nothing extra.
 */
export const EditModeContext = createContext(false);

/** The attribute edit mode finds an editable text by: its path in the section's content (`title`, `items.0.answerHtml`). */
export const EDIT_FIELD_ATTRIBUTE = 'data-edit-field';
/** Set on fields that hold HTML (rich text); the others are plain text. */
export const EDIT_HTML_ATTRIBUTE = 'data-edit-html';

export type EditFieldAttributes = { [EDIT_FIELD_ATTRIBUTE]?: string; [EDIT_HTML_ATTRIBUTE]?: 'true' };

/** The attributes that mark a text as editable in place, or none outside edit mode. */
export function useEditField() {
  const editing = use(EditModeContext);
  return (path: string, html = false): EditFieldAttributes =>
    editing
      ? { [EDIT_FIELD_ATTRIBUTE]: path, ...(html ? { [EDIT_HTML_ATTRIBUTE]: 'true' as const } : {}) }
      : {};
}

/** Whether the page is rendered for edit mode (empty texts still get an element to click). */
export const useEditing = () => use(EditModeContext);
