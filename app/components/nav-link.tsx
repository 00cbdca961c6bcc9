import { Link } from 'react-router';
import { menuLinkAttributes } from '../../core/links.ts';
import type { NavItem } from '../lib/shell-data.ts';

/** A menu entry: internal links navigate in the app, external ones open as configured (new tab by default). */
export function NavLink({
  item,
  className,
  onClick,
}: {
  item: NavItem;
  className?: string;
  onClick?: () => void;
}) {
  const attributes = menuLinkAttributes({
    href: item.link,
    isExternal: item.isExternal,
    rel: item.rel,
    target: item.target,
  });
  if (attributes.external) {
    return (
      <a
        href={attributes.href}
        rel={attributes.rel}
        target={attributes.target}
        className={className}
        onClick={onClick}
      >
        {item.title}
      </a>
    );
  }
  return (
    <Link to={attributes.href} className={className} onClick={onClick} prefetch="intent">
      {item.title}
    </Link>
  );
}
