import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../core/languages.ts';
import { isRefusalCode } from '../../core/media-library.ts';
import type * as contracts from '../../server/modules/media/media.contract.ts';
import type { MediaFileFailure, MediaItemView } from '../../server/modules/media/media.contract.ts';
import { formatFileSize } from '../components/media/format-size.ts';
import { createApiClient, createFetchCaller, fetchWithIdempotencyKey } from '../lib/api-client.ts';

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

/** The calls without the contracts' zod schemas (islands ship no zod; see cart-calls.ts). */
const uploadUrlCall = { method: 'post', path: '/v1/cms/file/getUploadUrl' } as const satisfies Pick<
  typeof contracts.fileGetUploadUrl,
  'method' | 'path'
> as unknown as typeof contracts.fileGetUploadUrl;
const addFromBucketCall = { method: 'post', path: '/v1/cms/file/addFromBucket' } as const satisfies Pick<
  typeof contracts.fileAddFromBucket,
  'method' | 'path'
> as unknown as typeof contracts.fileAddFromBucket;

/** PUTs one file to an upload address (the bucket's own, or the shop's), reporting the bytes sent. */
export function putWithProgress(
  url: string,
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new Error(request.statusText || String(request.status)));
    request.onerror = () => reject(new Error('network'));
    request.send(file);
  });
}

/**
 * Uploads through upload addresses (file/getUploadUrl): each file is PUT to its own address with its
 * own progress (straight into the bucket when the shop stores files in S3), then one
 * file/addFromBucket checks and adds them all. Files the server would refuse for their size are
 * refused here without being sent. Two writes, however many files.
 */
export async function uploadWithProgress(
  files: File[],
  fields: { folderId: number | null; language: UiLanguage; maxFileBytes: number },
  onProgress: (percentByFile: number[]) => void,
): Promise<UploadOutcome & { order: (MediaItemView | MediaFileFailure)[] }> {
  const percents = files.map(() => 0);
  const early = new Map<number, MediaFileFailure>();
  const sendable: { file: File; index: number }[] = [];
  for (const [index, file] of files.entries()) {
    if (file.size === 0) early.set(index, { name: file.name, code: 'EMPTY_FILE', message: '' });
    else if (file.size > fields.maxFileBytes)
      early.set(index, { name: file.name, code: 'FILE_TOO_LARGE', message: '' });
    else sendable.push({ file, index });
  }
  const result: UploadOutcome = { stored: [], failed: [] };
  if (sendable.length > 0) {
    const api = createApiClient(createFetchCaller(fetchWithIdempotencyKey), { language: fields.language });
    const urls = await api.call(uploadUrlCall, {
      body: { files: sendable.map(({ file }) => ({ name: file.name, size: file.size })), public: false },
    });
    if (urls.errored) throw new Error(urls.error.message);
    // One at a time, in order: the bytes of one file at once, like the multipart upload.
    for (const [position, { file, index }] of sendable.entries()) {
      await putWithProgress(urls.data.records[position]!.url, file, (percent) => {
        percents[index] = percent;
        onProgress([...percents]);
      });
    }
    const added = await api.call(addFromBucketCall, {
      body: {
        files: sendable.map(({ file }, position) => ({
          key: urls.data.records[position]!.key,
          name: file.name,
        })),
        folderId: fields.folderId,
      },
    });
    if (added.errored) throw new Error(added.error.message);
    result.stored = added.data.stored;
    result.failed = added.data.failed;
  }
  // Back in the order chosen: refused-here files in their places.
  const order: (MediaItemView | MediaFileFailure)[] = [];
  let stored = 0;
  let failed = 0;
  for (const [index, file] of files.entries()) {
    const refused = early.get(index);
    if (refused) order.push(refused);
    else if (result.stored[stored]?.originalName === file.name) order.push(result.stored[stored++]!);
    else if (result.failed[failed]?.name === file.name) order.push(result.failed[failed++]!);
  }
  return {
    stored: result.stored,
    failed: [...early.values(), ...result.failed],
    order,
  };
}

/** Pairs each chosen file with its result (given in the order the files were chosen). */
function outcomes(order: (MediaItemView | MediaFileFailure)[]): FileState['outcome'][] {
  return order.map((entry) => ('code' in entry ? { failed: entry } : { stored: entry }));
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
 * form that the screen's action stores; with it, each file goes to its upload address with a progress
 * bar, then each file says whether it was stored or why it was refused.
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
      const result = await uploadWithProgress(chosen, { folderId, language, maxFileBytes }, (percents) =>
        setFiles((current) =>
          current.map((file, index) => ({ ...file, percent: percents[index] ?? file.percent })),
        ),
      );
      const paired = outcomes(result.order);
      setFiles((current) =>
        current.map((file, index) => ({ ...file, percent: 100, outcome: paired[index] ?? null })),
      );
      setMessage({
        text: t('media.uploadDone', { count: result.stored.length }),
        error: result.failed.length > 0,
      });
      if (input.current) input.current.value = '';
      onUploaded?.({ stored: result.stored, failed: result.failed });
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
