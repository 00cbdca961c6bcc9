import type { z } from 'zod';
import type { ApiFailure } from '../../core/contract.ts';
import {
  AUTH_MESSAGES,
  PASSWORD_RULE_MESSAGE,
  PASSWORDS_DIFFER_MESSAGE,
} from '../../server/modules/users/users.contract.ts';

/** Catalog keys under `auth.errors`. */
export type AuthErrorKey =
  | 'required'
  | 'email'
  | 'passwordRule'
  | 'passwordsDiffer'
  | 'commonPassword'
  | 'userExists'
  | 'unknownUser'
  | 'incorrectOldPassword'
  | 'consentRequired'
  | 'tooManyAttempts'
  | 'invalidToken'
  | 'captcha'
  | 'failed';

/** Errors of a form: per field (shown next to it) and one for the whole form. */
export type FormErrors = {
  fields: Record<string, AuthErrorKey>;
  form: AuthErrorKey | null;
  retryMinutes?: number;
};

const byMessage: Record<string, AuthErrorKey> = {
  [AUTH_MESSAGES.userExists]: 'userExists',
  [AUTH_MESSAGES.unknownUser]: 'unknownUser',
  [AUTH_MESSAGES.incorrectOldPassword]: 'incorrectOldPassword',
  [PASSWORD_RULE_MESSAGE]: 'passwordRule',
  [PASSWORDS_DIFFER_MESSAGE]: 'passwordsDiffer',
};

const byCode: Record<string, AuthErrorKey> = {
  COMMON_PASSWORD: 'commonPassword',
  CONSENT_REQUIRED: 'consentRequired',
  INVALID_TOKEN: 'invalidToken',
  INVALID_LOGIN: 'unknownUser',
  USER_EXISTS: 'userExists',
  INCORRECT_OLD_PASSWORD: 'incorrectOldPassword',
  CAPTCHA_REQUIRED: 'captcha',
  CAPTCHA_INVALID: 'captcha',
  CAPTCHA_UNAVAILABLE: 'captcha',
};

function keyFor(message: string, field: string | undefined): AuthErrorKey {
  const known = byMessage[message] ?? byMessage[message.replace(/^[\w.]+: /, '')];
  if (known) return known;
  if (field === 'email' || field === 'username') return 'email';
  return 'required';
}

/** The form's errors from the contract's own schema (the same rules the API applies). */
export function schemaErrors(error: z.ZodError): FormErrors {
  const fields: Record<string, AuthErrorKey> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    fields[field] ??= keyFor(issue.message, field);
  }
  return { fields, form: null };
}

/** The form's errors from a failed call: the section 8 messages translated, a field named when the API named one. */
export function apiErrors(error: ApiFailure): FormErrors {
  if (error.statusCode === 429) return { fields: {}, form: 'tooManyAttempts' };
  const key = (error.code && byCode[error.code]) || byMessage[error.message];
  const field = error.field?.split('.')[0];
  if (key && field && key !== 'unknownUser') return { fields: { [field]: key }, form: null };
  if (key) return { fields: {}, form: key };
  if (error.statusCode === 400 && field)
    return { fields: { [field]: keyFor(error.message, field) }, form: null };
  return { fields: {}, form: 'failed' };
}

/** The value of a text field of a posted form (never a File). */
export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
