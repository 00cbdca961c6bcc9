import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../core/languages.ts';
import { MEDIA_FILTER_PATH } from '../../core/media-library.ts';
import type {
  MediaItemView,
  MediaPage,
  mediaFilterStandard,
} from '../../server/modules/media/media.contract.ts';
import { preloadDialog, useDialogComponent } from '../components/ui/lazy-dialog.ts';
import { createApiClient, createFetchCaller, fetchWithIdempotencyKey } from '../lib/api-client.ts';
import { MediaUploader } from './media-uploader.tsx';

const PAGE_SIZE = 24;
// The path and method only: the contract's schemas (zod) stay on the server.
const filter = { method: 'post', path: MEDIA_FILTER_PATH } as unknown as typeof mediaFilterStandard;

/** What a chosen file gives the screen that asked for it. */
export type PickedMedia = Pick<
  MediaItemView,
  'id' | 'url' | 'thumbnailUrl' | 'title' | 'mime' | 'width' | 'height'
> & {
  /** The alt text in the page's language (the default language's when that one has none). */
  alt: string;
};

export function pickedFrom(item: MediaItemView, language: UiLanguage): PickedMedia {
  const alt = item.texts[language]?.alt || Object.values(item.texts).find((text) => text.alt)?.alt || '';
  return {
    id: item.id,
    url: item.url,
    thumbnailUrl: item.thumbnailUrl,
    title: item.title,
    mime: item.mime,
    width: item.width,
    height: item.height,
    alt,
  };
}

export type MediaPickerProps = {
  language: UiLanguage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (media: PickedMedia) => void;
  /** Only images (section pictures), only documents, or both. */
  kind?: 'image' | 'document';
  /** Focus returns here when the picker closes (the button that opened it). */
  returnFocus?: React.RefObject<HTMLElement | null>;
  /** The element the dialog is portalled into (inside an open native `<dialog>`); the body by default. */
  container?: HTMLElement | null;
};

/**
 * The media modal for other screens (the edit-in-place section settings): search the library, page
 * through it, upload new files with progress, and choose one. A modal dialog (focus kept inside,
 * Escape closes it, focus returns to the opener); its code loads on first use.
 */
export function MediaPicker({
  language,
  open,
  onOpenChange,
  onSelect,
  kind = 'image',
  returnFocus,
  container,
}: MediaPickerProps) {
  const { t } = useTranslation();
  const [Dialog, loadDialog] = useDialogComponent();
  const [query, setQuery] = useState('');
  const [records, setRecords] = useState<MediaItemView[]>([]);
  const [page, setPage] = useState<MediaPage | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | { error: string }>('idle');
  const api = useRef(createApiClient(createFetchCaller(fetchWithIdempotencyKey), { language }));

  const latest = useRef(0);

  const load = useCallback(
    async (search: string, pageNumber: number) => {
      setState('loading');
      // Only the newest request shows: a reload after an upload must not replace a later search.
      const request = ++latest.current;
      const result = await api.current.call(filter, {
        body: { ...(search ? { query: search } : {}), kind, page: pageNumber, limit: PAGE_SIZE },
      });
      if (request !== latest.current) return;
      if (result.errored) return setState({ error: result.error.message });
      setPage(result.data);
      setRecords((current) =>
        pageNumber === 1 ? result.data.records : [...current, ...result.data.records],
      );
      setState('idle');
    },
    [kind],
  );

  useEffect(() => {
    if (!open) return;
    void loadDialog();
    void load('', 1);
  }, [open, load, loadDialog]);

  if (!open || !Dialog) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('media.picker.title')}
      closeLabel={t('media.picker.close')}
      returnFocus={returnFocus}
      container={container}
      layout="wide"
      testId="media-picker"
    >
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void load(query, 1);
        }}
      >
        <label className="flex-1 text-sm font-medium text-slate-800">
          {t('media.searchLabel')}
          <input
            type="search"
            value={query}
            maxLength={200}
            onChange={(event) => setQuery(event.target.value)}
            className="mt-1 w-full rounded border border-slate-400 px-3 py-2"
            data-testid="media-picker-search"
          />
        </label>
        <button
          type="submit"
          className="rounded-full bg-teal-700 px-4 py-2 text-sm font-medium text-white hover:bg-teal-800"
        >
          {t('media.searchButton')}
        </button>
      </form>
      <p role="status" className="mt-2 text-sm text-slate-700">
        {state === 'loading'
          ? t('media.picker.loading')
          : typeof state === 'object'
            ? t('media.picker.error', { message: state.error })
            : page
              ? t('media.total', { count: page.totalRecords })
              : ''}
      </p>
      <ul
        className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6"
        data-testid="media-picker-list"
      >
        {records.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => {
                onSelect(pickedFrom(item, language));
                onOpenChange(false);
              }}
              className="flex w-full flex-col items-center gap-1 rounded border border-slate-200 p-2 text-xs text-slate-800 hover:border-teal-700 focus-visible:outline-2 focus-visible:outline-teal-700"
              aria-label={t('media.picker.choose', { name: item.title || item.originalName })}
              data-testid="media-picker-item"
            >
              {item.thumbnailUrl ? (
                <img src={item.thumbnailUrl} alt="" className="h-20 w-full object-contain" />
              ) : (
                <span className="flex h-20 items-center text-lg font-bold uppercase">{item.extension}</span>
              )}
              <span className="w-full truncate">{item.title || item.originalName}</span>
            </button>
          </li>
        ))}
      </ul>
      {page && page.page < page.totalPages ? (
        <button
          type="button"
          onClick={() => void load(query, page.page + 1)}
          className="mt-3 rounded-full border border-slate-400 px-4 py-2 text-sm font-medium text-slate-800"
        >
          {t('media.picker.more')}
        </button>
      ) : null}
      <div className="mt-6 border-t border-slate-200 pt-4">
        <h3 className="font-semibold text-slate-900">{t('media.uploadHeading')}</h3>
        <MediaUploader
          language={language}
          folderId={null}
          maxFiles={page?.limits.maxFiles ?? 20}
          maxFileBytes={page?.limits.maxFileBytes ?? 0}
          onUploaded={() => void load(query, 1)}
        />
      </div>
    </Dialog>
  );
}

export type MediaPickerFieldProps = {
  language: UiLanguage;
  /** The form field that carries the chosen media id. */
  name: string;
  label: string;
  value: PickedMedia | null;
  kind?: 'image' | 'document';
};

/**
 * A form field holding a media id, with a preview and a button that opens the picker (the
 * `mediaPicker` island). Without JavaScript the current value is still posted with the form.
 */
export function MediaPickerField({ language, name, label, value, kind = 'image' }: MediaPickerFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<PickedMedia | null>(value);
  const [ready, setReady] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => setReady(true), []);
  return (
    <fieldset className="rounded border border-slate-200 p-3" data-testid="media-picker-field">
      <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
      <input type="hidden" name={name} value={chosen?.id ?? ''} />
      {chosen?.thumbnailUrl ? (
        <img
          src={chosen.thumbnailUrl}
          alt={chosen.alt}
          className="h-24 rounded object-contain"
          data-testid="media-picker-preview"
        />
      ) : chosen ? (
        <p className="text-sm text-slate-800">{chosen.title}</p>
      ) : null}
      <button
        ref={opener}
        type="button"
        hidden={!ready}
        onPointerDown={() => void preloadDialog()}
        onFocus={() => void preloadDialog()}
        onClick={() => setOpen(true)}
        className="mt-2 rounded-full border border-teal-700 px-4 py-1.5 text-sm font-medium text-teal-800 hover:bg-teal-50"
        data-testid="media-picker-open"
      >
        {t('media.picker.open')}
      </button>
      <MediaPicker
        language={language}
        open={open}
        onOpenChange={setOpen}
        onSelect={setChosen}
        kind={kind}
        returnFocus={opener}
      />
    </fieldset>
  );
}
