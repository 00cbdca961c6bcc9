import { useTranslation } from 'react-i18next';
import { formFieldTypes, formTypes } from '../../core/forms.ts';
import { uiLanguages } from '../../core/languages.ts';
import { type DefinitionIssue, issueLabel } from '../lib/admin-forms.ts';

export type DefinitionValues = {
  type: string;
  title: Record<string, string>;
  fieldsJson: string;
};

const inputClass = 'mt-1 block w-full rounded border px-3 py-2 text-slate-900';

/**
 * The inputs of a form definition (docs/decisions/0423): type, a title per language and the fields as
 * JSON. The refused parts are listed above them, each naming the field (`fields.1.name (email)`).
 */
export function FormDefinitionInputs({
  idPrefix,
  values,
  issues,
  jsonError,
  fields,
}: {
  idPrefix: string;
  values: DefinitionValues;
  issues: DefinitionIssue[];
  jsonError: string | null;
  /** The parsed fields the issues refer to (to name a field by its name), if any. */
  fields: unknown;
}) {
  const { t } = useTranslation();
  const errorId = `${idPrefix}-errors`;
  const fieldsInvalid = jsonError !== null || issues.some((issue) => issue.field.startsWith('fields'));
  const titleInvalid = issues.some((issue) => issue.field.startsWith('title'));
  return (
    <>
      {jsonError !== null || issues.length > 0 ? (
        <div
          role="alert"
          id={errorId}
          className="rounded-lg bg-red-50 px-4 py-3 text-red-800"
          data-testid="form-definition-errors"
        >
          {jsonError !== null ? (
            <p>{t('forms.admin.invalidJson', { message: jsonError })}</p>
          ) : (
            <>
              <p>{t('forms.admin.invalid')}</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {issues.map((issue) => (
                  <li key={`${issue.field}:${issue.message}`}>
                    <code className="font-mono text-sm">{issueLabel(issue, fields)}</code>: {issue.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
      <div>
        <label htmlFor={`${idPrefix}-type`} className="block font-medium text-slate-900">
          {t('forms.admin.type')}
        </label>
        <select
          id={`${idPrefix}-type`}
          name="type"
          defaultValue={values.type}
          className={`${inputClass} border-slate-400 bg-white sm:w-auto`}
        >
          {formTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {uiLanguages.map((language) => (
          <div key={language}>
            <label htmlFor={`${idPrefix}-title-${language}`} className="block font-medium text-slate-900">
              {t('forms.admin.titleIn', { language: language.toUpperCase() })}
            </label>
            <input
              type="text"
              id={`${idPrefix}-title-${language}`}
              name={`title_${language}`}
              defaultValue={values.title[language] ?? ''}
              maxLength={200}
              lang={language}
              aria-invalid={titleInvalid || undefined}
              aria-describedby={titleInvalid ? errorId : undefined}
              className={`${inputClass} ${titleInvalid ? 'border-red-700' : 'border-slate-400'}`}
            />
          </div>
        ))}
      </div>
      <div>
        <label htmlFor={`${idPrefix}-fields`} className="block font-medium text-slate-900">
          {t('forms.admin.fields')}
        </label>
        <p id={`${idPrefix}-fields-help`} className="mt-1 text-sm text-slate-700">
          {t('forms.admin.fieldsHelp', { types: formFieldTypes.join(', ') })}
        </p>
        <textarea
          id={`${idPrefix}-fields`}
          name="fields"
          rows={18}
          spellCheck={false}
          required
          defaultValue={values.fieldsJson}
          aria-invalid={fieldsInvalid || undefined}
          aria-describedby={fieldsInvalid ? `${errorId} ${idPrefix}-fields-help` : `${idPrefix}-fields-help`}
          className={`${inputClass} font-mono text-sm ${fieldsInvalid ? 'border-red-700' : 'border-slate-400'}`}
          data-testid="form-fields-json"
        />
      </div>
    </>
  );
}
