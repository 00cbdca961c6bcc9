import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { sectionDefaultSettings } from '../../../core/section-defaults.ts';
import { logoProblem, logosOf, MAX_LOGOS } from '../../../core/sponsor-logos.ts';
import type { SectionType } from '../../../server/modules/cms/cms.contract.ts';
import { type PickedMedia, pickedFrom } from '../../islands/media-picker.tsx';
import type { ApiClient } from '../../lib/api-client.ts';
import { isSocialIcon } from '../social-link.tsx';
import type { DraftSection } from './draft.ts';
import { mediaGet } from './editor-calls.ts';
import { fieldClass, labelClass, primaryButton, secondaryButton } from './modal.tsx';
import { idsOf, type SettingKind, settingKind } from './picker-lists.ts';
import { IconField, ImageList, ImageSlot, ListField, LogoList } from './setting-pickers.tsx';

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
 * The settings a section has: its own, and those of its type it does not have yet (a setting added
 * to a type after the section was stored), in the type's order.
 */
function settingsOf(section: DraftSection): Record<string, unknown> {
  const defaults = structuredClone(
    (sectionDefaultSettings[section.type as SectionType] as Record<string, unknown> | undefined) ?? {},
  );
  // A card grid stored before it had icons gets one icon slot per card it has, not the new grid's three.
  if (section.type === 'card-grid' && !('icons' in section.settings)) {
    const cards = section.content.cards;
    const mediaIds = section.settings.mediaIds;
    const count = Array.isArray(cards) ? cards.length : Array.isArray(mediaIds) ? mediaIds.length : 0;
    defaults.icons = Array.from({ length: count }, () => null);
  }
  return { ...defaults, ...section.settings };
}

const picked = (kind: SettingKind) => kind.kind !== 'plain';

/** The image files the settings name, as the library describes them in the page's language. */
function useMediaPreviews(
  settings: Record<string, unknown>,
  sectionType: string,
  api: ApiClient,
  language: UiLanguage,
) {
  const [previews, setPreviews] = useState<ReadonlyMap<number, PickedMedia>>(new Map());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored ids are read once, when the form opens
  useEffect(() => {
    const ids = new Set<number>();
    for (const [key, value] of Object.entries(settings)) {
      const kind = settingKind(sectionType, key).kind;
      if (kind === 'image' || kind === 'images') for (const id of idsOf(value)) ids.add(id);
      if (kind === 'logos') for (const logo of logosOf(value)) ids.add(logo.mediaId);
    }
    let live = true;
    void Promise.all(
      [...ids].map(async (id) => {
        const result = await api.call(mediaGet, { params: { id } });
        return result.errored ? null : pickedFrom(result.data, language);
      }),
    ).then((found) => {
      if (!live) return;
      setPreviews((current) => {
        const next = new Map(current);
        for (const media of found) if (media && !next.has(media.id)) next.set(media.id, media);
        return next;
      });
    });
    return () => {
      live = false;
    };
  }, []);
  const remember = (media: PickedMedia) => setPreviews((current) => new Map(current).set(media.id, media));
  return [previews, remember] as const;
}

/**
 * A section's options: its editor name, master or child, and its settings by kind: images through
 * the media library, icons through the icon list, products and categories through their pickers,
 * otherwise a list of choices, a number, a text, or JSON for lists.
 */
export function SectionSettingsForm({
  section,
  language,
  api,
  onApply,
  onCancel,
}: {
  section: DraftSection;
  /** The page's language: the pickers show titles and alt texts in it. */
  language: UiLanguage;
  api: ApiClient;
  onApply: (update: Pick<DraftSection, 'name' | 'isMaster' | 'settings'>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [original] = useState(() => settingsOf(section));
  const kinds = Object.fromEntries(Object.keys(original).map((key) => [key, settingKind(section.type, key)]));
  const [name, setName] = useState(section.name);
  const [isMaster, setIsMaster] = useState(section.isMaster);
  const [chosen, setChosen] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(
      Object.entries(original)
        .filter(([key]) => picked(kinds[key]!))
        .map(([key, value]) => [key, kinds[key]!.kind === 'logos' ? logosOf(value) : value]),
    ),
  );
  const [logoErrors, setLogoErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [previews, remember] = useMediaPreviews(original, section.type, api, language);
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(
      Object.entries(original).map(([key, value]) => [
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
    setLogoErrors(new Map());
    for (const [key, original] of Object.entries(settingsOf(section))) {
      if (kinds[key]?.kind === 'logos') {
        const logos = logosOf(chosen[key]).map((logo) => ({
          ...logo,
          name: logo.name.trim(),
          url: logo.url.trim(),
        }));
        const problem = logoProblem(logos);
        if (problem) {
          const message = t(`editor.pickers.logoProblem.${problem.field}`, {
            number: problem.index + 1,
            max: MAX_LOGOS,
          });
          setLogoErrors(new Map([[`${problem.index}.${problem.field}`, message]]));
          setError(message);
          return;
        }
        settings[key] = logos;
        continue;
      }
      if (key in chosen) {
        settings[key] = chosen[key];
        continue;
      }
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
      {Object.entries(original).map(([key, original]) => {
        const fieldId = `${id}-${key}`;
        const value = values[key];
        const kind = kinds[key] ?? { kind: 'plain' };
        const set = (next: unknown) => setChosen((current) => ({ ...current, [key]: next }));
        if (kind.kind === 'image') {
          const mediaId = idsOf(chosen[key])[0] ?? null;
          return (
            <ImageSlot
              key={key}
              language={language}
              label={label(key)}
              id={mediaId}
              preview={mediaId === null ? undefined : previews.get(mediaId)}
              onChange={(media) => {
                remember(media);
                set(media.id);
              }}
              onRemove={() => set(null)}
            />
          );
        }
        if (kind.kind === 'images' && kind.slots === 'growing')
          return (
            <ImageList
              key={key}
              language={language}
              label={label(key)}
              ids={idsOf(chosen[key])}
              previews={previews}
              onPreview={remember}
              onChange={set}
            />
          );
        if (kind.kind === 'images' || kind.kind === 'icons') {
          // One slot per card: an empty slot stays in place (null) so the others keep their cards.
          const slots = Array.isArray(chosen[key]) ? (chosen[key] as unknown[]) : [];
          const setSlot = (index: number, next: unknown) =>
            set(slots.map((current, position) => (position === index ? next : current)));
          return (
            <fieldset key={key} className="space-y-2 rounded-xl border border-slate-300 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-800">{label(key)}</legend>
              {slots.map((slot, index) => {
                const slotLabel = t('editor.pickers.cardNumber', { number: index + 1 });
                if (kind.kind === 'icons')
                  return (
                    <IconField
                      // biome-ignore lint/suspicious/noArrayIndexKey: slots pair with the cards by index
                      key={index}
                      label={slotLabel}
                      value={isSocialIcon(slot) ? slot : null}
                      onChange={(icon) => setSlot(index, icon)}
                    />
                  );
                const mediaId = idsOf(slot)[0] ?? null;
                return (
                  <ImageSlot
                    // biome-ignore lint/suspicious/noArrayIndexKey: slots pair with the cards by index
                    key={index}
                    language={language}
                    label={slotLabel}
                    id={mediaId}
                    preview={mediaId === null ? undefined : previews.get(mediaId)}
                    onChange={(media) => {
                      remember(media);
                      setSlot(index, media.id);
                    }}
                    onRemove={() => setSlot(index, null)}
                  />
                );
              })}
            </fieldset>
          );
        }
        if (kind.kind === 'logos')
          return (
            <LogoList
              key={key}
              language={language}
              label={label(key)}
              logos={logosOf(chosen[key])}
              previews={previews}
              errors={logoErrors}
              onPreview={remember}
              onChange={set}
            />
          );
        if (kind.kind === 'icon')
          return (
            <IconField
              key={key}
              label={label(key)}
              value={isSocialIcon(chosen[key]) ? (chosen[key] as never) : null}
              onChange={set}
            />
          );
        if (kind.kind === 'list')
          return (
            <ListField
              key={key}
              api={api}
              kind={kind.list}
              single={kind.single}
              label={label(key)}
              ids={idsOf(chosen[key])}
              onChange={(ids) => set(kind.single ? (ids[0] ?? null) : ids)}
            />
          );
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
