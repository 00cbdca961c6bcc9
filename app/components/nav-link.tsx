import { menuLinkAttributes } from '../../core/links.ts';
import type { NavItem } from '../lib/shell-data.ts';

/** A menu entry: external ones open as configured (new tab by default). Islands render it too. */
export function NavLink({ item, className }: { item: NavItem; className?: string }) {
  const attributes = menuLinkAttributes({
    href: item.link,
    isExternal: item.isExternal,
    rel: item.rel,
    target: item.target,
  });
  if (attributes.external) {
    return (
      <a href={attributes.href} rel={attributes.rel} target={attributes.target} className={className}>
        {item.title}
      </a>
    );
  }
  return (
    <a href={attributes.href} className={className}>
      {item.title}
    </a>
  );
}
