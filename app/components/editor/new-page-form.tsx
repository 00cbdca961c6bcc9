import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { isPageSlug, sectionDefaultContent, sectionDefaultSettings } from '../../../core/section-defaults.ts';
import type { SectionType } from '../../../server/modules/cms/cms.contract.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { pageCreate } from './editor-calls.ts';
import { fieldClass, labelClass, primaryButton } from './modal.tsx';

type Errors = Partial<Record<'title' | 'slug' | 'form', string>>;

/**
 * The new page modal: title, slug (checked here as the server checks it: at least 4 characters,
 * lowercase letters, digits and single hyphens; unique per language, which only the server knows)
 * and the first section, since an empty page cannot be saved. On success it opens the new page in
 * edit mode.
 */
export function NewPageForm({
  language,
  api,
  types,
}: {
  language: UiLanguage;
  api: ApiClient;
  types: readonly SectionType[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [type, setType] = useState<SectionType>('rich-text');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!title.trim()) found.title = t('editor.titleRequired');
    if (!isPageSlug(slug)) found.slug = t('editor.slugInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const result = await api.call(pageCreate, {
      body: {
        language,
        title: title.trim(),
        slug,
        sections: [
          {
            type,
            isMaster: false,
            showDesktop: true,
            showMobile: true,
            settings: structuredClone(sectionDefaultSettings[type]) as Record<string, unknown>,
            content: sectionDefaultContent(type, title.trim(), t('editor.newSectionText')),
          },
        ],
      },
    });
    setBusy(false);
    if (result.errored) {
      setErrors(
        result.error.field === 'slug' ? { slug: result.error.message } : { form: result.error.message },
      );
      return;
    }
    window.location.href = `${result.data.link}?editPage=true`;
  };

  const described = (field: keyof Errors, help?: string) =>
    [errors[field] ? `${id}-${field}-error` : '', help ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="new-page-form">
      <div>
        <label htmlFor={`${id}-title`} className={labelClass}>
          {t('editor.pageTitle')}
        </label>
        <input
          id={`${id}-title`}
          className={fieldClass}
          value={title}
          maxLength={300}
          required
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described('title')}
          onChange={(event) => setTitle(event.target.value)}
        />
        {errors.title ? (
          <p id={`${id}-title-error`} className="mt-1 text-sm font-medium text-red-800">
            {errors.title}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-slug`} className={labelClass}>
          {t('editor.slug')}
        </label>
        <input
          id={`${id}-slug`}
          className={fieldClass}
          value={slug}
          maxLength={200}
          required
          aria-invalid={errors.slug ? true : undefined}
          aria-describedby={described('slug', `${id}-slug-help`)}
          onChange={(event) => setSlug(event.target.value)}
        />
        <p id={`${id}-slug-help`} className="mt-1 text-sm text-slate-700">
          {t('editor.slugHelp')}
        </p>
        {errors.slug ? (
          <p id={`${id}-slug-error`} className="mt-1 text-sm font-medium text-red-800">
            {errors.slug}
          </p>
        ) : null}
      </div>
      <label className="block">
        <span className={labelClass}>{t('editor.firstSectionType')}</span>
        <select
          className={fieldClass}
          value={type}
          onChange={(event) => setType(event.target.value as SectionType)}
        >
          {types.map((option) => (
            <option key={option} value={option}>
              {t(`editor.types.${option}`)}
            </option>
          ))}
        </select>
      </label>
      {errors.form ? (
        <p role="alert" className="font-medium text-red-800">
          {errors.form}
        </p>
      ) : null}
      <button type="submit" className={primaryButton} disabled={busy}>
        {t('editor.create')}
      </button>
    </form>
  );
}
