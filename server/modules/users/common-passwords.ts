/**
 * The breached-password check of section 5's rule: a new password must not be one of the ~49,000
 * most common passwords of public breach corpora (the list of @zxcvbn-ts/language-common, kept on
 * the server: the client bundle never loads it). Compared lower-case, and also without trailing
 * punctuation, so that 'Password1!' (which passes the character rule) counts as 'password1'.
 */
let list: Promise<Set<string>> | undefined;

const load = async () => {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common']);
};

export async function isCommonPassword(password: string): Promise<boolean> {
  list ??= load();
  const common = await list;
  const lower = password.toLowerCase();
  const bare = lower.replace(/[^\p{L}\p{Nd}]+$/u, '');
  return common.has(lower) || (bare.length >= 6 && common.has(bare));
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common: it appears in lists of breached passwords.';
