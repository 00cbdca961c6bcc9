import { useTranslation } from 'react-i18next';
import { mediaById } from '../../core/media.ts';
import type { ShellData } from '../lib/shell-data.ts';

/**
 * What every page shows during maintenance: the site's logo and name and the message in the page's
 * language, nothing that leads further into a shop that is not there.
 */
export function MaintenancePage({ shell, siteName }: { shell: ShellData; siteName: string }) {
  const { t } = useTranslation();
  const title = t('maintenance.title');
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-teal-50 px-4 py-16">
      <title>{siteName ? `${title} | ${siteName}` : title}</title>
      <div className="w-full max-w-xl rounded-3xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-teal-100 sm:px-12">
        {shell.logoMediaId ? (
          // The name is written beside the logo, so the image itself is decorative.
          <img
            src={mediaById(shell.apiKeyId, shell.logoMediaId, 'LogoSize', 'logo')}
            alt=""
            width={120}
            height={60}
            className="mx-auto h-15 w-auto"
            data-testid="maintenance-logo"
          />
        ) : null}
        <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-teal-700">{siteName}</p>
        <h1 className="mt-6 text-3xl font-bold text-slate-900">{title}</h1>
        <p className="mt-4 text-lg text-slate-700">{t('maintenance.text')}</p>
      </div>
    </main>
  );
}
