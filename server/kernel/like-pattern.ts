/** Escapes `%`, `_` and `\` so that text typed by a visitor is matched literally by LIKE. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for text containing the keyword. */
export const likePattern = (keyword: string) => `%${escapeLike(keyword)}%`;
