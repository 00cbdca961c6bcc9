import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import type * as devtools from '../../../server/modules/devtools/devtools.contract.ts';
import type * as site from '../../../server/modules/site/site.contract.ts';
import { createApiClient, createFetchCaller, fetchWithIdempotencyKey } from '../../lib/api-client.ts';
import { preloadDialog, useDialogComponent } from '../ui/lazy-dialog.ts';
import { DomainList, type ListedDomain } from './domain-list.tsx';
import { type DomainPick, differsFromForced } from './domain-pick.ts';

/** The calls without the contracts' zod schemas (islands ship no zod; see cart-calls.ts). */
const domainFilterCall = { method: 'post', path: '/v1/settings/domain/filter' } as const satisfies Pick<
  typeof site.domainFilter,
  'method' | 'path'
> as unknown as typeof site.domainFilter;
const getDomainCall = { method: 'get', path: '/v1/_cli/get-domain' } as const satisfies Pick<
  typeof devtools.cliGetDomain,
  'method' | 'path'
> as unknown as typeof devtools.cliGetDomain;
const setDomainCall = { method: 'post', path: '/v1/_cli/set-domain' } as const satisfies Pick<
  typeof devtools.cliSetDomain,
  'method' | 'path'
> as unknown as typeof devtools.cliSetDomain;

type Current = DomainPick;
type Loaded = { domains: ListedDomain[]; current: Current };

/**
 * The domain picker (specification 001: "lists domains, highlights the selected one, and shows a
 * warning if the selection differs from the configured forced domain") as a modal of the admin
 * toolbars, island `domainPicker`. Without JavaScript it is a link to the developer screen, whose
 * list of forms does the same (docs/decisions/0532).
 */
export function DomainPickerModal({ language, pageHref }: { language: UiLanguage; pageHref: string }) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [Dialog, loadDialog] = useDialogComponent();
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => setHydrated(true), []);

  const show = useCallback(async () => {
    setOpen(true);
    setSaved(null);
    void loadDialog();
    const api = createApiClient(createFetchCaller(), { language });
    const [domains, current] = await Promise.all([
      api.call(domainFilterCall, { body: { allSites: true } }),
      api.call(getDomainCall, {}),
    ]);
    if (domains.errored || current.errored) {
      setFailure((domains.errored ? domains.error : current.errored ? current.error : null)?.message ?? '');
      return;
    }
    setFailure(null);
    setLoaded({ domains: domains.data.records, current: current.data });
  }, [language, loadDialog]);

  const choose = async (url: string) => {
    setSaving(url);
    const api = createApiClient(createFetchCaller(fetchWithIdempotencyKey), { language });
    const result = await api.call(setDomainCall, { body: { domain: url } });
    setSaving(null);
    if (result.errored) {
      setFailure(t('devtools.domains.failed'));
      return;
    }
    setFailure(null);
    setSaved(result.data.url);
    setLoaded((before) => (before ? { ...before, current: result.data } : before));
  };

  if (!hydrated)
    return (
      <a href={pageHref} className="rounded text-sm text-white underline underline-offset-2">
        {t('devtools.domains.title')}
      </a>
    );
  const current = loaded?.current;
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        onClick={() => void show()}
        onPointerDown={preloadDialog}
        onFocus={preloadDialog}
        className="rounded-md border border-white/60 px-3 py-1 text-sm font-medium text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        data-testid="domain-picker-open"
      >
        {t('devtools.domains.title')}
      </button>
      {Dialog && open ? (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={t('devtools.domains.title')}
          description={t('devtools.domains.intro')}
          closeLabel={t('devtools.releases.close')}
          returnFocus={opener}
          testId="domain-picker-modal"
        >
          {failure ? (
            <p role="alert" className="mb-3 text-red-800">
              {failure}
            </p>
          ) : null}
          {saved ? (
            <p role="status" className="mb-3 rounded bg-teal-50 px-3 py-2 text-teal-900">
              {t('devtools.domains.saved', { url: saved })}{' '}
              <button
                type="button"
                onClick={() => window.location.reload()}
                className="font-medium underline underline-offset-2"
              >
                {t('devtools.domains.reload')}
              </button>
            </p>
          ) : null}
          {current && differsFromForced(current) ? (
            <p
              className="mb-3 rounded border border-amber-400 bg-amber-50 px-3 py-2 text-amber-950"
              data-testid="domain-picker-warning"
            >
              {t('devtools.domains.forcedWarning', { selected: current.url, forced: current.forcedUrl })}
            </p>
          ) : null}
          {loaded === null ? (
            failure ? null : (
              <p>{t('devtools.domains.loading')}</p>
            )
          ) : loaded.domains.length === 0 ? (
            <p>{t('devtools.domains.empty')}</p>
          ) : (
            <DomainList
              domains={loaded.domains}
              selectedUrl={current?.url}
              itemTestId="domain-picker-item"
              compact
              choose={(domain, className) => (
                <button
                  type="button"
                  disabled={saving !== null}
                  onClick={() => void choose(domain.url)}
                  className={className}
                >
                  {t('devtools.domains.choose', { name: domain.name })}
                </button>
              )}
            />
          )}
        </Dialog>
      ) : null}
    </>
  );
}
