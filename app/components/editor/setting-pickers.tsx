import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { LOGO_NAME_MAX, LOGO_URL_MAX, type SponsorLogo } from '../../../core/sponsor-logos.ts';
import { MediaPicker, type PickedMedia } from '../../islands/media-picker.tsx';
import type { ApiClient } from '../../lib/api-client.ts';
import { Glyph, type SocialIcon, socialIcons } from '../social-link.tsx';
import { preloadDialog, useDialogComponent } from '../ui/lazy-dialog.ts';
import { moved } from './draft.ts';
import { listSource } from './list-sources.ts';
import { useModalLayer } from './modal.tsx';
import { MoveButtons } from './move-buttons.tsx';
import { type ListKind, type PickedItem, withoutIndex, withPicked } from './picker-lists.ts';

const smallButton =
  'rounded-full border border-slate-400 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-40';
const openerButton =
  'rounded-full border border-teal-700 px-3 py-1 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

/**
 * React events bubble along the component tree, portals included: a search or upload form in a
 * picker must not submit the settings form it was opened from.
 */
function Insulated({ children }: { children: ReactNode }) {
  return (
    <div className="contents" onSubmit={(event) => event.stopPropagation()}>
      {children}
    </div>
  );
}

/**
 * One image setting: a thumbnail with the image's alt text (in the page's language), and buttons to
 * choose or change it in the media library (browse, search, upload) and to remove it.
 */
export function ImageSlot({
  language,
  label,
  id,
  preview,
  onChange,
  onRemove,
}: {
  language: UiLanguage;
  label: string;
  id: number | null;
  /** The chosen file as the library describes it (undefined while it loads). */
  preview: PickedMedia | undefined;
  onChange: (media: PickedMedia) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <fieldset className="rounded-xl border border-slate-300 p-3" data-testid="setting-image">
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      {id === null ? (
        <p className="text-sm text-slate-700">{t('editor.pickers.noImage')}</p>
      ) : (
        <div className="flex items-center gap-3">
          {preview?.thumbnailUrl ? (
            <img
              src={preview.thumbnailUrl}
              alt=""
              className="h-16 w-24 rounded-md border border-slate-200 object-cover"
              data-testid="setting-image-thumbnail"
            />
          ) : null}
          <p className="min-w-0 text-sm text-slate-800">
            <span className="block truncate font-medium">{preview ? preview.title : `#${id}`}</span>
            <span className="block text-slate-700" data-testid="setting-image-alt">
              {preview?.alt ? t('editor.pickers.alt', { alt: preview.alt }) : t('editor.pickers.noAlt')}
            </span>
          </p>
        </div>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          ref={opener}
          type="button"
          className={openerButton}
          onPointerDown={() => void preloadDialog()}
          onFocus={() => void preloadDialog()}
          onClick={() => setOpen(true)}
          aria-label={`${id === null ? t('editor.pickers.chooseImage') : t('editor.pickers.changeImage')}: ${label}`}
        >
          {id === null ? t('editor.pickers.chooseImage') : t('editor.pickers.changeImage')}
        </button>
        {id !== null ? (
          <button
            type="button"
            className={smallButton}
            aria-label={`${t('editor.pickers.removeImage')}: ${label}`}
            onClick={() => {
              onRemove();
              opener.current?.focus();
            }}
          >
            {t('editor.pickers.removeImage')}
          </button>
        ) : null}
      </div>
      <InsulatedPicker
        language={language}
        open={open}
        onOpenChange={setOpen}
        onSelect={onChange}
        opener={opener}
      />
    </fieldset>
  );
}

/** The media picker above the settings dialog (its own modal layer), focus back to `opener` on close. */
function InsulatedPicker({
  language,
  open,
  onOpenChange,
  onSelect,
  opener,
}: {
  language: UiLanguage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (media: PickedMedia) => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const layer = useModalLayer();
  return (
    <Insulated>
      <MediaPicker
        language={language}
        open={open}
        onOpenChange={onOpenChange}
        onSelect={onSelect}
        returnFocus={opener}
        container={layer}
      />
    </Insulated>
  );
}

/**
 * The button under an image list that opens the media picker and adds what is chosen; `opener` is
 * the list's, so focus can come back to the button when an image above it is removed.
 */
function AddImageButton({
  language,
  label,
  opener,
  onSelect,
}: {
  language: UiLanguage;
  label: string;
  opener: RefObject<HTMLButtonElement | null>;
  onSelect: (media: PickedMedia) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={openerButton}
        onPointerDown={() => void preloadDialog()}
        onFocus={() => void preloadDialog()}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <InsulatedPicker
        language={language}
        open={open}
        onOpenChange={setOpen}
        onSelect={onSelect}
        opener={opener}
      />
    </>
  );
}

/** A growing list of images (the gallery): each one changed or removed, new ones added at the end. */
export function ImageList({
  language,
  label,
  ids,
  previews,
  onChange,
  onPreview,
}: {
  language: UiLanguage;
  label: string;
  ids: number[];
  previews: ReadonlyMap<number, PickedMedia>;
  onChange: (ids: number[]) => void;
  onPreview: (media: PickedMedia) => void;
}) {
  const { t } = useTranslation();
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <fieldset className="space-y-2 rounded-xl border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      {ids.map((id, index) => (
        <ImageSlot
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the image's identity (captions pair by index)
          key={index}
          language={language}
          label={t('editor.pickers.imageNumber', { number: index + 1 })}
          id={id}
          preview={previews.get(id)}
          onChange={(media) => {
            onPreview(media);
            onChange(ids.map((current, position) => (position === index ? media.id : current)));
          }}
          onRemove={() => {
            onChange(withoutIndex(ids, index));
            requestAnimationFrame(() => opener.current?.focus());
          }}
        />
      ))}
      <AddImageButton
        language={language}
        label={t('editor.pickers.addImage')}
        opener={opener}
        onSelect={(media) => {
          onPreview(media);
          onChange([...ids, media.id]);
        }}
      />
    </fieldset>
  );
}

/**
 * The sponsors' logos: each one an image of the media library with the sponsor's name (the logo's
 * text alternative) and the address its link opens; moved, changed or removed, new ones added at
 * the end with the image's title as their name.
 */
export function LogoList({
  language,
  label,
  logos,
  previews,
  errors,
  onChange,
  onPreview,
}: {
  language: UiLanguage;
  label: string;
  logos: SponsorLogo[];
  previews: ReadonlyMap<number, PickedMedia>;
  /** Field errors by logo position and field. */
  errors: ReadonlyMap<string, string>;
  onChange: (logos: SponsorLogo[]) => void;
  onPreview: (media: PickedMedia) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const edit = (index: number, patch: Partial<SponsorLogo>) =>
    onChange(logos.map((logo, position) => (position === index ? { ...logo, ...patch } : logo)));
  const input = (index: number, field: 'name' | 'url', text: string) => {
    const fieldId = `${id}-${index}-${field}`;
    const error = errors.get(`${index}.${field}`);
    return (
      <div>
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
          {t(field === 'name' ? 'editor.pickers.logoName' : 'editor.pickers.logoUrl')}
        </label>
        <input
          id={fieldId}
          className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700"
          value={text}
          maxLength={field === 'name' ? LOGO_NAME_MAX : LOGO_URL_MAX}
          inputMode={field === 'url' ? 'url' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          onChange={(event) => edit(index, { [field]: event.target.value })}
        />
        {error ? (
          <p id={`${fieldId}-error`} className="mt-1 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <fieldset className="space-y-2 rounded-xl border border-slate-300 p-3" data-testid="setting-logos">
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      {logos.map((logo, index) => {
        const logoLabel = t('editor.pickers.logoNumber', { number: index + 1 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a logo is edited at its position
          <div key={index} className="space-y-2 rounded-lg bg-slate-50 p-2" data-testid="setting-logo">
            <ImageSlot
              language={language}
              label={logoLabel}
              id={logo.mediaId}
              preview={previews.get(logo.mediaId)}
              onChange={(media) => {
                onPreview(media);
                edit(index, { mediaId: media.id });
              }}
              onRemove={() => {
                onChange(withoutIndex(logos, index));
                requestAnimationFrame(() => opener.current?.focus());
              }}
            />
            {input(index, 'name', logo.name)}
            {input(index, 'url', logo.url)}
            <div className="flex flex-wrap gap-2">
              <MoveButtons
                index={index}
                count={logos.length}
                onMove={(from, to) => onChange(moved(logos, from, to))}
                className={smallButton}
              />
            </div>
          </div>
        );
      })}
      <AddImageButton
        language={language}
        label={t('editor.pickers.addLogo')}
        opener={opener}
        onSelect={(media) => {
          onPreview(media);
          onChange([...logos, { mediaId: media.id, name: media.title, url: '' }]);
        }}
      />
    </fieldset>
  );
}

const ICON_COLUMNS = 3;

/**
 * An icon setting: the chosen icon and a button that opens the icon list, a small modal listbox
 * (arrow keys move, Enter or Space choose, Escape closes only it).
 */
export function IconField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: SocialIcon | null;
  onChange: (icon: SocialIcon | null) => void;
}) {
  const { t } = useTranslation();
  const [Dialog, loadDialog] = useDialogComponent();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const options = useRef<(HTMLDivElement | null)[]>([]);
  const layer = useModalLayer();
  const listId = useId();
  const [active, setActive] = useState(0);
  const name = (icon: SocialIcon) => t(`editor.icons.${icon}`);

  const choose = (icon: SocialIcon) => {
    onChange(icon);
    setOpen(false);
  };
  const focusOption = (index: number) => {
    const next = (index + socialIcons.length) % socialIcons.length;
    setActive(next);
    options.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: ICON_COLUMNS,
      ArrowUp: -ICON_COLUMNS,
    };
    if (event.key in steps) {
      event.preventDefault();
      focusOption(index + (steps[event.key] ?? 0));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      focusOption(event.key === 'Home' ? 0 : socialIcons.length - 1);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(socialIcons[index] ?? 'link');
    }
  };

  return (
    <fieldset className="rounded-xl border border-slate-300 p-3" data-testid="setting-icon">
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      <p className="flex items-center gap-2 text-sm text-slate-800">
        {value ? (
          <>
            <Glyph icon={value} className="h-6 w-6 text-teal-700" />
            {name(value)}
          </>
        ) : (
          t('editor.pickers.noIcon')
        )}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          ref={opener}
          type="button"
          className={openerButton}
          aria-label={`${t('editor.pickers.chooseIcon')}: ${label}`}
          onPointerDown={() => void preloadDialog()}
          onFocus={() => void preloadDialog()}
          onClick={() => {
            void loadDialog();
            setActive(Math.max(0, value ? socialIcons.indexOf(value) : 0));
            setOpen(true);
          }}
        >
          {t('editor.pickers.chooseIcon')}
        </button>
        {value ? (
          <button
            type="button"
            className={smallButton}
            aria-label={`${t('editor.pickers.removeIcon')}: ${label}`}
            onClick={() => {
              onChange(null);
              opener.current?.focus();
            }}
          >
            {t('editor.pickers.removeIcon')}
          </button>
        ) : null}
      </div>
      {open && Dialog ? (
        <Insulated>
          <Dialog
            open={open}
            onOpenChange={setOpen}
            title={t('editor.pickers.iconTitle')}
            closeLabel={t('editor.close')}
            returnFocus={opener}
            container={layer}
            testId="icon-picker"
            focusOnOpen={(content) => {
              const option = content.querySelector<HTMLElement>('[role="option"][tabindex="0"]');
              option?.focus();
              return option !== null;
            }}
          >
            <div
              role="listbox"
              id={listId}
              aria-label={t('editor.pickers.iconList')}
              aria-orientation="horizontal"
              className="grid grid-cols-3 gap-2"
            >
              {socialIcons.map((icon, index) => (
                <div
                  key={icon}
                  ref={(element) => {
                    options.current[index] = element;
                  }}
                  role="option"
                  aria-selected={icon === value}
                  tabIndex={index === active ? 0 : -1}
                  onClick={() => choose(icon)}
                  onKeyDown={(event) => onKeyDown(event, index)}
                  className={`flex cursor-pointer flex-col items-center gap-1 rounded-lg border p-3 text-sm text-slate-800 hover:border-teal-700 focus-visible:outline-2 focus-visible:outline-teal-700 ${icon === value ? 'border-teal-700 bg-teal-50 font-semibold' : 'border-slate-300'}`}
                >
                  <Glyph icon={icon} className="h-7 w-7 text-teal-700" />
                  {name(icon)}
                </div>
              ))}
            </div>
          </Dialog>
        </Insulated>
      ) : null}
    </fieldset>
  );
}

/**
 * A list setting (products, shop categories, blog categories): the chosen entries in order, and a
 * button that opens their picker (search, add several, reorder, remove). A single-choice setting
 * holds one entry.
 */
export function ListField({
  api,
  kind,
  single,
  label,
  ids,
  onChange,
}: {
  api: ApiClient;
  kind: ListKind;
  single: boolean;
  label: string;
  ids: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<PickedItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const source = useRef(listSource(kind, api));
  const initial = useRef(ids);

  useEffect(() => {
    source.current
      .byIds(initial.current)
      .then(setChosen)
      .catch((failure: Error) => setError(failure.message));
  }, []);

  return (
    <fieldset className="rounded-xl border border-slate-300 p-3" data-testid={`setting-list-${kind}`}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{label}</legend>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {t('editor.pickers.loadError', { message: error })}
        </p>
      ) : chosen === null ? (
        <p className="text-sm text-slate-700">{t('editor.pickers.loading')}</p>
      ) : chosen.length === 0 ? (
        <p className="text-sm text-slate-700">{t('editor.pickers.noneChosen')}</p>
      ) : (
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-800" data-testid="setting-list-chosen">
          {chosen.map((item) => (
            <li key={item.id}>{item.title}</li>
          ))}
        </ol>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          ref={opener}
          type="button"
          className={openerButton}
          aria-label={`${t(`editor.pickers.choose.${kind}`)}: ${label}`}
          disabled={chosen === null}
          onPointerDown={() => void preloadDialog()}
          onFocus={() => void preloadDialog()}
          onClick={() => setOpen(true)}
        >
          {t(`editor.pickers.choose.${kind}`)}
        </button>
        {single && chosen && chosen.length > 0 ? (
          <button
            type="button"
            className={smallButton}
            onClick={() => {
              setChosen([]);
              onChange([]);
              opener.current?.focus();
            }}
          >
            {t('editor.pickers.clear')}
          </button>
        ) : null}
      </div>
      {open && chosen ? (
        <Insulated>
          <ListPicker
            kind={kind}
            single={single}
            source={source.current}
            initial={chosen}
            returnFocus={opener}
            onClose={() => setOpen(false)}
            onApply={(items) => {
              setChosen(items);
              onChange(items.map((item) => item.id));
              setOpen(false);
            }}
          />
        </Insulated>
      ) : null}
    </fieldset>
  );
}

function ListPicker({
  kind,
  single,
  source,
  initial,
  returnFocus,
  onClose,
  onApply,
}: {
  kind: ListKind;
  single: boolean;
  source: ReturnType<typeof listSource>;
  initial: PickedItem[];
  returnFocus: React.RefObject<HTMLElement | null>;
  onClose: () => void;
  onApply: (items: PickedItem[]) => void;
}) {
  const { t } = useTranslation();
  const [Dialog, loadDialog] = useDialogComponent();
  const layer = useModalLayer();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<PickedItem[] | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | { error: string }>('idle');
  const [chosen, setChosen] = useState<PickedItem[]>(initial);
  const [announcement, setAnnouncement] = useState('');
  const chosenList = useRef<HTMLOListElement>(null);
  const headingId = useId();

  const search = async (text: string) => {
    setState('loading');
    try {
      setFound(await source.search(text));
      setState('idle');
    } catch (failure) {
      setState({ error: (failure as Error).message });
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first search runs once, on opening
  useEffect(() => {
    void loadDialog();
    void search('');
  }, []);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= chosen.length) return;
    const item = chosen[from];
    setChosen(moved(chosen, from, to));
    if (item)
      setAnnouncement(
        t('editor.pickers.moved', { title: item.title, position: to + 1, count: chosen.length }),
      );
    // Focus stays on the moved entry: on the same arrow, or on the other one at either end.
    requestAnimationFrame(() => {
      const entry = chosenList.current?.children[to];
      const same = entry?.querySelector<HTMLButtonElement>(`[data-move="${to < from ? 'up' : 'down'}"]`);
      const other = entry?.querySelector<HTMLButtonElement>(`[data-move="${to < from ? 'down' : 'up'}"]`);
      (same && !same.disabled ? same : other)?.focus();
    });
  };

  if (!Dialog) return null;
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t(`editor.pickers.title.${kind}`)}
      closeLabel={t('editor.close')}
      returnFocus={returnFocus}
      container={layer}
      layout="wide"
      testId="list-picker"
      footer={
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="rounded-full bg-teal-700 px-5 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
            onClick={() => onApply(chosen)}
          >
            {t('editor.pickers.use', { count: chosen.length })}
          </button>
          <button type="button" className={smallButton} onClick={onClose}>
            {t('editor.cancel')}
          </button>
        </div>
      }
    >
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void search(query);
        }}
      >
        <label className="flex-1 text-sm font-semibold text-slate-800">
          {t('editor.pickers.search')}
          <input
            type="search"
            value={query}
            maxLength={200}
            onChange={(event) => setQuery(event.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 font-normal"
          />
        </label>
        <button type="submit" className={openerButton}>
          {t('editor.pickers.searchButton')}
        </button>
      </form>
      <p role="status" className="mt-2 text-sm text-slate-700">
        {state === 'loading'
          ? t('editor.pickers.loading')
          : typeof state === 'object'
            ? t('editor.pickers.loadError', { message: state.error })
            : found
              ? t('editor.pickers.found', { count: found.length })
              : ''}
      </p>
      <p aria-live="assertive" className="sr-only">
        {announcement}
      </p>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <section aria-labelledby={`${headingId}-found`}>
          <h3 id={`${headingId}-found`} className="font-semibold text-slate-900">
            {t('editor.pickers.results')}
          </h3>
          <ul className="mt-2 space-y-1" data-testid="list-picker-results">
            {(found ?? []).map((item) => {
              const taken = chosen.some((entry) => entry.id === item.id);
              return (
                <li
                  key={item.id}
                  className="flex items-center gap-2 rounded-lg border border-slate-200 px-2 py-1"
                >
                  <span className="min-w-0 flex-1 text-sm text-slate-800">
                    <span className="block truncate font-medium">{item.title}</span>
                    {item.detail ? (
                      <span className="block truncate text-slate-700">{item.detail}</span>
                    ) : null}
                  </span>
                  <button
                    type="button"
                    className={smallButton}
                    disabled={taken}
                    aria-label={t(taken ? 'editor.pickers.takenItem' : 'editor.pickers.addItem', {
                      title: item.title,
                    })}
                    onClick={() => {
                      setChosen(withPicked(chosen, item, single));
                      setAnnouncement(t('editor.pickers.added', { title: item.title }));
                    }}
                  >
                    {taken ? t('editor.pickers.taken') : t('editor.pickers.add')}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
        <section aria-labelledby={`${headingId}-chosen`}>
          <h3 id={`${headingId}-chosen`} className="font-semibold text-slate-900">
            {t('editor.pickers.chosen', { count: chosen.length })}
          </h3>
          <ol ref={chosenList} className="mt-2 space-y-1" data-testid="list-picker-chosen">
            {chosen.map((item, index) => (
              <li
                key={item.id}
                className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-300 px-2 py-1"
              >
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">
                  {index + 1}. {item.title}
                </span>
                {single ? null : (
                  <>
                    <button
                      type="button"
                      data-move="up"
                      className={smallButton}
                      disabled={index === 0}
                      aria-label={t('editor.pickers.moveUp', { title: item.title })}
                      onClick={() => move(index, index - 1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      data-move="down"
                      className={smallButton}
                      disabled={index === chosen.length - 1}
                      aria-label={t('editor.pickers.moveDown', { title: item.title })}
                      onClick={() => move(index, index + 1)}
                    >
                      ↓
                    </button>
                  </>
                )}
                <button
                  type="button"
                  className={smallButton}
                  aria-label={t('editor.pickers.removeItem', { title: item.title })}
                  onClick={() => {
                    setChosen(withoutIndex(chosen, index));
                    setAnnouncement(t('editor.pickers.removed', { title: item.title }));
                  }}
                >
                  {t('editor.pickers.remove')}
                </button>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </Dialog>
  );
}
