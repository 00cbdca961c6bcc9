/** What a password lacks under the specification's rule (section 5), in the order a form lists them. */
export type PasswordProblem = 'minLength' | 'lowercase' | 'uppercase' | 'digit' | 'special';

export const PASSWORD_MIN_LENGTH = 8;

/**
 * The strength rule: at least 8 characters with a lowercase letter, an uppercase letter, a digit and
 * a special character (anything that is neither a letter nor a digit). Letters of any script count.
 */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('minLength');
  if (!/\p{Ll}/u.test(password)) problems.push('lowercase');
  if (!/\p{Lu}/u.test(password)) problems.push('uppercase');
  if (!/\p{Nd}/u.test(password)) problems.push('digit');
  if (!/[^\p{L}\p{Nd}]/u.test(password)) problems.push('special');
  return problems;
}
