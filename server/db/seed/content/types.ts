/** The demo site's languages; every text of the demo content exists in both. */
export type Language = 'hr' | 'en';

export type Localized<T> = Record<Language, T>;

export const seedLanguages: Language[] = ['hr', 'en'];
