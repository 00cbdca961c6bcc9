import type { ApiFailure } from '../../core/contract.ts';
import { type FormType, formTypes } from '../../core/forms.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { uiLanguages } from '../../core/languages.ts';

/** One refused part of a definition as the API named it (`fields.1.name`, `title`, `key`). */
export type DefinitionIssue = { field: string; message: string };

/**
 * What the form editor posts (docs/decisions/0423): type, a title input per language and the fields
 * as a JSON textarea. The server (the API contract) validates it; this only reads the post.
 */
export function readDefinitionPost(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? '');
  const typeValue = text('type');
  const title = Object.fromEntries(
    uiLanguages.map((language) => [language, text(`title_${language}`)]),
  ) as Record<UiLanguage, string>;
  return {
    key: text('key'),
    type: typeValue as FormType,
    knownType: (formTypes as readonly string[]).includes(typeValue),
    title,
    fieldsJson: text('fields'),
  };
}

/** The fields textarea parsed, or the parser's message (shown on the textarea, nothing is sent). */
export function parseFields(json: string): { fields: unknown } | { jsonError: string } {
  try {
    return { fields: JSON.parse(json) as unknown };
  } catch (error) {
    return { jsonError: error instanceof Error ? error.message : String(error) };
  }
}

/** Every issue of a refused call (a 400 lists them all), else the one failure. */
export function definitionIssues(error: ApiFailure): DefinitionIssue[] {
  const issues =
    (error.raw as { error?: { payload?: { issues?: DefinitionIssue[] } } } | null)?.error?.payload?.issues ??
    [];
  if (issues.length > 0) return issues;
  return [{ field: error.field ?? '', message: error.message }];
}

/** The field name an issue's path points at (`fields.1.label` → the second field's name), for the list. */
export function issueLabel(issue: DefinitionIssue, fields: unknown): string {
  const match = /^fields\.(\d+)(\..*)?$/.exec(issue.field);
  if (!match || !Array.isArray(fields)) return issue.field;
  const field = fields[Number(match[1])] as { name?: unknown } | undefined;
  const name = typeof field?.name === 'string' && field.name ? ` (${field.name})` : '';
  return `${issue.field}${name}`;
}
