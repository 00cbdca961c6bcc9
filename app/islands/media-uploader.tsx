import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../core/languages.ts';
import { isRefusalCode, MEDIA_UPLOAD_PATH } from '../../core/media-library.ts';
import type {
  MediaFileFailure,
  MediaItemView,
  MediaUploadResult,
} from '../../server/modules/media/media.contract.ts';
import { formatFileSize } from '../components/media/format-size.ts';

/** Image and document types the library takes; the server checks the content whatever this says. */
export const MEDIA_ACCEPT =
  'image/avif,image/webp,image/jpeg,image/png,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,.rtf,.zip,.odt,.ods,.odp,.odg';

type FileState = {
  key: string;
  name: string;
  size: number;
  /** 0 to 100. */
  percent: number;
  outcome: { stored: MediaItemView } | { failed: MediaFileFailure } | null;
};

export type UploadOutcome = { stored: MediaItemView[]; failed: MediaFileFailure[] };

/**
 * Sends files in one multipart request (one write, however many files) and reports progress per
 * file: the body carries the files in order, so the bytes sent so far say how far along each one is.
 */
export function uploadWithProgress(
  files: File[],
  fields: { folderId: number | null; language: UiLanguage },
  onProgress: (percentByFile: number[]) => void,
): Promise<UploadOutcome> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    if (fields.folderId !== null) form.append('folderId', String(fields.folderId));
    const starts: number[] = [];
    let total = 0;
    for (const file of files) {
      starts.push(total);
      total += file.size;
    }
    const request = new XMLHttpRequest();
    request.open('POST', `/api${MEDIA_UPLOAD_PATH}`);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('language', fields.language);
    if (typeof crypto.randomUUID === 'function')
      request.setRequestHeader('Idempotency-Key', crypto.randomUUID());
    request.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      // The body is slightly larger than the files (part headers): scale the bytes sent to the files.
      const sent = (event.loaded / event.total) * total;
      onProgress(
        files.map((file, index) =>
          file.size === 0
            ? 100
            : Math.max(0, Math.min(100, Math.round(((sent - starts[index]!) / file.size) * 100))),
        ),
      );
    };
    request.onload = () => {
      let body: { data?: MediaUploadResult; error?: { payload?: { message?: string } } } | null = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 200 && body?.data) resolve(body.data);
      else reject(new Error(body?.error?.payload?.message ?? (request.statusText || String(request.status))));
    };
    request.onerror = () => reject(new Error('network'));
    request.send(form);
  });
}

/** Pairs each sent file with its result: the server answers in the order the files were sent. */
function outcomes(files: { name: string }[], result: UploadOutcome): FileState['outcome'][] {
  let stored = 0;
  let failed = 0;
  return files.map((file) => {
    if (result.stored[stored]?.originalName === file.name) return { stored: result.stored[stored++]! };
    if (result.failed[failed]?.name === file.name) return { failed: result.failed[failed++]! };
    return null;
  });
}

export type MediaUploaderProps = {
  language: UiLanguage;
  folderId: number | null;
  maxFiles: number;
  maxFileBytes: number;
  /** With JavaScript, called after an upload instead of offering to reload the page. */
  onUploaded?: (outcome: UploadOutcome) => void;
};

/**
 * The library's upload form (the `mediaUploader` island). Without JavaScript it is a plain multipart
 * form that the screen's action stores; with it, the files go up in one request with a progress bar
 * per file, then each file says whether it was stored or why it was refused.
 */
export function MediaUploader({
  language,
  folderId,
  maxFiles,
  maxFileBytes,
  onUploaded,
}: MediaUploaderProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [files, setFiles] = useState<FileState[]>([]);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  useEffect(() => setReady(true), []);

  const reason = (failure: MediaFileFailure) =>
    t(`media.reasons.${isRefusalCode(failure.code) ? failure.code : 'other'}`);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    if (!ready) return;
    event.preventDefault();
    const chosen = [...(input.current?.files ?? [])];
    if (chosen.length === 0) return setMessage({ text: t('media.noFiles'), error: true });
    if (chosen.length > maxFiles)
      return setMessage({ text: t('media.tooManyFiles', { max: maxFiles }), error: true });
    setBusy(true);
    setMessage({ text: t('media.uploading'), error: false });
    const batch = Date.now();
    setFiles(
      chosen.map((file, index) => ({
        key: `${batch}-${index}`,
        name: file.name,
        size: file.size,
        percent: 0,
        outcome: null,
      })),
    );
    try {
      const result = await uploadWithProgress(chosen, { folderId, language }, (percents) =>
        setFiles((current) =>
          current.map((file, index) => ({ ...file, percent: percents[index] ?? file.percent })),
        ),
      );
      const paired = outcomes(chosen, result);
      setFiles((current) =>
        current.map((file, index) => ({ ...file, percent: 100, outcome: paired[index] ?? null })),
      );
      setMessage({
        text: t('media.uploadDone', { count: result.stored.length }),
        error: result.failed.length > 0,
      });
      if (input.current) input.current.value = '';
      onUploaded?.(result);
    } catch (error) {
      setMessage({ text: t('media.uploadFailed', { message: (error as Error).message }), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      method="post"
      encType="multipart/form-data"
      onSubmit={submit}
      className="space-y-3"
      data-testid="media-upload-form"
    >
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="folderId" value={folderId ?? ''} />
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {t('media.uploadHint', { max: maxFiles, size: formatFileSize(maxFileBytes, language) })}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
          {t('media.chooseFiles')}
          <input
            ref={input}
            type="file"
            name="file"
            multiple
            required
            accept={MEDIA_ACCEPT}
            aria-describedby={`${id}-hint`}
            className="rounded border border-slate-400 bg-white p-2 text-sm"
            data-testid="media-file-input"
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-teal-700 px-5 py-2.5 font-medium text-white hover:bg-teal-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2 disabled:opacity-60"
          data-testid="media-upload-submit"
        >
          {busy ? t('media.uploading') : t('media.uploadButton')}
        </button>
      </div>
      <p
        role="status"
        className={message?.error ? 'text-sm font-medium text-red-800' : 'text-sm text-slate-800'}
        data-testid="media-upload-message"
      >
        {message?.text ?? ''}
      </p>
      {files.length > 0 ? (
        <ul className="space-y-2" data-testid="media-upload-files">
          {files.map((file) => (
            <li key={file.key} className="text-sm" data-testid="media-upload-file">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-medium text-slate-900">{file.name}</span>
                <span className="text-slate-700">{formatFileSize(file.size, language)}</span>
              </div>
              <progress
                max={100}
                value={file.percent}
                aria-label={t('media.progress', { name: file.name, percent: file.percent })}
                className="mt-1 h-2 w-full accent-teal-700"
                data-testid="media-upload-progress"
              />
              {file.outcome ? (
                'stored' in file.outcome ? (
                  <span className="text-teal-900" data-testid="media-upload-outcome" data-outcome="stored">
                    {t('media.fileStored')}
                  </span>
                ) : (
                  <span className="text-red-800" data-testid="media-upload-outcome" data-outcome="failed">
                    {t('media.fileFailed', { reason: reason(file.outcome.failed) })}
                  </span>
                )
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {ready && !onUploaded && files.some((file) => file.outcome && 'stored' in file.outcome) ? (
        <p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="text-sm font-medium text-teal-800 underline underline-offset-2"
            data-testid="media-refresh"
          >
            {t('media.refresh')}
          </button>
        </p>
      ) : null}
    </form>
  );
}
