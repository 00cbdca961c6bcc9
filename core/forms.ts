/**
 * Forms as data (docs/decisions/0420): what the form calls, the form section and the product page
 * share without zod — the form types of specification 000 section 3, the field vocabulary, and the
 * server-side validation with the field messages of section 5.
 */
import type { UiLanguage } from './languages.ts';

export const formTypes = [
  'newsletter',
  'contactForm',
  'registerForm',
  'checkoutForm',
  'addressForm',
  'productAvailabilityForm',
] as const;
export type FormType = (typeof formTypes)[number];

export const formFieldTypes = ['text', 'email', 'textarea', 'select', 'checkbox', 'phone', 'number'] as const;
export type FormFieldType = (typeof formFieldTypes)[number];

/** A text per language; the request language, else Croatian, else English is shown. */
export type LocalizedText = Partial<Record<UiLanguage, string>>;

export type FormFieldDefinition = {
  /** The key of the value in the submitted data: a letter, then letters, digits or `_` (≤ 40). */
  name: string;
  type: FormFieldType;
  required: boolean;
  label: LocalizedText;
  placeholder?: LocalizedText;
  /** The choices of a select. */
  options?: { value: string; label: LocalizedText }[];
  /** Section 5's rule types that take a setting; `required` and `email` follow from the above. */
  validation?: { minLength?: number; maxLength?: number; alphaSpecialChars?: boolean };
};

export type FormSettings = {
  /** The visitor confirms their address through a mailed link before the submission counts. */
  doubleOptIn?: boolean;
  /** Mail the visitor the auto-response template (site option AutoRespondNotificationTemplate). */
  autoResponse?: boolean;
  /** Mail the shop's address (site option SendEmailTo) a notice. */
  notifyShop?: boolean;
  submitLabel?: LocalizedText;
  successMessage?: LocalizedText;
};

/** What a form's definition looks like to a visitor: texts in the request language. */
export type FormFieldView = {
  name: string;
  type: FormFieldType;
  required: boolean;
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
  minLength: number | null;
  maxLength: number;
  alphaSpecialChars: boolean;
};

export const FORM_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
/** Longest value of a one-line field and of a textarea, when the definition sets no maximum. */
export const FORM_LINE_MAX = 250;
export const FORM_TEXTAREA_MAX = 5000;
export const FORM_MAX_FIELDS = 30;

/**
 * Section 5's field messages as the API answers them (issue `message`); the UI translates by the rule
 * `fieldRule` reads back. `{length}` is filled in.
 */
export const FORM_FIELD_MESSAGES = {
  required: 'This field is required.',
  email: 'Enter an e-mail address.',
  minLength: 'Minimum length is {length}.',
  maxLength: 'Maximum length is {length}.',
  alphaSpecialChars: 'Letters only, no special characters.',
  option: 'Choose one of the options.',
} as const;
export type FormFieldRule = keyof typeof FORM_FIELD_MESSAGES;

export const FORM_MESSAGES = {
  notFound: 'Form not found.',
  inStock: 'The product is in stock.',
  productNotFound: 'Product not found.',
  productRequired: 'An availability request names a product.',
  invalidToken: 'This link is not valid or has expired.',
} as const;

/** The goal the confirm-email page shows for a confirmed form submission (a catalog key). */
export const FORM_CONFIRMED_GOAL = 'forms.confirmed';

/** The rule and length behind an API field message, or null for another message. */
export function fieldRule(message: string): { rule: FormFieldRule; length?: number } | null {
  for (const [rule, text] of Object.entries(FORM_FIELD_MESSAGES) as [FormFieldRule, string][]) {
    const [before, after] = text.split('{length}');
    if (after === undefined) {
      if (message === text) return { rule };
    } else if (message.startsWith(before!) && message.endsWith(after)) {
      const length = Number(message.slice(before!.length, message.length - after.length));
      if (Number.isInteger(length)) return { rule, length };
    }
  }
  return null;
}

export const localized = (text: LocalizedText | undefined, language: string): string =>
  text?.[language as UiLanguage] ?? text?.hr ?? text?.en ?? '';

export function fieldView(field: FormFieldDefinition, language: string): FormFieldView {
  const fallbackMax = field.type === 'textarea' ? FORM_TEXTAREA_MAX : FORM_LINE_MAX;
  return {
    name: field.name,
    type: field.type,
    required: field.required,
    label: localized(field.label, language),
    placeholder: localized(field.placeholder, language),
    options: (field.options ?? []).map((option) => ({
      value: option.value,
      label: localized(option.label, language),
    })),
    minLength: field.validation?.minLength ?? null,
    maxLength: Math.min(field.validation?.maxLength ?? fallbackMax, fallbackMax),
    alphaSpecialChars: field.validation?.alphaSpecialChars === true,
  };
}

// The same address check as the HTML input type=email (WHATWG), so the browser and the server agree.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const PHONE = /^\+?[0-9 ()/.-]{6,30}$/;
const LETTERS = /^[\p{L}\p{M} '-]*$/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export type FieldIssue = { field: string; message: string };

const message = (rule: FormFieldRule, length?: number) =>
  FORM_FIELD_MESSAGES[rule].replace('{length}', String(length ?? ''));

/**
 * Checks submitted data against a form's fields: only the form's fields are kept (trimmed text, a
 * checkbox as a boolean), each failure is an issue naming `data.<field>` with a section 5 message.
 */
export function validateFormData(
  fields: FormFieldDefinition[],
  data: Record<string, unknown>,
): { values: Record<string, string | boolean>; issues: FieldIssue[] } {
  const values: Record<string, string | boolean> = {};
  const issues: FieldIssue[] = [];
  for (const field of fields) {
    const view = fieldView(field, 'en');
    const raw = data[field.name];
    const at = `data.${field.name}`;
    if (field.type === 'checkbox') {
      const checked = raw === true || raw === 'true' || raw === 'on' || raw === '1';
      if (field.required && !checked) issues.push({ field: at, message: message('required') });
      values[field.name] = checked;
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
    if (text === '') {
      if (field.required) issues.push({ field: at, message: message('required') });
      continue;
    }
    if (CONTROL.test(text) || (field.type !== 'textarea' && /[\r\n]/.test(text))) {
      issues.push({ field: at, message: message('alphaSpecialChars') });
      continue;
    }
    if (text.length > view.maxLength) {
      issues.push({ field: at, message: message('maxLength', view.maxLength) });
      continue;
    }
    if (view.minLength !== null && text.length < view.minLength) {
      issues.push({ field: at, message: message('minLength', view.minLength) });
      continue;
    }
    if (field.type === 'email' && !EMAIL.test(text)) {
      issues.push({ field: at, message: message('email') });
      continue;
    }
    if (field.type === 'phone' && !PHONE.test(text)) {
      issues.push({ field: at, message: message('alphaSpecialChars') });
      continue;
    }
    if (field.type === 'number' && !/^-?\d{1,15}(\.\d{1,6})?$/.test(text)) {
      issues.push({ field: at, message: message('alphaSpecialChars') });
      continue;
    }
    if (field.type === 'select' && !(field.options ?? []).some((option) => option.value === text)) {
      issues.push({ field: at, message: message('option') });
      continue;
    }
    if (view.alphaSpecialChars && !LETTERS.test(text)) {
      issues.push({ field: at, message: message('alphaSpecialChars') });
      continue;
    }
    values[field.name] = field.type === 'email' ? text.toLowerCase() : text;
  }
  return { values, issues };
}

/** The first e-mail field's value: where the auto-response and the availability mail go. */
export function submittedEmail(
  fields: FormFieldDefinition[],
  values: Record<string, string | boolean>,
): string | null {
  const field = fields.find(
    (candidate) => candidate.type === 'email' && typeof values[candidate.name] === 'string',
  );
  return field ? (values[field.name] as string) : null;
}
