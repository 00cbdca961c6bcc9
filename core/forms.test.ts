import { describe, expect, it } from 'vitest';
import {
  FORM_FIELD_MESSAGES,
  type FormFieldDefinition,
  fieldRule,
  submittedEmail,
  validateFormData,
} from './forms.ts';

const fields: FormFieldDefinition[] = [
  {
    name: 'name',
    type: 'text',
    required: true,
    label: { hr: 'Ime' },
    validation: { minLength: 2, alphaSpecialChars: true },
  },
  { name: 'email', type: 'email', required: true, label: { hr: 'E-mail' } },
  {
    name: 'note',
    type: 'textarea',
    required: false,
    label: { hr: 'Napomena' },
    validation: { maxLength: 20 },
  },
  { name: 'agree', type: 'checkbox', required: true, label: { hr: 'Slažem se' } },
  {
    name: 'topic',
    type: 'select',
    required: false,
    label: { hr: 'Tema' },
    options: [{ value: 'a', label: { hr: 'A' } }],
  },
];

describe('validateFormData', () => {
  it("keeps only the form's fields, trimmed, the e-mail lower-cased and a checkbox as a boolean", () => {
    const result = validateFormData(fields, {
      name: '  Đurđa Šimić ',
      email: 'Ana@Example.COM',
      note: 'kratko',
      agree: 'on',
      topic: 'a',
      extra: '<script>',
    });
    expect(result.issues).toEqual([]);
    expect(result.values).toEqual({
      name: 'Đurđa Šimić',
      email: 'ana@example.com',
      note: 'kratko',
      agree: true,
      topic: 'a',
    });
    expect(submittedEmail(fields, result.values)).toBe('ana@example.com');
  });

  it("names each failing field with section 5's message", () => {
    const result = validateFormData(fields, { name: 'X', email: 'ana@', note: 'x'.repeat(21), topic: 'b' });
    expect(result.issues).toEqual([
      { field: 'data.name', message: 'Minimum length is 2.' },
      { field: 'data.email', message: FORM_FIELD_MESSAGES.email },
      { field: 'data.note', message: 'Maximum length is 20.' },
      { field: 'data.agree', message: FORM_FIELD_MESSAGES.required },
      { field: 'data.topic', message: FORM_FIELD_MESSAGES.option },
    ]);
    expect(validateFormData(fields, { name: 'R2-D2' }).issues[0]).toEqual({
      field: 'data.name',
      message: FORM_FIELD_MESSAGES.alphaSpecialChars,
    });
    // A line break in a one-line field is refused rather than stored into a mail header-like summary.
    expect(validateFormData(fields, { name: 'Ana\nBcc: x' }).issues[0]?.field).toBe('data.name');
  });
});

describe('fieldRule', () => {
  it('reads the rule and length back from a message, and nothing from another text', () => {
    expect(fieldRule('Minimum length is 10.')).toEqual({ rule: 'minLength', length: 10 });
    expect(fieldRule(FORM_FIELD_MESSAGES.required)).toEqual({ rule: 'required' });
    expect(fieldRule('Something else.')).toBeNull();
  });
});
