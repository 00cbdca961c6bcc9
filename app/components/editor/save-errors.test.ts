import { describe, expect, it } from 'vitest';
import '../../i18n/i18n.server.ts';
import { EDITOR_MESSAGES } from '../../../core/editor-messages.ts';
import { i18nFor } from '../../i18n/i18n.ts';
import { newDraft } from './draft.ts';
import { saveErrorText } from './save-errors.ts';

const sections = [
  newDraft('hero', {}, {}, 'a'),
  { ...newDraft('sponsors', { logos: [] }, {}, 'b'), name: 'Partners' },
];

describe('saveErrorText', () => {
  it('words a refused logo link in the page language, naming the section and the logo field', () => {
    const failure = {
      statusCode: 400,
      message: EDITOR_MESSAGES.logoFormat,
      field: 'sections.1.settings.logos.1.url',
    };
    const hr = saveErrorText(failure, sections, i18nFor('hr').t);
    expect(hr).toContain('Sekcija 2 (Partners)');
    expect(hr).toContain('Logotip 2');
    expect(hr).toContain('https://');
    expect(hr).not.toContain(EDITOR_MESSAGES.logoFormat);
    const de = saveErrorText(failure, sections, i18nFor('de').t);
    expect(de).toContain('Abschnitt 2 (Partners)');
    expect(de).toContain('Logo 2');
  });

  it('names an unnamed section by its type and a setting by its label', () => {
    const text = saveErrorText(
      { statusCode: 400, message: EDITOR_MESSAGES.mediaNotFound, field: 'sections.0.settings' },
      sections,
      i18nFor('en').t,
    );
    const en = i18nFor('en').t;
    expect(text).toBe(
      en('editor.saveErrors.atField', {
        position: 1,
        section: en('editor.types.hero'),
        field: en('editor.saveErrors.fields.settings'),
        message: en('editor.saveErrors.messages.mediaNotFound'),
      }),
    );
    expect(text).toContain('Section 1 (Hero banner)');
  });

  it('recognises a schema refusal prefixed with its field and words unknown ones generally', () => {
    const en = i18nFor('en').t;
    expect(
      saveErrorText({ statusCode: 400, message: `sections: ${EDITOR_MESSAGES.emptyPage}` }, sections, en),
    ).toBe(en('editor.failed', { message: en('editor.saveErrors.messages.emptyPage') }));
    const unknown = saveErrorText(
      {
        statusCode: 400,
        message: 'sections.1.settings: At most 20000 characters of JSON.',
        field: 'sections.1.settings',
      },
      sections,
      en,
    );
    expect(unknown).toContain('Section 2 (Partners)');
    expect(unknown).not.toContain('20000');
  });

  it('tells a lost connection and a server error apart from a refusal', () => {
    const hr = i18nFor('hr').t;
    expect(saveErrorText({ statusCode: 0, message: 'An error occurred' }, sections, hr)).toBe(
      hr('editor.saveErrors.network'),
    );
    expect(saveErrorText({ statusCode: 503, message: 'Unavailable' }, sections, hr)).toBe(
      hr('editor.saveErrors.server'),
    );
  });
});
