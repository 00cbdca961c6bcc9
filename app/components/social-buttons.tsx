import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import type { SocialProviderName } from '../../server/modules/users/social.contract.ts';

const providerLabel: Record<SocialProviderName, string> = { google: 'Google', facebook: 'Facebook' };

/**
 * The login buttons of the configured social providers (none configured: nothing). Plain links to the
 * social-login screen, which sends the browser on to the provider, so they work without JavaScript.
 */
export function SocialButtons({
  providers,
  language,
  redirectTo,
}: {
  providers: SocialProviderName[];
  language: UiLanguage;
  redirectTo: string;
}) {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  const base = localizedPath('socialLogin', language);
  const href = (provider: SocialProviderName) => {
    const query = new URLSearchParams({ provider });
    if (redirectTo) query.set('redirectTo', redirectTo);
    return `${base}?${query}`;
  };
  return (
    <div className="mt-6">
      <p className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-300" />
        {t('auth.social.or')}
        <span className="h-px flex-1 bg-slate-300" />
      </p>
      <ul className="mt-4 flex flex-col gap-2">
        {providers.map((provider) => (
          <li key={provider}>
            <a
              href={href(provider)}
              rel="nofollow"
              data-provider={provider}
              className="block rounded border border-slate-400 px-4 py-2 text-center font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
            >
              {t('auth.social.continueWith', { provider: providerLabel[provider] })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
