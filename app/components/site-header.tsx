import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../core/languages.ts';
import { mediaById } from '../../core/media.ts';
import { localizedPath } from '../../core/route-table.ts';
import { Island } from '../islands/island.tsx';
import type { NavItem, ShellData } from '../lib/shell-data.ts';
import { LanguageList } from './language-list.tsx';
import { useLanguageLinks } from './language-switcher.tsx';
import { NavLink } from './nav-link.tsx';
import { HeartIcon } from './wishlist/wishlist-toggle.tsx';

export function SiteHeader({
  shell,
  language,
  languages,
  user = null,
}: {
  shell: ShellData;
  language: UiLanguage;
  languages: string[];
  user?: AccountUser | null;
}) {
  const { t } = useTranslation();
  const languageLinks = useLanguageLinks(language, languages);
  // While the mobile menu is open the header rises above the cookie banner (z-50), which would cover it.
  return (
    <header
      data-site-header=""
      className="sticky top-0 z-40 border-b border-slate-200 bg-white has-[[data-menu-open]]:z-[60] has-open:z-[60]"
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>
      <div className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3">
        <a
          href={localizedPath('home', language)}
          className="flex shrink-0 items-center"
          aria-label={t('shell.home')}
        >
          {shell.logoMediaId ? (
            <img
              src={mediaById(shell.apiKeyId, shell.logoMediaId, 'LogoSize', 'logo')}
              alt={shell.logoAlt}
              width={120}
              height={60}
              className="h-12 w-auto"
            />
          ) : (
            <span className="text-lg font-bold text-teal-800">{shell.logoAlt}</span>
          )}
        </a>
        <nav aria-label={t('shell.mainNavigation')} className="hidden flex-1 lg:block">
          <ul className="flex flex-wrap items-center gap-1">
            {shell.menus.main.map((item) => (
              <DesktopItem key={item.id} item={item} />
            ))}
          </ul>
        </nav>
        <LanguageList links={languageLinks} className="ml-auto hidden lg:flex" />
        <AccountLinks user={user} language={language} />
        <Island name="cartLink" props={{ language }} />
        <Island name="mobileMenu" props={{ items: shell.menus.main, languageLinks }} />
      </div>
    </header>
  );
}

function DesktopItem({ item }: { item: NavItem }) {
  return (
    <li className="group relative">
      <NavLink
        item={item}
        className="block rounded-md px-3 py-2 font-medium text-slate-700 hover:bg-teal-50 hover:text-teal-800"
      />
      {item.children.length > 0 && (
        <ul className="invisible absolute left-0 top-full z-10 min-w-56 rounded-lg border border-slate-200 bg-white p-2 opacity-0 shadow-lg transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
          {item.children.map((child) => (
            <li key={child.id}>
              <NavLink item={child} className="block rounded px-3 py-2 text-slate-700 hover:bg-teal-50" />
              {child.children.length > 0 && (
                <ul className="ml-3 border-l border-slate-200 pl-2">
                  {child.children.map((grandchild) => (
                    <li key={grandchild.id}>
                      <NavLink
                        item={grandchild}
                        className="block rounded px-3 py-1.5 text-sm text-slate-600 hover:bg-teal-50"
                      />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The logged-in user as the header shows them; `wishlist` is null for back-office users (no wishlist). */
type AccountUser = { name: string; wishlist?: number[] | null };

/**
 * Login link for visitors; the user's name, the wishlist link and a logout form (a POST that works
 * without JavaScript) otherwise.
 */
function AccountLinks({ user, language }: { user: AccountUser | null; language: UiLanguage }) {
  const { t } = useTranslation();
  if (!user)
    return (
      <a
        href={localizedPath('login', language)}
        className="shrink-0 text-sm font-medium text-teal-800 underline-offset-2 hover:underline"
      >
        {t('auth.account.login')}
      </a>
    );
  return (
    <form method="post" action="/logout" className="flex shrink-0 items-center gap-2 text-sm">
      <span className="hidden text-slate-700 sm:inline" data-testid="account-name">
        {t('auth.account.greeting', { name: user.name })}
      </span>
      {user.wishlist ? (
        <a
          href={localizedPath('wishlist', language)}
          className="inline-flex items-center font-medium text-teal-800 underline-offset-2 hover:underline"
          data-testid="wishlist-link"
        >
          {/* On a phone the row also holds logout, the cart and the menu: the heart stands for the text. */}
          <HeartIcon className="h-6 w-6 fill-transparent sm:hidden" />
          <span className="sr-only sm:not-sr-only">{t('wishlist.headerLink')}</span>
        </a>
      ) : null}
      <input type="hidden" name="language" value={language} />
      <button
        type="submit"
        className="rounded border border-slate-300 px-2 py-1 font-medium text-teal-800 hover:bg-slate-50"
      >
        {t('auth.account.logout')}
      </button>
    </form>
  );
}
