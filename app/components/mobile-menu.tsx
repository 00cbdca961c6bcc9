import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavItem } from '../lib/shell-data.ts';
import { type LanguageLink, LanguageList } from './language-list.tsx';
import { NavLink } from './nav-link.tsx';

/**
 * The header's menu below the desktop breakpoint (an island). Until scripts run it is a native
 * disclosure, so it opens without JavaScript; then a button takes over, keeping the menu open if the
 * visitor opened it already. While it is open the page behind does not scroll, and Escape closes it
 * and returns focus to its toggle.
 */
export function MobileMenu({ items, languageLinks }: { items: NavItem[]; languageLinks: LanguageLink[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const disclosure = useRef<HTMLDetailsElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

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
        <MobileList items={items} depth={0} />
      </nav>
      <LanguageList links={languageLinks} className="mt-6 flex" />
    </div>
  );

  if (!hydrated) {
    return (
      <details ref={disclosure} className="group ml-auto lg:hidden" data-testid="mobile-menu-disclosure">
        <summary className="cursor-pointer list-none rounded-md border border-slate-300 px-3 py-2 text-sm font-medium [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">{t('shell.menu')}</span>
          <span className="hidden group-open:inline">{t('shell.closeMenu')}</span>
        </summary>
        {menuPanel}
      </details>
    );
  }
  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="ml-auto rounded-md border border-slate-300 px-3 py-2 text-sm font-medium lg:hidden"
        aria-expanded={open}
        aria-controls="mobile-menu"
        data-menu-open={open ? '' : undefined}
        onClick={() => setOpen(!open)}
      >
        {open ? t('shell.closeMenu') : t('shell.menu')}
      </button>
      {open && menuPanel}
    </>
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
