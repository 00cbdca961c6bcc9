import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { UiLanguage } from '../../core/languages.ts';
import { mediaById } from '../../core/media.ts';
import { localizedPath } from '../../core/route-table.ts';
import type { NavItem, ShellData } from '../lib/shell-data.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { NavLink } from './nav-link.tsx';

export function SiteHeader({
  shell,
  language,
  languages,
}: {
  shell: ShellData;
  language: UiLanguage;
  languages: string[];
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const disclosure = useRef<HTMLDetailsElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // The mobile menu closes on navigation; while it is open the page behind it does not scroll, and
  // Escape closes it and returns focus to its toggle.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run when the path changes
  useEffect(() => setOpen(false), [location.pathname]);
  // Until scripts run the menu is a native disclosure, so it opens without JavaScript; then a button
  // takes over, keeping the menu open if the visitor opened it already.
  useEffect(() => {
    setOpen(disclosure.current?.open ?? false);
    setHydrated(true);
  }, []);
  useEffect(() => {
    document.body.style.overflow = open ? 'hidden' : '';
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = '';
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const menuPanel = (
    <div
      id="mobile-menu"
      className="fixed inset-x-0 bottom-0 top-[4.5rem] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-8 lg:hidden"
    >
      <nav aria-label={t('shell.mainNavigation')}>
        <MobileList items={shell.menus.main} depth={0} />
      </nav>
      <LanguageSwitcher language={language} languages={languages} className="mt-6 flex" />
    </div>
  );

  // While the mobile menu is open the header rises above the cookie banner (z-50), which would cover it.
  return (
    <header
      className={`sticky top-0 border-b border-slate-200 bg-white ${open ? 'z-[60]' : 'z-40 has-open:z-[60]'}`}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>
      <div className="mx-auto flex max-w-6xl items-center gap-6 px-4 py-3">
        <Link
          to={localizedPath('home', language)}
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
        </Link>
        <nav aria-label={t('shell.mainNavigation')} className="hidden flex-1 lg:block">
          <ul className="flex flex-wrap items-center gap-1">
            {shell.menus.main.map((item) => (
              <DesktopItem key={item.id} item={item} />
            ))}
          </ul>
        </nav>
        <LanguageSwitcher language={language} languages={languages} className="ml-auto hidden lg:flex" />
        {hydrated ? (
          <>
            <button
              ref={toggle}
              type="button"
              className="ml-auto rounded-md border border-slate-300 px-3 py-2 text-sm font-medium lg:hidden"
              aria-expanded={open}
              aria-controls="mobile-menu"
              onClick={() => setOpen(!open)}
            >
              {open ? t('shell.closeMenu') : t('shell.menu')}
            </button>
            {open && menuPanel}
          </>
        ) : (
          <details ref={disclosure} className="group ml-auto lg:hidden" data-testid="mobile-menu-disclosure">
            <summary className="cursor-pointer list-none rounded-md border border-slate-300 px-3 py-2 text-sm font-medium [&::-webkit-details-marker]:hidden">
              <span className="group-open:hidden">{t('shell.menu')}</span>
              <span className="hidden group-open:inline">{t('shell.closeMenu')}</span>
            </summary>
            {menuPanel}
          </details>
        )}
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

function MobileList({ items, depth }: { items: NavItem[]; depth: number }) {
  return (
    <ul className={depth === 0 ? 'divide-y divide-slate-100' : 'ml-4 border-l border-slate-200 pl-3'}>
      {items.map((item) => (
        <li key={item.id} className="py-1">
          <NavLink item={item} className="block py-2 font-medium text-slate-800" />
          {item.children.length > 0 && <MobileList items={item.children} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}
