import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftSection } from './draft.ts';
import { fieldClass, labelClass, primaryButton, secondaryButton } from './modal.tsx';

/** Settings whose values are a fixed list (the section shapes of cms.contract.ts). */
const choices: Record<string, readonly (string | number)[]> = {
  overlay: ['dark', 'light'],
  align: ['left', 'center'],
  width: ['narrow', 'wide'],
  imagePosition: ['left', 'right'],
  background: ['primary', 'secondary', 'light'],
  columns: [2, 3, 4],
  provider: ['youtube'],
  consentForm: ['newsletter'],
};

type Values = Record<string, string | boolean>;

/**
 * A section's options: its editor name, master or child, and its settings by kind (a list of
 * choices, a number, a text, or JSON for lists). Images are plain media ids for now: the media
 * library's picker plugs in here (`mediaId`, `mediaIds`, `logos`).
 */
export function SectionSettingsForm({
  section,
  onApply,
  onCancel,
}: {
  section: DraftSection;
  onApply: (update: Pick<DraftSection, 'name' | 'isMaster' | 'settings'>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(section.name);
  const [isMaster, setIsMaster] = useState(section.isMaster);
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(
      Object.entries(section.settings).map(([key, value]) => [
        key,
        typeof value === 'boolean'
          ? value
          : typeof value === 'object' && value !== null
            ? JSON.stringify(value, null, 1)
            : String(value ?? ''),
      ]),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const label = (key: string) => {
    const known = t(`editor.settings.${key}`);
    return known === `editor.settings.${key}` ? key : known;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const settings: Record<string, unknown> = {};
    for (const [key, original] of Object.entries(section.settings)) {
      const value = values[key];
      if (typeof original === 'boolean') settings[key] = value === true;
      else if (typeof original === 'number' || original === null) {
        const text = String(value ?? '').trim();
        settings[key] = text === '' ? null : Number(text);
        if (text !== '' && !Number.isFinite(settings[key])) {
          setError(t('editor.invalidJson', { key: label(key) }));
          return;
        }
      } else if (typeof original === 'object') {
        try {
          settings[key] = JSON.parse(String(value));
        } catch {
          setError(t('editor.invalidJson', { key: label(key) }));
          return;
        }
      } else settings[key] = value;
    }
    onApply({ name: name.trim(), isMaster, settings });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <label className="block">
        <span className={labelClass}>{t('editor.name')}</span>
        <input
          className={fieldClass}
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label className="flex items-center gap-3">
        <input
          type="checkbox"
          className="h-5 w-5 accent-teal-700"
          checked={isMaster}
          onChange={(event) => setIsMaster(event.target.checked)}
        />
        <span className="font-medium text-slate-900">{t('editor.isMaster')}</span>
      </label>
      {Object.entries(section.settings).map(([key, original]) => {
        const fieldId = `${id}-${key}`;
        const value = values[key];
        if (typeof original === 'boolean')
          return (
            <label key={key} className="flex items-center gap-3">
              <input
                type="checkbox"
                className="h-5 w-5 accent-teal-700"
                checked={value === true}
                onChange={(event) => setValues({ ...values, [key]: event.target.checked })}
              />
              <span className="font-medium text-slate-900">{label(key)}</span>
            </label>
          );
        const options = choices[key];
        return (
          <div key={key}>
            <label htmlFor={fieldId} className={labelClass}>
              {typeof original === 'object' && original !== null
                ? t('editor.json', { key: label(key) })
                : label(key)}
            </label>
            {options ? (
              <select
                id={fieldId}
                className={fieldClass}
                value={String(value)}
                onChange={(event) => setValues({ ...values, [key]: event.target.value })}
              >
                {options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : typeof original === 'object' && original !== null ? (
              <textarea
                id={fieldId}
                className={`${fieldClass} font-mono text-sm`}
                rows={4}
                value={String(value)}
                onChange={(event) => setValues({ ...values, [key]: event.target.value })}
              />
            ) : (
              <input
                id={fieldId}
                className={fieldClass}
                inputMode={typeof original === 'number' || original === null ? 'numeric' : undefined}
                value={String(value)}
                onChange={(event) => setValues({ ...values, [key]: event.target.value })}
              />
            )}
          </div>
        );
      })}
      {error ? (
        <p role="alert" className="font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton}>
          {t('editor.apply')}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {t('editor.cancel')}
        </button>
      </div>
    </form>
  );
}
