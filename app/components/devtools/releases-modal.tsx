import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import type * as contracts from '../../../server/modules/devtools/devtools.contract.ts';
import { showToast } from '../../islands/toast-store.ts';
import { createApiClient, createFetchCaller } from '../../lib/api-client.ts';
import { preloadDialog, useDialogComponent } from '../ui/lazy-dialog.ts';
import {
  opensModal,
  RELEASES_KEY,
  RELEASES_TTL_MS,
  readStamped,
  TAG_KEY,
  tagIsStale,
  writeStamped,
} from './release-cache.ts';

/** The calls without the contracts' zod schemas (islands ship no zod; see cart-calls.ts). */
const latestTagCall = { method: 'get', path: '/v1/_cli/get-latest-tag' } as const satisfies Pick<
  typeof contracts.cliLatestTag,
  'method' | 'path'
> as unknown as typeof contracts.cliLatestTag;
const releasesCall = { method: 'post', path: '/v1/_cli/get-latest-release' } as const satisfies Pick<
  typeof contracts.cliLatestRelease,
  'method' | 'path'
> as unknown as typeof contracts.cliLatestRelease;

type Release = contracts.Release;

/**
 * The project's releases (developer tools, island in the admin header). On load it looks up the newest
 * tag (at most once an hour) and opens by itself when that differs from the tag it saw last; the
 * button opens it any time. The descriptions are the server's sanitized HTML of CHANGELOG.md.
 */
export function ReleasesModal({ language }: { language: UiLanguage }) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [releases, setReleases] = useState<Release[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [Dialog, loadDialog] = useDialogComponent();
  const opener = useRef<HTMLButtonElement>(null);

  const loadReleases = useCallback(async () => {
    const cached = readStamped<Release[]>(RELEASES_KEY);
    if (cached && Date.now() - cached.at < RELEASES_TTL_MS) return cached.value;
    const api = createApiClient(createFetchCaller(), { language });
    const result = await api.call(releasesCall, { body: {} });
    if (result.errored) throw new Error(result.error.message);
    writeStamped(RELEASES_KEY, result.data);
    return result.data;
  }, [language]);

  const show = useCallback(async () => {
    setOpen(true);
    void loadDialog();
    try {
      setReleases(await loadReleases());
      setFailure(null);
    } catch (error) {
      setFailure((error as Error).message);
    }
  }, [loadDialog, loadReleases]);

  useEffect(() => {
    setHydrated(true);
    const cached = readStamped<string>(TAG_KEY);
    if (!tagIsStale(cached)) return;
    const api = createApiClient(createFetchCaller(), { language });
    void api.call(latestTagCall, {}).then((result) => {
      // Specification 001 section 8: a failed version lookup shows its message as a toast.
      if (result.errored) {
        showToast(t('devtools.releases.failed', { message: result.error.message }), { kind: 'error' });
        return;
      }
      writeStamped(TAG_KEY, result.data);
      if (opensModal(cached, result.data)) void show();
    });
  }, [language, show, t]);

  return (
    <>
      <button
        ref={opener}
        type="button"
        hidden={!hydrated}
        aria-haspopup="dialog"
        onClick={() => void show()}
        onPointerDown={preloadDialog}
        onFocus={preloadDialog}
        className="rounded-md border border-white/60 px-3 py-1 text-sm font-medium text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        data-testid="releases-open"
      >
        {t('devtools.releases.open')}
      </button>
      {Dialog && open ? (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={t('devtools.releases.title')}
          description={
            releases?.[0] ? t('devtools.releases.latestTag', { tag: releases[0].tag_name }) : undefined
          }
          closeLabel={t('devtools.releases.close')}
          returnFocus={opener}
          layout="wide"
          testId="releases-modal"
        >
          {failure ? (
            <p role="alert" className="text-red-800">
              {t('devtools.releases.failed', { message: failure })}
            </p>
          ) : releases === null ? null : releases.length === 0 ? (
            <p>{t('devtools.releases.empty')}</p>
          ) : (
            <ReleaseList releases={releases} headingLevel={3} />
          )}
        </Dialog>
      ) : null}
    </>
  );
}

/** Releases with their descriptions (sanitized on the server: rendered as HTML). */
export function ReleaseList({ releases, headingLevel }: { releases: Release[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="space-y-8">
      {releases.map((release) => (
        <li key={`${release.tag_name}-${release.name}`} data-tag={release.tag_name}>
          <Heading className="text-lg font-semibold text-slate-900">{release.name}</Heading>
          <p className="text-xs text-slate-600">{release.tag_name}</p>
          <div
            className="release-notes mt-2 space-y-2 text-sm text-slate-800 [&_a]:text-teal-800 [&_a]:underline [&_li]:ml-5 [&_li]:list-disc"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (sanitize-html allow-list)
            dangerouslySetInnerHTML={{ __html: release.description_html }}
          />
        </li>
      ))}
    </ol>
  );
}
